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

it("gives clients a bounded time to send their request", async () => {
  const database = await openTestDatabase();
  const real = await buildApp({ config: testConfig(), database, tokenSecret: TEST_TOKEN_SECRET });
  try {
    expect(real.server.requestTimeout).toBe(30_000);
    expect(real.server.headersTimeout).toBe(10_000);
  } finally {
    await real.close();
    await database.close();
  }
});
