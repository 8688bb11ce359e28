import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNT_AHEAD } from "../../db/capped-count.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
const as: Record<string, Record<string, string>> = {};
const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });

beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
  as.nina = await signIn(t.app, "nina", "nina-pass-12");
  as.lotus = await signInDemoSiteOperator(t.app, t.database.db);
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  // A failed attempt with a wrong password, and one with a name nobody has.
  await t.app.inject({
    method: "POST",
    url: "/prod-api/auth/admin/login",
    remoteAddress: "198.51.100.7",
    payload: { username: "nina", password: "not-her-password" },
  });
  await t.app.inject({
    method: "POST",
    url: "/prod-api/auth/admin/login",
    payload: { username: "mallory", password: "guessing-123" },
  });
});
afterAll(() => t.close());

describe("the login log", () => {
  const rows = async (query: string, headers = as.admin!) => {
    const response = await get(`/prod-api/monitor/logininfor/list?${query}`, headers);
    expect(response.statusCode).toBe(200);
    return response.json() as { total: number; rows: { userName: string; success: boolean; message: string }[] };
  };

  it("lists every attempt, newest first, and filters by name, address, outcome and day", async () => {
    const all = await rows("");
    expect(all.total).toBe(5);
    expect(all.rows[0]).toMatchObject({ userName: "mallory", success: false, message: "login_bad_credentials" });
    expect((await rows("userName=NIN")).rows.map((r) => r.success)).toEqual([false, true]);
    expect((await rows("ip=198.51.100")).rows.map((r) => r.userName)).toEqual(["nina"]);
    expect((await rows("outcome=failure")).total).toBe(2);
    expect((await rows("outcome=success")).rows.map((r) => r.userName)).toEqual(["admin", "lotus.ops", "nina"]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await rows(`beginTime=${today}&endTime=${today}`)).total).toBe(5);
    expect((await rows("endTime=2020-01-01")).total).toBe(0);
    expect((await rows("pageSize=10&userName=%25")).total).toBe(0);
  });

  it("shows an operator bound to a site only the attempts on that site's accounts", async () => {
    const seen = await rows("", as.lotus);
    expect(seen.rows.map((r) => r.userName)).toEqual(["lotus.ops"]);
  });

  it("refuses a malformed day and a customer", async () => {
    expect((await get("/prod-api/monitor/logininfor/list?beginTime=yesterday", as.admin!)).statusCode).toBe(400);
    expect((await get("/prod-api/monitor/logininfor/list", as.nina!)).statusCode).toBe(403);
  });
});

describe("online users", () => {
  it("shows an operator bound to a site only that site's sessions, and lets them force out no one else", async () => {
    const theirs = (await get("/prod-api/monitor/online/list", as.lotus!)).json().data as {
      sessionId: string;
      userName: string;
    }[];
    expect(theirs.map((s) => s.userName)).toEqual(["lotus.ops"]);
    const everyone = (await get("/prod-api/monitor/online/list", as.admin!)).json().data as typeof theirs;
    expect(everyone.map((s) => s.userName).sort()).toEqual(["admin", "lotus.ops", "nina"]);
    const admin = everyone.find((s) => s.userName === "admin")!;
    const refused = await t.app.inject({
      method: "DELETE",
      url: `/prod-api/monitor/online/${admin.sessionId}`,
      headers: as.lotus!,
    });
    expect(refused.statusCode).toBe(404);
    expect((await get("/prod-api/system/user/getInfo", as.admin!)).statusCode).toBe(200);
  });
});

describe("the server status", () => {
  it("reports the version, uptime, processor, memory, database and sessions", async () => {
    const response = await get("/prod-api/monitor/server", as.admin!);
    expect(response.statusCode).toBe(200);
    const status = response.json().data;
    expect(status.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(status.node).toBe(process.version);
    expect(status.cpu.cores).toBeGreaterThan(0);
    expect(status.cpu.loadAverage).toHaveLength(3);
    expect(status.memory.processRss).toBeGreaterThan(status.memory.heapUsed);
    expect(status.memory.systemTotal).toBeGreaterThan(status.memory.systemFree);
    expect(status.database).toMatchObject({ healthy: true });
    expect(["embedded", "postgresql"]).toContain(status.database.kind);
    expect(status.database.sizeBytes).toBeGreaterThan(0);
    expect(status.sessions).toBe(3);
    expect(status.uploads).toEqual({ files: 0, bytes: 0, quotaMb: 50, topUsers: [] });
    // No reconciliation of the balances has run yet.
    expect(status.balanceReconciliation).toBeNull();
    // The job runner's queues, with what waits, runs and failed.
    expect(status.jobs.map((queue: { name: string }) => queue.name).sort()).toEqual([
      "balance-auto-renewal",
      "balance-low",
      "balance-reconciliation",
      "certificate-daily",
      "certificate-issue",
      "close-unpaid-orders",
      "mail-delivery",
      "monitor-check",
      "monitor-due",
      "monitor-hours",
      "notice-digests",
      "order-mail",
      "order-mails",
      "overage-billing",
      "password-reset-request",
      "service-lifecycle",
      "sweep-expired-tokens",
      "sweep-unreferenced-uploads",
      "ticket-pages",
      "tls-check",
      "usage-alerts",
      "usage-upkeep",
      "webhook-delivery",
    ]);
    expect(status.jobs.find((queue: { name: string }) => queue.name === "mail-delivery")).toEqual({
      name: "mail-delivery",
      queued: 0,
      active: 0,
      failed: 0,
      total: 0,
    });
    const { sysFile, sysUser } = await import("../../db/schema.ts");
    const [nina] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, "nina"));
    await t.database.db.insert(sysFile).values(
      [1200, 800].map((size, i) => ({
        fileId: `00000000-0000-4000-8000-00000000000${i}`,
        ownerId: nina!.userId,
        contentType: "image/png",
        extension: "png",
        size,
        content: Buffer.alloc(size),
      })),
    );
    const uploads = (await get("/prod-api/monitor/server", as.admin!)).json().data.uploads;
    expect(uploads).toEqual({
      files: 2,
      bytes: 2000,
      quotaMb: 50,
      topUsers: [{ userName: "nina", files: 2, bytes: 2000 }],
    });
    expect((await get("/prod-api/monitor/server", as.nina!)).statusCode).toBe(403);
  });
});

describe("the API documentation", () => {
  it("serves an OpenAPI document of the API's routes, with what each asks of the caller", async () => {
    const response = await get("/prod-api/docs/json", {});
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths);
    expect(paths.every((path) => path.startsWith("/prod-api/") && !path.startsWith("/prod-api/docs"))).toBe(true);
    const list = document.paths["/prod-api/monitor/logininfor/list"].get;
    expect(list.description).toContain("monitor:logininfor:list");
    expect(list.security).toEqual([{ bearer: [] }]);
    expect(list.parameters.map((p: { name: string }) => p.name)).toContain("outcome");
    expect(document.paths["/prod-api/lead/apply"].post.security).toBeUndefined();
  });

  it("shows the documentation page", async () => {
    const response = await get("/prod-api/docs", {});
    const page = response.statusCode === 302 ? await get(response.headers.location as string, {}) : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
  });
});

describe("the operation log", () => {
  const coupon = {
    code: "AUDIT20",
    name: { en: "20% off for the audit" },
    kind: "percent",
    value: 20,
    products: ["waf"],
    validFrom: "2027-03-01T00:00:00.000Z",
    validUntil: "2027-05-31T23:59:59.000Z",
    perCustomer: 1,
  };
  type Row = {
    module: string;
    route: string;
    target: Record<string, unknown>;
    userName: string;
    statusCode: number;
    error: string;
    body: Record<string, unknown> | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  };
  const rows = async (query: string, headers = as.admin!) => {
    const response = await get(`/prod-api/monitor/operlog/list?${query}`, headers);
    expect(response.statusCode).toBe(200);
    return response.json() as { total: number; rows: Row[] };
  };

  beforeAll(async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/coupon",
      headers: as.admin!,
      payload: coupon,
    });
    const couponId = created.json().data.couponId as number;
    await t.app.inject({
      method: "PUT",
      url: `/prod-api/order/coupon/${couponId}`,
      headers: as.admin!,
      payload: { ...coupon, value: 25 },
    });
    // The site's operator may not remove coupons: refused, and logged as refused.
    await t.app.inject({
      method: "DELETE",
      url: `/prod-api/order/coupon/${couponId}`,
      headers: as.lotus!,
    });
    await t.app.inject({
      method: "PUT",
      url: "/prod-api/system/user/profile/updatePwd",
      headers: as.nina!,
      payload: { oldPassword: "not-her-password", newPassword: "a-new-secret-99" },
    });
  });

  it("keeps every change with who, the route, the record, and the record before and after", async () => {
    const all = await rows("");
    expect(all.rows.map((r) => r.route)).toEqual([
      "PUT /prod-api/system/user/profile/updatePwd",
      "DELETE /prod-api/order/coupon/:couponId",
      "PUT /prod-api/order/coupon/:couponId",
      "POST /prod-api/order/coupon",
      "DELETE /prod-api/monitor/online/:sessionId", // the refused forced logout above
    ]);
    const [password, refused, edit, create] = all.rows as [Row, Row, Row, Row];
    expect(edit).toMatchObject({ module: "order", userName: "admin", statusCode: 200, error: "" });
    expect(edit.target).toEqual({ couponId: expect.any(Number) });
    expect(edit.before).toMatchObject({ code: "AUDIT20", value: 20 });
    expect(edit.after).toMatchObject({ code: "AUDIT20", value: 25 });
    expect(create.before).toBeNull();
    expect(create.after).toMatchObject({ value: 20 });
    expect(refused).toMatchObject({ userName: "lotus.ops", statusCode: 403, before: null, after: null });
    expect(refused.error).not.toBe("");
    // Secrets are never kept.
    expect(password.body).toEqual({ oldPassword: "******", newPassword: "******" });
    expect(JSON.stringify(all)).not.toContain("a-new-secret-99");
  });

  it("filters by user, module and outcome, and shows a site's operator only their site's changes", async () => {
    expect((await rows("outcome=failure")).rows.map((r) => r.statusCode)).toEqual([400, 403, 404]);
    expect((await rows("module=order&outcome=success")).total).toBe(2);
    expect((await rows("userName=NINA")).total).toBe(1);
    expect((await rows("", as.lotus)).rows.map((r) => r.userName)).toEqual(["lotus.ops", "lotus.ops"]);
    expect((await get("/prod-api/monitor/operlog/list?module=or%20der", as.admin!)).statusCode).toBe(400);
    expect((await get("/prod-api/monitor/operlog/list", as.nina!)).statusCode).toBe(403);
  });

  it("does not log reading, or signing in", async () => {
    expect((await rows("")).rows.every((r) => !r.route.startsWith("GET") && !r.route.includes("/auth/"))).toBe(true);
  });
});

describe("a long operation log", () => {
  const bulk = async (query: string) => {
    const response = await get(`/prod-api/monitor/operlog/list?module=bulk&${query}`, as.admin!);
    expect(response.statusCode).toBe(200);
    return response.json() as { total: number; totalCapped?: boolean; rows: { target: { n: number } }[] };
  };

  beforeAll(async () => {
    await t.database.db.execute(sql`
      insert into sys_oper_log (module, route, target, user_name, ip, status_code, cost_ms)
      select 'bulk', 'POST /prod-api/bulk', jsonb_build_object('n', n), 'bulk-user', '203.0.113.1', 200, 1
      from generate_series(1, ${COUNT_AHEAD + 1105}) n`);
  });

  it("is counted a thousand rows past the page and no further, and says there are more", async () => {
    const first = await bulk("pageSize=20");
    expect(first).toMatchObject({ total: COUNT_AHEAD, totalCapped: true });
    // Newest first: the last one written on top.
    expect(first.rows.map((row) => row.target.n).slice(0, 2)).toEqual([COUNT_AHEAD + 1105, COUNT_AHEAD + 1104]);
    // From a later page, counting reaches the end: the exact total, and no "more".
    const later = await bulk("pageSize=50&pageNum=30");
    expect(later.total).toBe(COUNT_AHEAD + 1105);
    expect(later.totalCapped).toBeUndefined();
    expect(later.rows.map((row) => row.target.n)[0]).toBe(COUNT_AHEAD + 1105 - 29 * 50);
    const last = await bulk(`pageSize=50&pageNum=${Math.ceil((COUNT_AHEAD + 1105) / 50)}`);
    expect(last.rows).toHaveLength((COUNT_AHEAD + 1105) % 50);
  });
});
