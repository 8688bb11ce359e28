import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";

const TOKEN = "metrics-token-for-the-tests";

describe("GET /metrics", () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await openTestApp({ metricsToken: TOKEN });
    off = await openTestApp();
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  it("is not there unless METRICS_TOKEN is set, and asks for the token when it is", async () => {
    expect((await off.app.inject({ url: "/metrics" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/metrics" })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: "/metrics", headers: { authorization: "Bearer not-the-token-at-all" } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain("rampart_");
  });

  it("shows request durations by route and status, the job queues, orders, mails and the process", async () => {
    await t.app.inject({ url: "/prod-api/health" });
    await t.app.inject({ url: "/prod-api/no-such-thing/42" });
    const res = await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(
      /rampart_http_request_duration_seconds_count\{method="GET",route="\/prod-api\/health",status="200"\} 1/,
    );
    // An unknown URL is one series by its pattern, never by the URL asked.
    expect(text).not.toContain("no-such-thing");
    expect(text).toMatch(/rampart_job_queue_jobs\{queue="mail-delivery",state="failed"\} 0/);
    expect(text).toMatch(/# TYPE rampart_orders gauge/);
    expect(text).toMatch(/# TYPE rampart_mails gauge/);
    expect(text).toMatch(/rampart_process_resident_memory_bytes \d+/);
    expect(text).toMatch(/rampart_nodejs_eventloop_lag_p99_seconds/);
    if (t.database.kind === "postgres") expect(text).toMatch(/rampart_db_pool_connections\{state="idle"\} \d+/);
  });
});
