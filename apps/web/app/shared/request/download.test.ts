// @vitest-environment jsdom
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadLanguage } from "../i18n/i18n";
import { download } from "./download";
import { installFeedback } from "./feedback";
import { configureRequests, RequestError } from "./request-client";

// The browser's "save as" is the one thing a test cannot watch happen: record what it was given.
const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
vi.mock("file-saver", () => ({ saveAs: (blob: Blob, name: string) => saved.push({ blob, name }) }));

let answer: (res: ServerResponse, url: string, body: string) => void;
let server: Server;
let base = "";
let told: string[] = [];
let overlays: { text: string; blocking: boolean }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => answer(res, req.url ?? "", body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prod-api`;
  await loadLanguage("en");
  installFeedback({
    error: (m) => told.push(m),
    notifyError: (m) => told.push(m),
    confirmRelogin: async () => false,
    showLoading: (text, blocking) => {
      overlays.push({ text, blocking });
      return () => {};
    },
    clearErrors: () => {},
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  saved.length = 0;
  told = [];
  overlays = [];
  configureRequests({ baseUrl: () => base, language: () => "en" });
});

describe("download", () => {
  it("saves the file under the given name behind the blocking overlay", async () => {
    answer = (res) => {
      res.writeHead(200, { "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
      res.end(Buffer.from([0x50, 0x4b, 3, 4]));
    };
    await download({ url: "/system/user/export", params: { status: "0" }, fileName: "users.xlsx" });
    expect(saved.map((s) => s.name)).toEqual(["users.xlsx"]);
    expect(saved[0]?.blob.size).toBe(4);
    expect(overlays).toEqual([{ text: "Downloading data, please wait", blocking: true }]);
  });

  it("sends a POST's fields form-encoded and saves a zip as application/zip", async () => {
    let received = "";
    answer = (res, _url, body) => {
      received = body;
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end("zip-bytes");
    };
    await download({ url: "/tool/gen/batchGenCode", method: "POST", params: { tables: "a,b" }, fileName: "code.zip" });
    expect(received).toBe("tables=a%2Cb");
    expect(saved[0]?.blob.type).toBe("application/zip");
  });

  it("shows the API's error instead of saving when the answer is JSON", async () => {
    answer = (res) => {
      res.writeHead(403, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 403, msg: "no" }));
    };
    const error = await download({ url: "/x", fileName: "x.xlsx" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(saved).toEqual([]);
    expect(told).toEqual(["The current operation has no permission"]);
  });

  it("says the download failed when the answer is neither a file nor the API's error", async () => {
    answer = (res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<h1>Bad gateway</h1>");
    };
    await expect(download({ url: "/x", fileName: "x.xlsx" })).rejects.toBeInstanceOf(RequestError);
    expect(saved).toEqual([]);
    expect(told).toEqual(["An error occurred while downloading the file, please contact the administrator!"]);
  });
});
