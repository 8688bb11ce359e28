import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../testing/accounts.ts";
import { openTestApp, type TestApp } from "../testing/test-app.ts";
import type { AccessEntry } from "./access.ts";

let t: TestApp;
let customer: { authorization: string };

beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "matrix-customer", password: "matrix-pass-1" });
  customer = await signIn(t.app, "matrix-customer", "matrix-pass-1");
});
afterAll(() => t.close());

/** A concrete URL for a route pattern (":lang" → en, ":sessionId" → a UUID, other params → x). */
function urlOf(entry: AccessEntry): string {
  return entry.url
    .replace(":lang", "en")
    .replace(":sessionId", "00000000-0000-4000-8000-000000000000")
    .replace(/:(\w+)/g, "x");
}

describe("the authorization matrix, from the server's own route table", () => {
  it("knows every API route and what it asks", () => {
    expect(t.app.accessTable.length).toBeGreaterThan(10);
    for (const entry of t.app.accessTable) expect(entry.access, `${entry.method} ${entry.url}`).toBeDefined();
  });

  it("refuses a server with a route that declares no access", async () => {
    const other = await openTestApp();
    try {
      expect(() => other.app.get("/prod-api/forgot/access", async () => ({}))).toThrow(/declares no access/);
    } finally {
      await other.close();
    }
  });

  it("answers 401 without a token on every route that needs a session", async () => {
    const guarded = t.app.accessTable.filter((e) => e.access !== "public");
    expect(guarded.length).toBeGreaterThan(5);
    for (const entry of guarded) {
      const response = await t.app.inject({ method: entry.method as "GET", url: urlOf(entry) });
      expect(response.statusCode, `${entry.method} ${entry.url}`).toBe(401);
      expect(response.json().code).toBe(401);
    }
  });

  it("answers 403 with a session that lacks the permission, on every permission route", async () => {
    const needsPermission = t.app.accessTable.filter((e) => typeof e.access === "object");
    expect(needsPermission.length).toBeGreaterThan(0);
    for (const entry of needsPermission) {
      const response = await t.app.inject({ method: entry.method as "GET", url: urlOf(entry), headers: customer });
      expect(response.statusCode, `${entry.method} ${entry.url}`).toBe(403);
      expect(response.json()).toEqual({
        code: 403,
        msg: "The current operation has no permission",
        requestId: expect.any(String),
      });
    }
  });

  it("refuses before reading the body", async () => {
    const entry = t.app.accessTable.find((e) => e.method === "DELETE" && typeof e.access === "object")!;
    const response = await t.app.inject({
      method: "DELETE",
      url: urlOf(entry),
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(401);
  });

  it("never reflects an Origin (no CORS)", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/prod-api/health",
      headers: { origin: "https://evil.example" },
    });
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("the client address", () => {
  it("ignores X-Forwarded-For unless the connection comes from a trusted proxy", async () => {
    const direct = await openTestApp();
    const proxied = await openTestApp({ trustedProxies: ["127.0.0.1"] });
    try {
      for (const [app, expected] of [
        [direct, "127.0.0.1"],
        [proxied, "203.0.113.9"],
      ] as const) {
        await app.app.inject({
          method: "POST",
          url: "/prod-api/auth/admin/login",
          remoteAddress: "127.0.0.1",
          headers: { "x-forwarded-for": "203.0.113.9" },
          payload: { username: "ghost", password: "whatever1" },
        });
        const online = await app.database.db.query.sysLoginLog.findFirst();
        expect(online?.ip).toBe(expected);
      }
    } finally {
      await direct.close();
      await proxied.close();
    }
  });
});
