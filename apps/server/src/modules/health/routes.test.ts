import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

it("reports the server up when the database answers", async () => {
  const res = await t.app.inject({ url: "/prod-api/health" });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({
    code: 200,
    msg: "Success",
    data: { status: "up", database: process.env.TEST_DATABASE_URL ? "postgres" : "pglite" },
  });
});

it("reports 503 when the database does not answer", async () => {
  await t.database.close();
  const res = await t.app.inject({ url: "/prod-api/health", headers: { "accept-language": "id-ID" } });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ code: 503, msg: "Basis data tidak merespons" });
});
