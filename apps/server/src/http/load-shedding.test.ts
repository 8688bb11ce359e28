import { connect } from "node:net";
import Fastify from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { TEST_TOKEN_SECRET, testConfig } from "../testing/test-app.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { errorsPlugin } from "./errors.ts";
import { languagePlugin } from "./language.ts";
import { loadSheddingPlugin } from "./load-shedding.ts";
import { RequestsInFlight } from "./requests-in-flight.ts";

// The plugin as the app registers it, around a route that answers only when the test lets it.
const app = Fastify();
const inFlight = new RequestsInFlight();
let release: () => void = () => {};
const held = new Promise<void>((resolve) => {
  release = resolve;
});

beforeAll(async () => {
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(inFlight.plugin);
  await app.register(loadSheddingPlugin, { inFlight, limit: 2 });
  app.get("/prod-api/held", async () => {
    await held;
    return { code: 200 };
  });
  app.get("/prod-api/health", async () => ({ code: 200 }));
  await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => app.close());

it("answers 503 at once beyond its limit, in the caller's language, and keeps answering health checks", async () => {
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const first = fetch(`${base}/prod-api/held`);
  const second = fetch(`${base}/prod-api/held`);
  await expect.poll(() => inFlight.count).toBe(2);

  const refused = await fetch(`${base}/prod-api/held`, { headers: { "accept-language": "zh-TW" } });
  expect(refused.status).toBe(503);
  expect(refused.headers.get("retry-after")).toBe("5");
  expect(await refused.json()).toEqual({ code: 503, msg: "伺服器忙碌中，請幾秒後重試", requestId: expect.any(String) });
  expect((await fetch(`${base}/prod-api/health`)).status).toBe(200);

  release();
  expect((await first).status).toBe(200);
  expect((await second).status).toBe(200);
  expect((await fetch(`${base}/prod-api/held`)).status).toBe(200);
});

it("refuses all but its limit of a burst that arrives at once, while earlier ones are still being authenticated", async () => {
  // As in the app: who is asking is found out (access.ts, registered after load shedding) before
  // the request is counted, and takes a turn of the event loop (a session looked up). A check made
  // before that admitted every request of a burst.
  const burst = Fastify();
  const counted = new RequestsInFlight();
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  await burst.register(languagePlugin);
  await burst.register(errorsPlugin);
  await burst.register(counted.plugin);
  await burst.register(loadSheddingPlugin, { inFlight: counted, limit: 3 });
  burst.addHook("onRequest", async () => {
    await new Promise((resolve) => setImmediate(resolve));
  });
  burst.get("/prod-api/health", async () => ({ code: 200 }));
  burst.get("/prod-api/held", async () => {
    await gate;
    return { code: 200 };
  });
  await burst.listen({ port: 0, host: "127.0.0.1" });
  try {
    // Twelve kept-alive connections, each accepted and answered once already (Node accepts one new
    // connection per turn of the event loop, so only connections it holds can bring a burst), then
    // each sends its request in the same moment.
    const port = (burst.server.address() as { port: number }).port;
    const sockets = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const socket = connect(port, "127.0.0.1");
        await new Promise((resolve) => socket.once("connect", resolve));
        socket.write("GET /prod-api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
        await new Promise((resolve) => socket.once("data", resolve));
        return socket;
      }),
    );
    const answers = sockets.map(
      (socket) =>
        new Promise<number>((resolve) => {
          socket.once("data", (chunk) => {
            resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString())?.[1]));
            socket.destroy();
          });
        }),
    );
    for (const socket of sockets) socket.write("GET /prod-api/held HTTP/1.1\r\nHost: localhost\r\n\r\n");
    // The refused are answered at once, while the admitted still wait.
    await expect.poll(() => counted.count).toBe(3);
    open();
    const statuses = await Promise.all(answers);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 503)).toHaveLength(9);
  } finally {
    await burst.close();
  }
});

it("closes a connection whose request is trickled in past its time", async () => {
  const database = await openTestDatabase();
  const real = await buildApp({
    config: { ...testConfig(), requestTimeoutMs: 1_500 },
    database,
    tokenSecret: TEST_TOKEN_SECRET,
  });
  await real.listen({ port: 0, host: "127.0.0.1" });
  try {
    expect(real.server.headersTimeout).toBe(1_500);
    const port = (real.server.address() as { port: number }).port;
    // A body announced as 100 bytes, sent a byte at a time: the server ends it, it does not wait.
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString()));
      // The server may reset the connection while the trickle still writes: the answer came first.
      socket.on("error", () => {});
      socket.on("end", () => clearInterval(trickle));
      socket.on("close", () => {
        clearInterval(trickle);
        resolve(received);
      });
      socket.write(
        "POST /prod-api/lead/apply HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
      );
      const trickle = setInterval(() => socket.write(" "), 100);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  } finally {
    await real.close();
    await database.close();
  }
}, 20_000);
