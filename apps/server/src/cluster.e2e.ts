import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { MenuBody, OPERATOR_ROLE, SiteBody } from "@rampart/contracts";
import { count, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./db/client.ts";
import { bizCoupon, bizOrder } from "./db/schema.ts";
import { ledgerMismatches, postEntry } from "./modules/balance/balance-ledger.ts";
import { createUser } from "./testing/accounts.ts";
import { type Cluster, nginxBinary, startCluster } from "./testing/cluster.ts";
import { postOnNewConnection } from "./testing/post-on-new-connection.ts";
import { signInOverHttp } from "./testing/server-process.ts";

// Three server processes on one PostgreSQL database behind nginx (deploy/nginx/rampart.conf,
// round robin): what one process does, every other one knows at once; what is acknowledged
// survives a process killed under load; a rolling restart loses nothing. CI runs it (.ci/run
// installs nginx and gives the tests a PostgreSQL); by hand: `npm run test:cluster`.

const serverUrl = process.env.TEST_DATABASE_URL;
const nginx = nginxBinary();
if (process.env.CI && (!serverUrl || !nginx))
  throw new Error("CI runs the cluster test: it needs PostgreSQL and nginx");

const figures: string[] = [];
let cluster: Cluster;
let db: Database;
let adminToken: string;

/** The rows of a query on the cluster's database (asked directly, to check what was kept). */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;
}

// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read field by field by the checks
type Json = { code: number; msg: string; data?: any; rows?: any[]; total?: number };

async function call(base: string, path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  if (init.body) headers.set("content-type", "application/json");
  const response = await fetch(`${base}${path}`, { ...init, headers });
  const text = await response.text();
  let json: Json | undefined;
  try {
    json = JSON.parse(text) as Json;
  } catch {}
  return { status: response.status, json: json as Json, text };
}

function signIn(username: string, password: string): Promise<string> {
  return signInOverHttp(cluster.baseUrl, username, password);
}

/** A page as a visitor of `host` gets it (fetch cannot set Host). */
function pageFor(base: string, path: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve(body));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * What another process shows after a change: its notification travels beside the answer to the
 * change, so the next request can overtake it by a moment (in practice it arrives first).
 */
const soon = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 2_000, interval: 20 });

/** The status each process answers a signed-in GET with, asked directly (not through nginx). */
const onEveryProcess = (path: string, token: string) =>
  Promise.all(cluster.processUrls().map(async (base) => (await call(base, path, { token })).status));

const orderBody = (key: string, extra: object = {}) =>
  JSON.stringify({
    product: "ddos",
    configuration: "bandwidth=100&duration=month-1",
    action: "new",
    payMethod: "offline",
    idempotencyKey: key,
    ...extra,
  });

describe.skipIf(!serverUrl || !nginx)("three processes behind nginx, on one PostgreSQL database", () => {
  beforeAll(async () => {
    cluster = await startCluster(serverUrl!, 3);
    db = await openDatabase({ databaseUrl: cluster.databaseUrl });
    adminToken = await signIn("admin", cluster.adminPassword);
  }, 120_000);
  afterAll(async () => {
    console.log(`cluster: ${figures.join("; ")}`);
    await db?.close();
    await cluster?.close();
  });

  it("refuses a session on every process right after logout, and after a forced logout", async () => {
    const token = await signIn("admin", cluster.adminPassword);
    expect(await onEveryProcess("/prod-api/system/user/getInfo", token)).toEqual([200, 200, 200]);
    const out = await call(cluster.processUrls()[0]!, "/prod-api/auth/logout", { method: "DELETE", token });
    expect(out.status).toBe(200);
    await soon(() => onEveryProcess("/prod-api/system/user/getInfo", token)).toEqual([401, 401, 401]);

    // Forced out by an administrator on another process.
    const victim = await signIn("admin", cluster.adminPassword);
    expect(await onEveryProcess("/prod-api/system/user/getInfo", victim)).toEqual([200, 200, 200]);
    const online = await call(cluster.processUrls()[1]!, "/prod-api/monitor/online/list", { token: adminToken });
    const sessions = online.json.data as { sessionId: string; loginAt: string }[];
    const newest = sessions.sort((a, b) => b.loginAt.localeCompare(a.loginAt))[0]!;
    const forced = await call(cluster.processUrls()[1]!, `/prod-api/monitor/online/${newest.sessionId}`, {
      method: "DELETE",
      token: adminToken,
    });
    expect(forced.status).toBe(200);
    await soon(() => onEveryProcess("/prod-api/system/user/getInfo", victim)).toEqual([401, 401, 401]);
  });

  it("shows a site's new branding on the next request to every process, public pages included", async () => {
    const ask = (base: string) => call(base, "/prod-api/system/common/getSysByDomain?domainName=demo.localhost");
    const page = (base: string) => pageFor(base, "/index", "demo.localhost");
    // Cached everywhere first (the site record and the rendered page).
    for (const base of cluster.processUrls()) {
      expect((await ask(base)).json.data.company).toBe("Lotus Shield");
      expect(await page(base)).toContain("Lotus Shield");
    }
    const list = await call(cluster.baseUrl, "/prod-api/system/site/list", { token: adminToken });
    const site = (list.json.data as Record<string, unknown>[]).find((s) => s.agentCode === "LOTUS")!;
    const body = Object.fromEntries(Object.keys(SiteBody.properties).map((key) => [key, site[key]]));
    const saved = await call(cluster.processUrls()[2]!, `/prod-api/system/site/${site.siteId}`, {
      method: "PUT",
      token: adminToken,
      body: JSON.stringify({ ...body, company: "Lotus Shield Asia" }),
    });
    expect(saved.status, saved.text).toBe(200);
    for (const base of cluster.processUrls()) {
      await soon(async () => (await ask(base)).json.data.company).toBe("Lotus Shield Asia");
      await soon(() => page(base)).toContain("Lotus Shield Asia");
    }
  });

  it("prices the next order on every process from a price list changed on one", async () => {
    const amounts = async () =>
      Promise.all(
        cluster.processUrls().map(async (base) => {
          const res = await call(base, "/prod-api/order/trade/order/createOrder", {
            method: "POST",
            token: adminToken,
            body: orderBody(randomUUID()),
          });
          return res.json.data.amount as number;
        }),
      );
    const before = await amounts();
    expect(new Set(before).size).toBe(1);
    const read = await call(cluster.baseUrl, "/prod-api/business/catalog/CNY", { token: adminToken });
    const { catalogue, updatedAt } = read.json.data;
    // The monthly price of the package the orders buy (DDoS, enterprise, mainland), up by 1,000.00.
    const enterprise = catalogue.products.ddos.editions.find((e: { code: string }) => e.code === "enterprise");
    enterprise.regions.mainland += 100_000;
    const saved = await call(cluster.processUrls()[0]!, "/prod-api/business/catalog/CNY", {
      method: "PUT",
      token: adminToken,
      body: JSON.stringify({ catalogue, updatedAt }),
    });
    expect(saved.status, saved.text).toBe(200);
    await soon(amounts).toEqual(before.map((amount) => amount + 100_000));
  });

  it("shows a renamed menu and a withdrawn permission on the next request to every process", async () => {
    const menus = await call(cluster.baseUrl, "/prod-api/system/menu/list", { token: adminToken });
    const all = menus.json.data as Record<string, unknown>[];
    const orders = all.find((m) => m.perms === "business:order:list")!;
    const body = Object.fromEntries(Object.keys(MenuBody.properties).map((key) => [key, orders[key]]));
    const renamed = await call(cluster.processUrls()[1]!, `/prod-api/system/menu/${orders.menuId}`, {
      method: "PUT",
      token: adminToken,
      body: JSON.stringify({ ...body, title: { ...(body.title as object), en: "All the orders" } }),
    });
    expect(renamed.status, renamed.text).toBe(200);
    for (const base of cluster.processUrls()) {
      await soon(
        async () => (await call(base, "/prod-api/system/menu/getRouters/en", { token: adminToken })).text,
      ).toContain("All the orders");
    }

    // An operator loses the orders list (and everything else) through a role emptied on one process.
    await createUser(db.db, { userName: "cluster.ops", password: "cluster-ops-pass-1", roles: [OPERATOR_ROLE] });
    const operator = await signIn("cluster.ops", "cluster-ops-pass-1");
    expect(await onEveryProcess("/prod-api/order/trade/order/list", operator)).toEqual([200, 200, 200]);
    const roles = await call(cluster.baseUrl, "/prod-api/system/role/list?pageSize=50", { token: adminToken });
    const role = (roles.json.rows ?? roles.json.data).find((r: { roleKey: string }) => r.roleKey === OPERATOR_ROLE);
    const changed = await call(cluster.processUrls()[2]!, `/prod-api/system/role/${role.roleId}`, {
      method: "PUT",
      token: adminToken,
      body: JSON.stringify({
        roleName: role.roleName,
        sort: role.sort,
        status: role.status,
        menuIds: [],
      }),
    });
    expect(changed.status, changed.text).toBe(200);
    await soon(() => onEveryProcess("/prod-api/order/trade/order/list", operator)).toEqual([403, 403, 403]);
  });

  it("counts a client's sign-in attempts and an account's wrong passwords across processes", async () => {
    // The login limit (30 a minute per address, the default), one client's attempts spread over
    // the three processes (asked directly: nginx, the edge, would put its own address there).
    const answers: number[] = [];
    for (let n = 0; n < 32; n++) {
      const base = cluster.processUrls()[n % 3]!;
      const res = await call(base, "/prod-api/auth/admin/login", {
        method: "POST",
        headers: { "x-forwarded-for": "203.0.113.77" },
        body: JSON.stringify({ username: `nobody${n}`, password: "wrong-password-1" }),
      });
      answers.push(res.status);
    }
    expect(answers.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(answers.slice(30)).toEqual([429, 429]);

    // Five wrong passwords for one account, spread over the processes, lock it everywhere.
    await createUser(db.db, { userName: "cluster.lock", password: "cluster-lock-pass-1" });
    for (const base of [...cluster.processUrls(), ...cluster.processUrls().slice(0, 2)]) {
      const res = await call(base, "/prod-api/auth/admin/login", {
        method: "POST",
        body: JSON.stringify({ username: "cluster.lock", password: "wrong-password-1" }),
      });
      expect(res.status).toBe(400);
    }
    for (const base of cluster.processUrls()) {
      const res = await call(base, "/prod-api/auth/admin/login", {
        method: "POST",
        body: JSON.stringify({ username: "cluster.lock", password: "cluster-lock-pass-1" }),
      });
      expect(res.status).toBe(429);
    }
  });

  it("uses a single-use coupon once when three processes race for it; a retried key returns the same order", async () => {
    await db.db.insert(bizCoupon).values({
      code: "ONCEONLY",
      name: { en: "Once only" },
      rule: { kind: "amount", value: 1_000, currency: "CNY" },
      maxUses: 1,
    });
    const tries = await Promise.all(
      cluster.processUrls().map((base) =>
        call(base, "/prod-api/order/trade/order/createOrder", {
          method: "POST",
          token: adminToken,
          body: orderBody(randomUUID(), { couponCode: "ONCEONLY" }),
        }),
      ),
    );
    expect(tries.filter((t) => t.status === 201)).toHaveLength(1);
    expect(tries.filter((t) => t.status === 400)).toHaveLength(2);

    const key = randomUUID();
    const [first, again] = [
      await call(cluster.processUrls()[0]!, "/prod-api/order/trade/order/createOrder", {
        method: "POST",
        token: adminToken,
        body: orderBody(key),
      }),
      await call(cluster.processUrls()[1]!, "/prod-api/order/trade/order/createOrder", {
        method: "POST",
        token: adminToken,
        body: orderBody(key),
      }),
    ];
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.json.data.orderNo).toBe(first.json.data.orderNo);
  });

  it("spends a balance once when three processes pay orders from it at once (issue 41)", async () => {
    // Forty orders of the administrator's, and a balance that covers twenty-five of them exactly.
    const placed = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(cluster.processUrls()[i % 3]!, "/prod-api/order/trade/order/createOrder", {
          method: "POST",
          token: adminToken,
          body: orderBody(randomUUID()),
        }),
      ),
    );
    const orders = placed.map((answer) => answer.json.data as { orderNo: string; amount: number });
    const [admin] = await rows<{ user_id: number }>(sql`select user_id from sys_user where user_name = 'admin'`);
    const covered = orders.slice(0, 25).reduce((sum, order) => sum + order.amount, 0);
    await postEntry(db.db, {
      userId: admin!.user_id,
      currency: "CNY",
      amount: covered,
      kind: "adjustment",
      reference: "cluster-race",
      madeBy: "admin",
      now: new Date(),
    });
    // Every order paid from it at once, from all three processes, each asked twice. The route
    // allows a client address 30 payments a minute, counted across the processes: the eighty
    // come as from twenty addresses (the processes trust this machine as their proxy), or the race
    // would be the limiter's, not the ledger's.
    const paid = await Promise.all(
      [...orders, ...orders].map((order, i) =>
        call(cluster.processUrls()[i % 3]!, `/prod-api/order/pay/order/payFromBalance/${order.orderNo}`, {
          method: "POST",
          token: adminToken,
          headers: { "x-forwarded-for": `198.51.100.${i % 20}` },
        }),
      ),
    );
    const statuses = paid.map((answer) => answer.status);
    // Paid, or refused as already paid or not covered: nothing else (no 500, no 503, no 429).
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    const paidOrders = new Set(
      paid.filter((answer) => answer.status === 200).map((answer) => answer.json.data.orderNo as string),
    );
    // Each order paid once at most; the balance never below zero and equal to its ledger.
    expect(statuses.filter((status) => status === 200)).toHaveLength(paidOrders.size);
    const [balance] = await rows<{ amount: string }>(
      sql`select amount from biz_balance where user_id = ${admin!.user_id} and currency = 'CNY'`,
    );
    const spent = orders.filter((order) => paidOrders.has(order.orderNo)).reduce((sum, o) => sum + o.amount, 0);
    expect(Number(balance!.amount)).toBe(covered - spent);
    expect(Number(balance!.amount)).toBeGreaterThanOrEqual(0);
    expect(await ledgerMismatches(db.db)).toEqual([]);
    // As many as the money covers: every order left unpaid costs more than what is left.
    const left = orders.filter((order) => !paidOrders.has(order.orderNo));
    expect(left.every((order) => order.amount > Number(balance!.amount))).toBe(true);
    figures.push(`balance race: ${paidOrders.size} of 40 orders paid from the balance by 80 requests on 3 processes`);
  });

  it("tells a console connected to one process of a notice made on another, through nginx (issue 43)", async () => {
    await createUser(db.db, { userName: "nina.notices", password: "Nina-notices-4417" });
    await db.db.execute(sql`update sys_user set email = 'nina@example.test' where user_name = 'nina.notices'`);
    const token = await signIn("nina.notices", "Nina-notices-4417");
    // The stream through the balancer (whichever process it lands on), as the console opens it.
    const controller = new AbortController();
    const stream = await fetch(`${cluster.baseUrl}/prod-api/notifications/stream`, {
      headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = "";
    const notices = () => received.match(/event: notice/g)?.length ?? 0;
    const heard = (async () => {
      while (notices() < 3) {
        const { value, done } = await reader.read();
        if (done) break;
        received += value;
      }
    })();
    // A password change on each process, asked directly: each mails her, and keeps a notice.
    const passwords = ["Nina-notices-4417", "Quartz-lagoon-5821", "Amber-tundra-9034", "Cobalt-prairie-2670"];
    for (const [n, base] of cluster.processUrls().entries()) {
      const changed = await call(base, "/prod-api/system/user/profile/updatePwd", {
        method: "PUT",
        token,
        body: JSON.stringify({ oldPassword: passwords[n], newPassword: passwords[n + 1] }),
      });
      expect(changed.status).toBe(200);
    }
    await heard;
    expect(notices()).toBe(3);
    controller.abort();
    const bell = await call(cluster.baseUrl, "/prod-api/notifications/bell", { token });
    expect(bell.json.data.unread).toBe(3);
  });

  it("runs each scheduled job once per occurrence, whichever process", async () => {
    // Every process schedules the sweeps; the job runner (pg-boss) makes one job per minute of
    // the order closer's schedule, whichever process gets there first. Wait for an occurrence
    // (all three processes have been running since before it), then count.
    const perMinute = () =>
      rows<{ minute: string; jobs: number }>(
        sql`select date_trunc('minute', created_on)::text as minute, count(*)::int as jobs
            from pgboss.job where name = 'close-unpaid-orders' group by 1 order by 1`,
      );
    await expect
      .poll(async () => (await perMinute()).length, { timeout: 150_000, interval: 2_000 })
      .toBeGreaterThanOrEqual(1);
    const minutes = await perMinute();
    expect(minutes.every((m) => m.jobs === 1)).toBe(true);
    figures.push(`order closer: ${minutes.length} occurrences, one job each`);
  }, 180_000);

  /** createOrder from `clients` clients through nginx until `until` resolves; what was answered. */
  async function orderLoad(clients: number, until: Promise<void>) {
    const answered: string[] = [];
    const failures: string[] = [];
    let stop = false;
    void until.then(() => {
      stop = true;
    });
    const client = async () => {
      while (!stop) {
        try {
          const res = await postOnNewConnection(
            `${cluster.baseUrl}/prod-api/order/trade/order/createOrder`,
            orderBody(randomUUID()),
            adminToken,
          );
          if (res.status === 201) answered.push(JSON.parse(res.text).data.orderNo as string);
          else failures.push(`${res.status} ${res.text.slice(0, 100)}`);
        } catch (error) {
          failures.push(`no answer: ${error}`);
        }
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    return { answered, failures };
  }

  async function missingOrders(orderNos: string[]): Promise<number> {
    let found = 0;
    for (let i = 0; i < orderNos.length; i += 1000) {
      const [row] = await db.db
        .select({ n: count() })
        .from(bizOrder)
        .where(inArray(bizOrder.orderNo, orderNos.slice(i, i + 1000)));
      found += Number(row!.n);
    }
    return orderNos.length - found;
  }

  const CLIENTS = 12;
  const enough = (count: () => Promise<number>, n: number) =>
    expect.poll(count, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(n);

  it("keeps every order it answered when a process is killed under load; only requests in flight fail", async () => {
    let release: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = orderLoad(CLIENTS, done);
    const countBefore = async () =>
      Number((await rows<{ n: number }>(sql`select count(*)::int as n from biz_order`))[0]!.n);
    const start = await countBefore();
    await enough(async () => (await countBefore()) - start, 200);
    await cluster.stop(1, "SIGKILL");
    await enough(async () => (await countBefore()) - start, 600);
    release();
    const { answered, failures } = await load;
    await cluster.start(1);
    expect(await missingOrders(answered)).toBe(0);
    // At most one request per client can have been in flight on the killed process.
    expect(failures.length).toBeLessThanOrEqual(CLIENTS);
    figures.push(
      `kill -9 under load: ${answered.length} orders answered, all found; ${failures.length} failed (in flight)`,
    );
  }, 120_000);

  it("answers every request during a rolling restart under load", async () => {
    let release: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const load = orderLoad(CLIENTS, done);
    for (let index = 0; index < 3; index++) {
      // As a deploy does it: out of the balancer (a graceful reload), stopped (it finishes what it
      // has), started, back in once ready.
      await cluster.setInRotation(index, false);
      await cluster.stop(index, "SIGTERM");
      await cluster.start(index);
      await cluster.setInRotation(index, true);
    }
    release();
    const { answered, failures } = await load;
    expect(failures, cluster.nginxLog()).toEqual([]);
    expect(await missingOrders(answered)).toBe(0);
    figures.push(
      `rolling restart of 3 under load: ${answered.length} orders answered, all found, ${failures.length} failed`,
    );
  }, 180_000);
});
