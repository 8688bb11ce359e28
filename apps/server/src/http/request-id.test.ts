import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await openTestApp({
    trustedProxies: ["10.0.0.1"],
    log: { level: "info", stream: { write: (line) => lines.push(line) } },
  });
});
afterAll(() => t.close());

const badLogin = (headers: Record<string, string>, remoteAddress: string) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/auth/admin/login",
    headers,
    payload: { username: "admin" },
    remoteAddress,
  });

it("gives every answer an id, in its header, in an error's body and in the log line of the request", async () => {
  const res = await badLogin({}, "203.0.113.20");
  const id = res.headers["x-request-id"];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.json()).toMatchObject({ code: 400, requestId: id });
  const line = lines.map((l) => JSON.parse(l)).find((entry) => entry.requestId === id);
  expect(line).toMatchObject({ msg: "request refused", status: 400 });
  expect((await t.app.inject({ url: "/prod-api/health" })).headers["x-request-id"]).not.toBe(id);
});

it("keeps the balancer's X-Request-Id only when the connection comes from a trusted proxy", async () => {
  const fromProxy = await badLogin({ "x-request-id": "nginx-7f3a9c2e41d0" }, "10.0.0.1");
  expect(fromProxy.headers["x-request-id"]).toBe("nginx-7f3a9c2e41d0");
  expect(fromProxy.json().requestId).toBe("nginx-7f3a9c2e41d0");

  const fromAnyone = await badLogin({ "x-request-id": "made-up-by-a-client" }, "203.0.113.21");
  expect(fromAnyone.headers["x-request-id"]).not.toBe("made-up-by-a-client");
  // Nor anything that is not an id, even from the proxy.
  const odd = await badLogin({ "x-request-id": "has spaces\tand tabs" }, "10.0.0.1");
  expect(odd.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});
