// `npm run bench`: starts the built server as `npm start` would and measures, in one run, a bare
// Fastify route served by another process (the baseline: bench-bare-server.mjs), the liveness
// check, domain branding and the rendered home page on loopback (wrk when installed, otherwise
// autocannon: bench-throughput.ts); prints requests per second, p99 latency, each route's ratio to
// the bare route measured just before it, idle and peak memory, and
// start-up time; then a signed-in user's getInfo and getRouters and the login's
// median time. On PostgreSQL too when BENCH_DATABASE_URL is set (an empty database: the first start
// sets the administrator's password). Then the slider captcha's solving time (bench-captcha.ts).
// Last, the operators' lists with 100,000 rows each (bench-lists.ts), on PGlite and, with
// BENCH_DATABASE_URL, in a database of their own made on that PostgreSQL server. Then the platform's
// usage batches received, bucket rows per second (bench-usage.ts), the same way, and last the
// customer's usage page with 200 packages' figures loaded (bench-usage-views.ts).
// Mail is real: an SMTP server in this process (smtp-server) receives what the server sends; the
// orders of the load are the administrator's, with an address, so that each enqueues its mail.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { MailCatcher } from "../apps/server/src/testing/mail-catcher.ts";
import { SERVER_NODE_FLAGS, startServerProcess } from "../apps/server/src/testing/server-process.ts";
import { benchPayFromBalance } from "./bench-balance.ts";
import { benchCaptcha } from "./bench-captcha.ts";
import { benchConsole, benchPublicSite } from "./bench-console.ts";
import { benchLists } from "./bench-lists.ts";
import { benchQuoteEngine, benchQuoteInBrowser } from "./bench-quote.ts";
import { loadTool, type Throughput, throughput } from "./bench-throughput.ts";
import { benchUsage } from "./bench-usage.ts";
import { benchUsageViews } from "./bench-usage-views.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const ADMIN_PASSWORD = "bench-admin-password";
const WARM_UP_SECONDS = 3;
/** Turns the bare route and each route take (see the ratio table). */
const ROUNDS = 3;
const LOGINS = 20;

const routes = [
  { name: "health (liveness)", path: "/prod-api/health", target: undefined, signedIn: false },
  {
    name: "getSysByDomain",
    path: "/prod-api/system/common/getSysByDomain?domainName=demo.localhost",
    target: 0.5,
    signedIn: false,
  },
  { name: "/index (cached page)", path: "/index", target: 0.4, signedIn: false },
  { name: "getInfo (signed in)", path: "/prod-api/system/user/getInfo", target: 0.5, signedIn: true },
  { name: "getRouters (signed in)", path: "/prod-api/system/menu/getRouters/en", target: 0.4, signedIn: true },
] as const;

/** The item whose key is the median of `items` (the upper one of an even count). */
function median<T>(items: T[], key: (item: T) => number): T {
  return [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)]!;
}

/** The bare route in a process of its own: what the ratios divide by. */
async function startBareRoute(): Promise<{ url: string; pid: number; stop(): void }> {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, fileURLToPath(new URL("./bench-bare-server.mjs", import.meta.url))],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (\S+)/.exec(output);
      if (match) resolve(`${match[1]!}/bare`);
    });
    child.once("exit", (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return { url, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}

/** Logs in LOGINS times one after another (argon2id at its real cost); the median and the token. */
async function measureLogin(baseUrl: string): Promise<{ medianMs: number; token: string }> {
  const times: number[] = [];
  let token = "";
  for (let i = 0; i < LOGINS; i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/prod-api/auth/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
    });
    const body = (await response.json()) as { code: number; msg: string; data?: { access_token: string } };
    times.push(performance.now() - started);
    if (!body.data) throw new Error(`bench login failed: ${body.msg} (use an empty database for the benchmark)`);
    token = body.data.access_token;
  }
  times.sort((a, b) => a - b);
  return { medianMs: (times[LOGINS / 2 - 1]! + times[LOGINS / 2]!) / 2, token };
}

const smtp = new MailCatcher();
const DELIVERIES = 20;

const orderBody = (key: string, n: number) =>
  JSON.stringify({
    product: "ddos",
    configuration: `bandwidth=${100 + (n % 10) * 50}&duration=month-1`,
    action: "new",
    payMethod: "offline",
    idempotencyKey: key,
  });

/** Gives the signed-in administrator an address: from now on each of their orders mails them. */
async function giveAddress(baseUrl: string, token: string): Promise<void> {
  const response = await fetch(`${baseUrl}/prod-api/system/user/profile`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ nickName: "Bench", email: "bench@example.com", phonenumber: "" }),
  });
  if (!response.ok) throw new Error(`bench: could not set the address (${response.status})`);
}

/**
 * One order at a time: the time from createOrder's answer (its commit) until its "order placed"
 * mail reaches the SMTP server (a job writes it, another delivers it). Median and worst of DELIVERIES.
 */
async function benchMailDelivery(baseUrl: string, token: string): Promise<void> {
  const times: number[] = [];
  for (let n = 0; n < DELIVERIES; n++) {
    const response = await fetch(`${baseUrl}/prod-api/order/trade/order/createOrder`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: orderBody(`bench-mail-${randomUUID()}`, n),
    });
    const committed = performance.now();
    const { data } = (await response.json()) as { data: { orderNo: string } };
    while (!smtp.mails.some((mail) => mail.text.includes(data.orderNo))) {
      if (performance.now() - committed > 10_000) throw new Error("bench: a mail did not arrive within 10 s");
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    times.push(performance.now() - committed);
  }
  times.sort((a, b) => a - b);
  const median = (times[DELIVERIES / 2 - 1]! + times[DELIVERIES / 2]!) / 2;
  console.log(
    `  mail delivery after commit (order placed → local SMTP), ${DELIVERIES} orders: median ${median.toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms (target: median < 1000 ms)`,
  );
}

/** After the load: how long the outbox takes to deliver the mails of every order it placed. */
async function benchMailDrain(expected: number, startedWith: number, what = "order mails"): Promise<void> {
  const started = performance.now();
  while (smtp.mails.length - startedWith < expected && performance.now() - started < 300_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const delivered = smtp.mails.length - startedWith;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    // Orders whose answers were still on their way when the load stopped are placed (and mailed)
    // too: a few more mails than answered orders is expected.
    `  the load's ${what}: ${delivered} delivered for ${expected} orders answered, ${seconds.toFixed(1)} s after the load ended (${(delivered / Math.max(seconds, 0.001)).toFixed(0)} mails/s)`,
  );
}

/** createOrder under load: every request a new order (its own idempotency key), priced by the server. */
async function benchCreateOrder(baseUrl: string, token: string): Promise<number> {
  let n = 0;
  // Keys of their own in every run: a run on the data of an earlier one must not resubmit its orders.
  const run = randomUUID().slice(0, 8);
  const [result, health] = await Promise.all([
    autocannon({
      url: `${baseUrl}/prod-api/order/trade/order/createOrder`,
      connections,
      duration: seconds,
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      requests: [
        {
          setupRequest: (request) => ({ ...request, body: orderBody(`bench-${run}-${n}`, n++) }),
        },
      ],
    }),
    probe(`${baseUrl}/prod-api/health`),
  ]);
  const errors = result.errors + result.non2xx;
  console.log(
    `  createOrder, its mail enqueued: ${result.requests.average.toFixed(0)} orders/s, p99 ${result.latency.p99} ms (target < 50 ms)${errors ? `, ${errors} errors!` : ", no error"}; ${healthLine(health)}`,
  );
  return result["2xx"];
}

const FLOOD_CONNECTIONS = 500;

/** Asks a URL over one connection from a process of its own (bench-probe.mjs), as a balancer does. */
async function probe(url: string): Promise<{ total: number; latency: { p99: number; max: number }; failed: number }> {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL("./bench-probe.mjs", import.meta.url)), url, String(seconds)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.once("exit", resolve));
  return JSON.parse(output);
}

/** What the one client asking the liveness check saw during a load (target: slowest < 100 ms). */
function healthLine(health: Awaited<ReturnType<typeof probe>>): string {
  return `meanwhile the health check (${health.total} asked): p99 ${health.latency.p99} ms, slowest ${health.latency.max} ms (target < 100 ms)${health.failed ? `, ${health.failed} failed!` : ""}`;
}

/**
 * Overload: a flood of FLOOD_CONNECTIONS on the kept home page while one client asks the liveness
 * check (a balancer's view: it must keep answering fast), then a database-heavy list (the orders,
 * counted and paged) at FLOOD_CONNECTIONS: what is answered, how fast, and how much is refused
 * 503 at once beyond MAX_REQUESTS_IN_FLIGHT instead of queueing without end.
 */
async function benchOverload(baseUrl: string, token: string): Promise<void> {
  const [flood, health] = await Promise.all([
    autocannon({
      url: `${baseUrl}/index`,
      connections: FLOOD_CONNECTIONS,
      duration: seconds,
      headers: { host: "demo.localhost", "accept-encoding": "gzip" },
    }),
    probe(`${baseUrl}/prod-api/health`),
  ]);
  console.log(
    `  /index flooded by ${FLOOD_CONNECTIONS} connections: ${flood.requests.average.toFixed(0)} req/s, p99 ${flood.latency.p99} ms${flood.errors ? `, ${flood.errors} errors` : ""}; ${healthLine(health)}`,
  );
  const [list, listHealth] = await Promise.all([
    autocannon({
      url: `${baseUrl}/prod-api/order/trade/order/list?pageNum=3&pageSize=20`,
      connections: FLOOD_CONNECTIONS,
      duration: seconds,
      headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" },
    }),
    probe(`${baseUrl}/prod-api/health`),
  ]);
  const refused = list["5xx"];
  console.log(
    `  order list (count and page) at ${FLOOD_CONNECTIONS} connections: ${(list["2xx"] / seconds).toFixed(0)} answered/s, p99 ${list.latency.p99} ms, ${refused} refused 503 at once (busy)${list.errors ? `, ${list.errors} errors` : ""}; ${healthLine(listHealth)}`,
  );
}

const BENCH_METRICS_TOKEN = "bench-metrics-token-0123456789";
/** How long the server idles after the loads before its memory is read. */
const IDLE_AFTER_LOAD_MS = 30_000;

/** The V8 heap (used of total) and memory outside it held by JavaScript objects, from /metrics. */
async function heapFigures(baseUrl: string): Promise<string> {
  const text = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } }).then(
    (response) => response.text(),
  );
  const mb = (name: string) =>
    Math.round(Number(new RegExp(`^rampart_${name} (\\S+)`, "m").exec(text)?.[1] ?? 0) / 1e6);
  return `V8 heap ${mb("nodejs_heap_size_used_bytes")} MB used of ${mb("nodejs_heap_size_total_bytes")} MB, external ${mb("nodejs_external_memory_bytes")} MB`;
}

function memoryMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function measure(
  label: string,
  env: Record<string, string>,
  rssTargetMb: number,
  idleTargetMb: number,
  options: { console?: boolean } = {},
) {
  const server = await startServerProcess({
    ...env,
    LOG_LEVEL: "warn",
    ADMIN_PASSWORD,
    SMTP_URL: smtp.url,
    CAPTCHA_ENABLED: "false",
    LOGIN_RATE_LIMIT_PER_MINUTE: "10000",
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    // The pay-from-balance load comes as from many addresses (bench-balance.ts).
    TRUSTED_PROXIES: "127.0.0.1",
  });
  const pid = server.child.pid!;
  try {
    // Warm up once so that start-up work is not counted as idle memory.
    for (const route of routes)
      if (!route.signedIn) await fetch(server.baseUrl + route.path).then((r) => r.arrayBuffer());
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleRss = memoryMb(pid, "VmRSS");
    console.log(`\n${label}`);
    console.log(`  start-up to listening: ${Math.round(server.startupMs)} ms (target < 3000 ms)`);
    console.log(`  idle RSS: ${idleRss} MB (target ≤ ${rssTargetMb} MB)`);
    const login = await measureLogin(server.baseUrl);
    console.log(`  login (argon2id), median of ${LOGINS}: ${login.medianMs.toFixed(0)} ms (target < 300 ms)`);
    const bare = await startBareRoute();
    console.log(
      `  ${"route".padEnd(22)} ${"req/s".padStart(8)} ${"p99 ms".padStart(8)} ${"bare req/s".padStart(11)} ${"ratio".padStart(7)}  ${"CPU µs/req".padStart(10)} ${"bare".padStart(5)}  target`,
    );
    const load = (url: string, headers: Record<string, string>, duration: number, pid?: number) =>
      throughput(tool, url, headers, connections, duration, pid);
    const micros = (result: Throughput) => (result.cpuMicros === undefined ? "-" : result.cpuMicros.toFixed(1));
    try {
      for (const route of routes) {
        const headers = {
          host: route.path.startsWith("/index") ? "demo.localhost" : "localhost",
          "accept-encoding": "gzip",
          ...(route.signedIn ? { authorization: `Bearer ${login.token}` } : {}),
        };
        // Steady state is what is compared: a route's code is optimised by V8 first (the bare
        // route's, which has almost none, is within a fraction of a second).
        await load(bare.url, {}, 1);
        await load(server.baseUrl + route.path, headers, WARM_UP_SECONDS);
        // This machine's speed drifts within a run: the same route measured twice in a row, 5 s
        // each, differed by up to 40%, and the bare route moved between 24,000 and 59,000 req/s in
        // one night. So the bare route and the route take turns, in ROUNDS rounds; each round's
        // ratio compares two figures taken seconds apart, and the table gives their median.
        const rounds: { route: Throughput; bare: Throughput; ratio: number }[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const baseline = await load(bare.url, {}, Math.ceil(seconds / ROUNDS), bare.pid);
          const result = await load(
            server.baseUrl + route.path,
            headers,
            Math.ceil(seconds / ROUNDS),
            server.child.pid,
          );
          rounds.push({ route: result, bare: baseline, ratio: result.rps / baseline.rps });
        }
        const middle = median(rounds, (round) => round.ratio);
        const ratios = rounds.map((round) => round.ratio).sort((a, b) => a - b);
        const errors = rounds.reduce((sum, round) => sum + round.route.errors, 0);
        console.log(
          `  ${route.name.padEnd(22)} ${middle.route.rps.toFixed(0).padStart(8)} ${String(middle.route.p99).padStart(8)} ${middle.bare.rps.toFixed(0).padStart(11)} ${middle.ratio.toFixed(2).padStart(7)}  ${micros(middle.route).padStart(10)} ${micros(middle.bare).padStart(5)}  ${route.target ? `≥ ${route.target}` : "-"}  (rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(", ")})${errors ? `  (${errors} errors!)` : ""}`,
        );
      }
    } finally {
      bare.stop();
    }
    await giveAddress(server.baseUrl, login.token);
    await benchMailDelivery(server.baseUrl, login.token);
    const before = smtp.mails.length;
    const placed = await benchCreateOrder(server.baseUrl, login.token);
    await benchMailDrain(placed, before);
    const beforePayments = smtp.mails.length;
    const payments = await benchPayFromBalance(server.baseUrl, login.token, connections);
    // Their receipts (each with its invoice's PDF) delivered before the next load, and before a
    // restart on the same data would find them still queued ahead of its own mails.
    await benchMailDrain(payments.paid, beforePayments, "receipts");
    await benchOverload(server.baseUrl, login.token);
    console.log(`  peak RSS: ${memoryMb(pid, "VmHWM")} MB`);
    if (options.console) {
      await benchConsole(server.baseUrl, ADMIN_PASSWORD);
      await benchPublicSite(server.baseUrl);
      benchQuoteEngine();
      await benchQuoteInBrowser(server.baseUrl);
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_LOAD_MS));
    console.log(
      `  idle ${IDLE_AFTER_LOAD_MS / 1000} s after the loads: RSS ${memoryMb(pid, "VmRSS")} MB (target ≤ ${idleTargetMb} MB), ${await heapFigures(server.baseUrl)}`,
    );
  } finally {
    await server.stop();
  }
}

const tool = await loadTool();
const dataDir = mkdtempSync(join(tmpdir(), "rampart-bench-"));
await smtp.start();
try {
  console.log(`Rampart benchmark: ${seconds} s per route, ${connections} connections, Node ${process.version}`);
  console.log(
    tool === "wrk"
      ? "The ratio tables' load: wrk."
      : "The ratio tables' load: autocannon, as wrk is not installed (apt-get install wrk): on large answers (the home page) autocannon saturates before the server, and the ratio then measures autocannon.",
  );
  console.log(
    "CPU µs/req: the serving process's CPU time (all its threads) per answered request, in the round shown, for the route and for the bare route; steadier than requests per second on a busy machine.",
  );
  await measure("Embedded PGlite (first start on an empty DATA_DIR)", { DATA_DIR: dataDir }, 600, 700);
  await measure("Embedded PGlite (restart on existing data)", { DATA_DIR: dataDir }, 600, 700, { console: true });
  if (process.env.BENCH_DATABASE_URL) {
    await measure(
      "PostgreSQL (BENCH_DATABASE_URL)",
      {
        DATABASE_URL: process.env.BENCH_DATABASE_URL,
        TOKEN_SECRET: process.env.TOKEN_SECRET ?? "bench-token-secret-bench-token-secret-0123456789",
      },
      250,
      400,
    );
  } else {
    console.log("\nPostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to measure it too)");
  }
  await benchCaptcha();
  await benchLists(process.env.BENCH_DATABASE_URL);
  await benchUsage(process.env.BENCH_DATABASE_URL);
  await benchUsageViews(process.env.BENCH_DATABASE_URL);
} finally {
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
