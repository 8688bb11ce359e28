import { Type } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await openTestApp();
  // Two routes that exist only in this test: one that takes a JSON body, one that fails.
  t.app.post(
    "/prod-api/test/echo",
    {
      config: { access: "public" },
      schema: {
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 10 }),
          count: Type.Optional(Type.Integer({ minimum: 1 })),
        }),
      },
    },
    async (request) => ({ code: 200, msg: "ok", data: request.body }),
  );
  t.app.get("/prod-api/test/big", { config: { access: "public" } }, async () => ({
    code: 200,
    msg: "ok",
    data: "lorem ipsum ".repeat(500),
  }));
  t.app.get("/prod-api/test/boom", { config: { access: "public" } }, async () => {
    throw new Error("secret internal detail at /srv/app.ts:42");
  });
});
afterAll(() => t.close());

describe("the envelope and its errors", () => {
  it("answers an unknown API path with a JSON 404, not the web page", async () => {
    const res = await t.app.inject({ url: "/prod-api/nothing/here" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      code: 404,
      msg: "No such interface: GET /prod-api/nothing/here",
      requestId: expect.any(String),
    });
  });

  it("answers a wrong method with 405 and the methods that are allowed", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/prod-api/health" });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("GET");
    expect(res.json().code).toBe(405);
    expect(res.json().msg).toContain("DELETE");
  });

  it("refuses malformed JSON with a clear 400 and keeps serving", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/prod-api/test/echo",
      headers: { "content-type": "application/json" },
      payload: '{"name": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: "The request body is not valid JSON", requestId: expect.any(String) });
    const after = await t.app.inject({ url: "/prod-api/health" });
    expect(after.statusCode).toBe(200);
  });

  it("refuses bodies over 1 MB with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/prod-api/test/echo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 413,
      msg: "The request body is too large (the limit is 1 MB)",
      requestId: expect.any(String),
    });
  });

  it("refuses a content type it does not read with 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/prod-api/test/echo",
      headers: { "content-type": "application/x-unknown" },
      payload: "x",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().msg).toBe("Unsupported content type: application/x-unknown");
  });

  it("names the field that failed validation, in the caller's language", async () => {
    const missing = await t.app.inject({ method: "POST", url: "/prod-api/test/echo", payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 400, msg: "Name is required", requestId: expect.any(String) });

    const tooLong = await t.app.inject({
      method: "POST",
      url: "/prod-api/test/echo",
      headers: { "accept-language": "zh-CN,zh;q=0.9" },
      payload: { name: "abcdefghijk" },
    });
    expect(tooLong.json()).toEqual({ code: 400, msg: "名称长度不能超过 10 个字符", requestId: expect.any(String) });

    const tooSmall = await t.app.inject({
      method: "POST",
      url: "/prod-api/test/echo",
      headers: { "accept-language": "vi" },
      payload: { name: "a", count: 0 },
    });
    expect(tooSmall.json()).toEqual({
      code: 400,
      msg: "Số lượng phải lớn hơn hoặc bằng 1",
      requestId: expect.any(String),
    });
  });

  it("never shows a stack trace or internal detail on a 500", async () => {
    const res = await t.app.inject({ url: "/prod-api/test/boom", headers: { "accept-language": "zh-TW" } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: "系統未知錯誤，請回報給管理員", requestId: expect.any(String) });
    expect(res.body).not.toContain("secret");
  });
});

describe("security headers and compression", () => {
  it("sends the API's JSON a policy that allows nothing, and the other protective headers", async () => {
    const res = await t.app.inject({ url: "/prod-api/health" });
    // JSON runs and loads nothing: no source at all, and no framing by other sites.
    expect(res.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(res.headers["strict-transport-security"]).toContain("max-age=");
    expect(res.headers["x-powered-by"]).toBeUndefined();
    // Headers that govern documents are not repeated on every JSON answer.
    expect(res.headers["referrer-policy"]).toBeUndefined();
    expect(res.headers["cross-origin-opener-policy"]).toBeUndefined();
    // Only the API's own paths: a page whose path merely begins alike gets a document's headers.
    const page = await t.app.inject({ url: "/prod-apix" });
    expect(page.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("sends the API documentation (its pages and their JSON) helmet's whole set, no inline script allowed", async () => {
    const res = await t.app.inject({ url: "/prod-api/docs/json" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("nonce-");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
  });

  it("compresses large answers for clients that accept it", async () => {
    const res = await t.app.inject({ url: "/prod-api/test/big", headers: { "accept-encoding": "gzip" } });
    expect(res.headers["content-encoding"]).toBe("gzip");
  });
});
