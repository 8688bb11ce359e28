import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, nginxBinary, startCluster } from "./testing/cluster.ts";
import { postOnNewConnection } from "./testing/post-on-new-connection.ts";
import { type PrivatePostgres, postgresServerBinaries, startPrivatePostgres } from "./testing/private-postgres.ts";
import { type ServerProcess, signInOverHttp, startServerProcess } from "./testing/server-process.ts";

// PostgreSQL going away under load, as restarts, failovers and idle-connection reapers do it in
// production: every connection ended by the server (pg_terminate_backend), then the server stopped
// and started again. The processes must stay up, answer 503 with Retry-After while it lasts, be
// ready again within seconds of PostgreSQL's return, and keep every order they acknowledged. On a
// PostgreSQL of the test's own (testing/private-postgres.ts), so the machine's server is never
// restarted under the other tests.

const binaries = postgresServerBinaries();
const nginx = nginxBinary();
if (process.env.CI && (!binaries || !nginx)) {
  throw new Error("CI runs the database outage test: it needs PostgreSQL's server programs and nginx");
}

/** How long PostgreSQL stays down in the restart. */
const DOWN_MS = 1_500;
/** The longest a process may take to be ready again once PostgreSQL is back. */
const READY_WITHIN_MS = 5_000;
const CLIENTS = 16;

const figures: string[] = [];
let postgres: PrivatePostgres;

beforeAll(async () => {
  if (binaries) postgres = await startPrivatePostgres();
}, 60_000);
afterAll(async () => {
  if (figures.length) console.log(`database outage: ${figures.join("; ")}`);
  await postgres?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LoadOutcome {
  acknowledged: string[];
  /** Answers that were neither an order nor a 503 with Retry-After, and requests left unanswered. */
  wrong: string[];
  unavailable: number;
  /** Orders acknowledged after `since` (ms on performance.now()). */
  acknowledgedSince(since: number): number;
}

/** Orders placed by `clients` clients at `url` until `stop()`; what was answered. */
function orderLoad(url: string, token: string) {
  const acknowledged: { orderNo: string; at: number }[] = [];
  const wrong: string[] = [];
  let unavailable = 0;
  let stopped = false;
  const client = async () => {
    while (!stopped) {
      const body = JSON.stringify({
        product: "ddos",
        configuration: "bandwidth=100&duration=month-1",
        action: "new",
        payMethod: "offline",
        idempotencyKey: randomUUID(),
      });
      try {
        const res = await postOnNewConnection(`${url}/prod-api/order/trade/order/createOrder`, body, token);
        if (res.status === 201) {
          acknowledged.push({ orderNo: JSON.parse(res.text).data.orderNo as string, at: performance.now() });
        } else if (res.status === 503 && Number(res.headers["retry-after"]) > 0) {
          unavailable++;
          await pause(50);
        } else wrong.push(`${res.status} ${res.text.slice(0, 160)}`);
      } catch (error) {
        wrong.push(`no answer: ${error}`);
        await pause(50);
      }
    }
  };
  const running = Promise.all(Array.from({ length: CLIENTS }, client));
  return {
    acknowledgedCount: () => acknowledged.length,
    async stop(): Promise<LoadOutcome> {
      stopped = true;
      await running;
      return {
        acknowledged: acknowledged.map((order) => order.orderNo),
        wrong,
        unavailable,
        acknowledgedSince: (since) => acknowledged.filter((order) => order.at >= since).length,
      };
    },
  };
}

/** Ends every connection to `database` but the caller's, as an operator's pg_terminate_backend does. */
async function terminateConnections(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    const name = new URL(databaseUrl).pathname.slice(1);
    const { rows } = await admin.query<{ n: number }>(
      "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [name],
    );
    return rows[0]!.n;
  } finally {
    await admin.end();
  }
}

/** Milliseconds until every process answers readiness 200. */
async function readyAgain(processUrls: string[]): Promise<number> {
  const from = performance.now();
  for (const url of processUrls) {
    for (;;) {
      const ready = await fetch(`${url}/prod-api/health/ready`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ready) break;
      if (performance.now() - from > 30_000) throw new Error(`${url} was not ready 30 s after PostgreSQL came back`);
      await pause(25);
    }
  }
  return performance.now() - from;
}

async function missingOrders(databaseUrl: string, orderNos: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ order_no: string }>(
      "select order_no from biz_order where order_no = any($1)",
      [orderNos],
    );
    const found = new Set(rows.map((row) => row.order_no));
    return orderNos.filter((orderNo) => !found.has(orderNo));
  } finally {
    await client.end();
  }
}

/**
 * Under a load of orders at `url`: every connection terminated five times, then PostgreSQL stopped
 * for DOWN_MS and started again; checks what the issue asks and returns the figures.
 */
async function outageUnderLoad(options: {
  url: string;
  token: string;
  databaseUrl: string;
  processUrls: string[];
  running: () => boolean;
  output: () => string;
}): Promise<string> {
  const load = orderLoad(options.url, options.token);
  /** Waits for `n` more acknowledged orders; fails at once with its output when a process stopped. */
  const progressed = async (n: number) => {
    const target = load.acknowledgedCount() + n;
    const from = performance.now();
    while (load.acknowledgedCount() < target) {
      if (!options.running()) throw new Error(`a server process stopped:\n${options.output()}`);
      if (performance.now() - from > 20_000) throw new Error(`no ${n} orders acknowledged in 20 s`);
      await pause(20);
    }
  };
  await progressed(50);
  let terminated = 0;
  for (let round = 0; round < 5; round++) {
    terminated += await terminateConnections(options.databaseUrl);
    await progressed(20);
  }
  expect(options.running(), options.output()).toBe(true);

  await postgres.stop();
  await pause(DOWN_MS);
  await postgres.start();
  const backAt = performance.now();
  const readyMs = await readyAgain(options.processUrls);
  await progressed(50);
  const outcome = await load.stop();

  expect(options.running(), options.output()).toBe(true);
  expect(outcome.wrong, options.output()).toEqual([]);
  expect(outcome.unavailable).toBeGreaterThan(0);
  expect(readyMs).toBeLessThan(READY_WITHIN_MS);
  expect(outcome.acknowledgedSince(backAt)).toBeGreaterThanOrEqual(50);
  expect(await missingOrders(options.databaseUrl, outcome.acknowledged)).toEqual([]);
  return (
    `${terminated} connections terminated in 5 rounds and PostgreSQL down ${DOWN_MS} ms: ` +
    `${outcome.acknowledged.length} orders acknowledged and all kept, ${outcome.unavailable} answered 503, ` +
    `none otherwise; ready ${Math.round(readyMs)} ms after PostgreSQL was back`
  );
}

describe.skipIf(!binaries)("one process on PostgreSQL", () => {
  let server: ServerProcess;
  let databaseUrl: string;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query("create database rampart_single");
    await admin.end();
    databaseUrl = postgres.url.replace(/\/postgres$/, "/rampart_single");
    server = await startServerProcess({
      DATABASE_URL: databaseUrl,
      TOKEN_SECRET: randomBytes(48).toString("base64"),
      ADMIN_PASSWORD: "outage-admin-pass-1",
      CAPTCHA_ENABLED: "false",
      LOG_LEVEL: "fatal",
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("stays up through terminated connections and a restart under load, answers 503 meanwhile, loses no order", async () => {
    const token = await signInOverHttp(server.baseUrl, "admin", "outage-admin-pass-1");
    const figure = await outageUnderLoad({
      url: server.baseUrl,
      token,
      databaseUrl,
      processUrls: [server.baseUrl],
      running: () => server.child.exitCode === null,
      output: () => server.output(),
    });
    figures.push(`one process: ${figure}`);
  }, 120_000);
});

describe.skipIf(!binaries || !nginx)("three processes behind nginx on PostgreSQL", () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster(postgres.url, 3, { LOG_LEVEL: "fatal" });
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
  });

  it("stays up through terminated connections and a restart under load, answers 503 meanwhile, loses no order", async () => {
    const token = await signInOverHttp(cluster.baseUrl, "admin", cluster.adminPassword);
    const figure = await outageUnderLoad({
      url: cluster.baseUrl,
      token,
      databaseUrl: cluster.databaseUrl,
      processUrls: cluster.processUrls(),
      running: () => cluster.exitCodes().every((code) => code === null),
      output: () => cluster.outputs().join("\n----\n"),
    });
    figures.push(`three processes: ${figure}`);
  }, 180_000);
});
