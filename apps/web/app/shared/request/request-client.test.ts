// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { removeToken, setToken } from "../auth/token-cookie";
import { loadLanguage } from "../i18n/i18n";
import { LAST_REQUEST_KEY } from "./duplicate-submit";
import { type Feedback, installFeedback } from "./feedback";
import { configureRequests, RequestError, request, resetReloginPrompt } from "./request-client";

/**
 * The request client against a small HTTP server that answers exactly what each test needs:
 * every code of the error catalogue and every transport failure (our own server cannot be made
 * to time out or to answer HTML on demand).
 */
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let handler: Handler;
let server: Server;
let base = "";
const seen: { url: string; headers: IncomingMessage["headers"]; body: string }[] = [];

const json =
  (status: number, body: unknown): Handler =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

let told: string[];
let dialogs: string[];
let loadingShown: number;
const feedbackSpy: Feedback = {
  error: (m) => told.push(`error:${m}`),
  notifyError: (m) => told.push(`notify:${m}`),
  confirmRelogin: async () => {
    dialogs.push("relogin");
    return true;
  },
  showLoading: () => {
    loadingShown++;
    return () => {};
  },
  clearErrors: () => {},
};
const navigations: string[] = [];
let forgotten = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ url: req.url ?? "", headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prod-api`;
  for (const language of ["en", "zh-CN", "vi"] as const) await loadLanguage(language);
  installFeedback(feedbackSpy);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  resetReloginPrompt();
  told = [];
  dialogs = [];
  loadingShown = 0;
  seen.length = 0;
  navigations.length = 0;
  forgotten = 0;
  sessionStorage.clear();
  removeToken();
  configureRequests({
    baseUrl: () => base,
    language: () => "en",
    agentCode: () => "",
    navigate: (to) => navigations.push(to),
    forgetSession: () => forgotten++,
  });
});
afterEach(() => vi.useRealTimers());

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
};

describe("what the request client sends", () => {
  it("sends the token, agent code and language, and flattens GET parameters", async () => {
    handler = json(200, { code: 200, msg: "ok", rows: [] });
    setToken("tok123", 60);
    configureRequests({ agentCode: () => "LOTUS", language: () => "vi" });
    await request({
      url: "/system/user/list",
      params: { pageNum: 2, params: { beginTime: "2026-01-01" }, empty: null },
    });
    const [call] = seen;
    expect(call?.url).toBe("/prod-api/system/user/list?pageNum=2&params[beginTime]=2026-01-01");
    expect(call?.headers.authorization).toBe("Bearer tok123");
    expect(call?.headers["agent-code"]).toBe("LOTUS");
    expect(call?.headers["accept-language"]).toBe("vi");
  });

  it("leaves the token off a token-less request", async () => {
    handler = json(200, { code: 200, msg: "ok" });
    setToken("tok123", 60);
    await request({ url: "/auth/captcha", withToken: false });
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it("resolves with the body when there is no code (a missing code is 200)", async () => {
    handler = json(200, { rows: [1, 2] });
    await expect(request({ url: "/x" })).resolves.toEqual({ rows: [1, 2] });
  });
});

describe("the duplicate-submit guard", () => {
  it("refuses the same POST with the same body within 500 ms, and keeps the last request", async () => {
    handler = json(200, { code: 200, msg: "ok" });
    await request({ url: "/lead/apply", method: "POST", data: { name: "Lan" } });
    const error = await rejection(request({ url: "/lead/apply", method: "POST", data: { name: "Lan" } }));
    expect(error.kind).toBe("duplicate");
    expect(error.message).toBe("Data is being processed, please do not submit repeatedly");
    expect(seen).toHaveLength(1);
    expect(JSON.parse(sessionStorage.getItem(LAST_REQUEST_KEY) ?? "{}")).toMatchObject({
      url: "/lead/apply",
      data: JSON.stringify({ name: "Lan" }),
    });
  });

  it("lets through another body, a GET, a later repeat and an opted-out request", async () => {
    handler = json(200, { code: 200, msg: "ok" });
    await request({ url: "/a", method: "POST", data: { n: 1 } });
    await request({ url: "/a", method: "POST", data: { n: 2 } });
    await request({ url: "/a", method: "PUT", data: { n: 2 }, repeatSubmit: false });
    await request({ url: "/a" });
    await request({ url: "/a" });
    const last = JSON.parse(sessionStorage.getItem(LAST_REQUEST_KEY) ?? "{}");
    sessionStorage.setItem(LAST_REQUEST_KEY, JSON.stringify({ ...last, time: last.time - 600 }));
    await request({ url: "/a", method: "POST", data: { n: 2 } });
    expect(seen).toHaveLength(6);
  });
});

describe("what the user is told", () => {
  it.each([
    [403, "notify:The current operation has no permission"],
    [404, "notify:The resource does not exist"],
    [400, "notify:password is required"],
    [500, "error:The database is not answering"],
  ])("code %i", async (code, expected) => {
    handler = json(code, { code, msg: code === 400 ? "password is required" : "The database is not answering" });
    const error = await rejection(request({ url: "/x" }));
    expect(error.code).toBe(code);
    expect(told).toEqual([expected]);
  });

  it("reads the body's code before the HTTP status", async () => {
    handler = json(200, { code: 403, msg: "nope" });
    await rejection(request({ url: "/x" }));
    expect(told).toEqual(["notify:The current operation has no permission"]);
  });

  it("falls back to the default message when a code has no msg", async () => {
    handler = json(200, { code: 601 });
    await rejection(request({ url: "/x" }));
    expect(told).toEqual(["notify:Unknown system error, please report it to the administrator"]);
  });

  it("keeps a 500 quiet when asked to", async () => {
    handler = json(500, { code: 500, msg: "boom" });
    await rejection(request({ url: "/x", quiet: true }));
    expect(told).toEqual([]);
  });

  it("leaves the refusals the caller shows itself to the caller", async () => {
    handler = json(400, { code: 400, msg: "Unknown placeholder {{foo}}" });
    const error = await rejection(request({ url: "/x", method: "POST", data: {}, quietCodes: [400] }));
    expect(error).toMatchObject({ kind: "code", code: 400, message: "Unknown placeholder {{foo}}" });
    expect(told).toEqual([]);
    handler = json(403, { code: 403, msg: "nope" });
    await rejection(request({ url: "/x", quietCodes: [400] }));
    expect(told).toEqual(["notify:The current operation has no permission"]);
  });

  it("speaks the user's language", async () => {
    handler = json(403, { code: 403, msg: "x" });
    configureRequests({ language: () => "zh-CN" });
    await rejection(request({ url: "/x" }));
    expect(told).toEqual(["notify:当前操作没有权限"]);
  });

  it("says the interface failed when the answer is not JSON", async () => {
    handler = (_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<h1>Bad gateway</h1>");
    };
    const error = await rejection(request({ url: "/x" }));
    expect(error.kind).toBe("http");
    expect(told).toEqual(["error:System interface 502 abnormal"]);
  });

  it("says the backend cannot be reached on a network error", async () => {
    configureRequests({ baseUrl: () => "http://127.0.0.1:1/prod-api" });
    const error = await rejection(request({ url: "/x" }));
    expect(error.kind).toBe("network");
    expect(told).toEqual(["error:Backend interface connection abnormal"]);
  });

  it("stays silent on a timeout (20 s)", async () => {
    handler = () => {}; // never answers
    const timeout = vi
      .spyOn(AbortSignal, "timeout")
      .mockImplementation(() => AbortSignal.abort(new DOMException("t", "TimeoutError")));
    try {
      const error = await rejection(request({ url: "/x" }));
      expect(error.kind).toBe("timeout");
      expect(timeout).toHaveBeenCalledWith(20_000);
      expect(told).toEqual([]);
    } finally {
      timeout.mockRestore();
    }
  });

  it("shows the loading overlay only for requests slower than 500 ms", async () => {
    // The overlay's delay runs on a test clock; the server answers when the test says.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      handler = json(200, { code: 200 });
      await request({ url: "/fast" });
      expect(loadingShown).toBe(0);
      const held: (() => void)[] = [];
      handler = (req, res, body) => held.push(() => json(200, { code: 200 })(req, res, body));
      const slow = async (background: boolean) => {
        const answered = request({ url: "/slow", background });
        while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
        await vi.advanceTimersByTimeAsync(499);
        const before = loadingShown;
        await vi.advanceTimersByTimeAsync(1);
        held.shift()!();
        await answered;
        return [before, loadingShown];
      };
      expect(await slow(false)).toEqual([0, 1]);
      expect(await slow(true)).toEqual([1, 1]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("401", () => {
  it("asks to log in again once, however many calls fail together, then goes to the login page", async () => {
    handler = json(401, { code: 401, msg: "expired" });
    const errors = await Promise.all([rejection(request({ url: "/a" })), rejection(request({ url: "/b" }))]);
    for (const error of errors) {
      expect(error.kind).toBe("expired");
      expect(error.message).toBe("Invalid session or session has expired, please log in again");
    }
    await vi.waitFor(() => expect(navigations).toHaveLength(1));
    // Later failures while the user is on the way to the login page do not ask again.
    await rejection(request({ url: "/c" }));
    expect(dialogs).toEqual(["relogin"]);
    expect(navigations).toHaveLength(1);
    expect(forgotten).toBe(1);
    expect(navigations[0]).toMatch(/^\/admin\/login\?redirect=/);
  });
});
