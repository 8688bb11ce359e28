import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WebhookPoster } from "./webhook-post.ts";

// Endpoints of the test's own: one that answers a body far larger than what is kept, one that
// answers slowly and holds its answer open until the test is done with it.
const SIXTY_FOUR_MB = 64 * 1024 * 1024;
let server: Server;
let base = "";
let written = 0;
let largeClosed: Promise<void> = Promise.resolve();
const held: { request: IncomingMessage; response: ServerResponse }[] = [];
let heldArrived: (() => void) | null = null;

function writeLarge(response: ServerResponse): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, "x");
  written = 0;
  return new Promise((resolve) => {
    response.on("close", resolve);
    response.writeHead(200, { "content-type": "text/plain", "content-length": String(SIXTY_FOUR_MB) });
    const more = () => {
      while (written < SIXTY_FOUR_MB && !response.destroyed) {
        written += chunk.length;
        if (!response.write(chunk)) return void response.once("drain", more);
      }
      response.end();
    };
    more();
  });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    if (request.url === "/large") {
      largeClosed = writeLarge(response);
      return;
    }
    held.push({ request, response });
    heldArrived?.();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  vi.useRealTimers();
});

const arrival = () =>
  held.length > 0
    ? Promise.resolve(held.shift()!)
    : new Promise<(typeof held)[number]>((resolve) => {
        heldArrived = () => {
          heldArrived = null;
          resolve(held.shift()!);
        };
      });
/** Two turns of the event loop: what the server wrote on this machine has been read by the client. */
const turns = async () => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe("a delivery's HTTP exchange", () => {
  it("stops reading an answer once it has the 500 characters it keeps", async () => {
    const poster = new WebhookPoster(true);
    const answer = await poster.post(`${base}/large`, { "content-type": "application/json" }, "{}");
    await largeClosed;
    poster.close();
    expect(answer.statusCode).toBe(200);
    expect(answer.response).toBe("x".repeat(500));
    // The endpoint was cut off long before its 64 MB were all sent.
    expect(written).toBeLessThan(SIXTY_FOUR_MB / 8);
  });

  it("gives the whole exchange one time limit, however slowly the answer trickles", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const poster = new WebhookPoster(true);
    const answer = poster.post(`${base}/slow`, { "content-type": "application/json" }, "{}");
    const { response } = await arrival();
    response.writeHead(200, { "content-type": "text/plain" });
    await new Promise<void>((resolve) => response.write("still", () => resolve()));
    await turns();
    for (let second = 0; second < 9; second++) {
      vi.advanceTimersByTime(1_000);
      await new Promise<void>((resolve) => response.write(".", () => resolve()));
      await turns();
    }
    vi.advanceTimersByTime(1_000);
    // Ten seconds after it began: what the endpoint said so far is kept, and the exchange is over.
    const settled = await answer;
    poster.close();
    expect(settled).toMatchObject({ statusCode: 200, response: "still........." });
  });

  it("gives up on an endpoint that never answers after ten seconds", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const poster = new WebhookPoster(true);
    const answer = poster.post(`${base}/silent`, { "content-type": "application/json" }, "{}");
    await arrival();
    vi.advanceTimersByTime(10_000);
    const settled = await answer;
    poster.close();
    expect(settled).toMatchObject({ statusCode: null, response: "no answer within 10 s" });
  });

  it("refuses an IPv4-compatible address when it connects, even with loopback allowed", async () => {
    const poster = new WebhookPoster(true);
    const port = (server.address() as AddressInfo).port;
    for (const url of [`http://[::7f00:1]:${port}/`, `http://[::ffff:7f00:2]:${port}/`]) {
      const answer = await poster.post(url, { "content-type": "application/json" }, "{}");
      expect(answer.statusCode, url).toBeNull();
      expect(answer.response, url).toMatch(/is not allowed/);
    }
    poster.close();
  });
});
