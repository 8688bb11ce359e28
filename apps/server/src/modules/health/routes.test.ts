import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

it("reports the process up, and ready when its database answers, its schema is current and its jobs run", async () => {
  const live = await t.app.inject({ url: "/prod-api/health" });
  expect(live.statusCode).toBe(200);
  expect(live.json()).toMatchObject({
    code: 200,
    msg: "Success",
    data: { status: "up", database: process.env.TEST_DATABASE_URL ? "postgres" : "pglite" },
  });
  const ready = await t.app.inject({ url: "/prod-api/health/ready" });
  expect(ready.statusCode).toBe(200);
  const { data } = ready.json();
  expect(data).toMatchObject({ status: "ready", database: "up", jobs: "started" });
  expect(data.migrations.applied).toBeGreaterThan(20);
  expect(data.migrations.applied).toBe(data.migrations.expected);
});

it("stays live without its database, is not ready, and answers other requests 503 with Retry-After", async () => {
  await t.database.close();
  // Liveness asks the database nothing: a database in trouble does not make the process look dead.
  expect((await t.app.inject({ url: "/prod-api/health" })).statusCode).toBe(200);

  const ready = await t.app.inject({ url: "/prod-api/health/ready", headers: { "accept-language": "id-ID" } });
  expect(ready.statusCode).toBe(503);
  expect(ready.headers["retry-after"]).toBe("5");
  expect(ready.json()).toMatchObject({
    code: 503,
    msg: "Basis data tidak merespons",
    data: { status: "not-ready", database: "down" },
  });

  // A request that needs the database: a clear 503 to try again, never "unknown system error".
  const login = await t.app.inject({
    method: "POST",
    url: "/prod-api/auth/admin/login",
    headers: { "accept-language": "vi" },
    payload: { username: "admin", password: "whatever-password" },
  });
  expect(login.statusCode).toBe(503);
  expect(login.headers["retry-after"]).toBe("5");
  expect(login.json()).toEqual({
    code: 503,
    msg: "Dịch vụ tạm gián đoạn, vui lòng thử lại sau vài giây",
    requestId: expect.any(String),
  });
});
