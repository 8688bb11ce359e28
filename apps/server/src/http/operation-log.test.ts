import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizCoupon, bizOrder } from "../db/schema.ts";
import { createUser, signIn } from "../testing/accounts.ts";
import { openTestApp, type TestApp } from "../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../testing/test-database.ts";

let t: TestApp;
let admin: Record<string, string>;
let nina: Record<string, string>;
beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
  nina = await signIn(t.app, "nina", "nina-pass-12");
});
afterAll(() => t.close());

type Entry = {
  route: string;
  userName: string;
  statusCode: number;
  error: string;
  body: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};
/** The operation log as an administrator reads it, newest first. */
const entries = async (query = "") => {
  const response = await t.app.inject({ url: `/prod-api/monitor/operlog/list?pageSize=50&${query}`, headers: admin });
  expect(response.statusCode).toBe(200);
  return response.json().rows as Entry[];
};
const newest = async (route: string) => (await entries()).find((entry) => entry.route === route);

const createOrder = (headers: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers,
    payload: { product: "ddos", action: "new", payMethod: "offline", idempotencyKey: randomUUID(), configuration: "" },
  });
const coupon = (code: string) => ({
  code,
  name: { en: "Logged" },
  kind: "percent",
  value: 10,
  products: ["waf"],
  validFrom: "2027-03-01T00:00:00.000Z",
  validUntil: "2027-05-31T23:59:59.000Z",
  perCustomer: 1,
});
const coupons = async () => (await t.database.db.select({ n: count() }).from(bizCoupon))[0]!.n;

describe("what the operation log keeps", () => {
  it("keeps a customer's order and a visitor's registration", async () => {
    const order = await createOrder(nina);
    expect(order.statusCode).toBe(201);
    expect(await newest("POST /prod-api/order/trade/order/createOrder")).toMatchObject({
      userName: "nina",
      statusCode: 201,
      body: { product: "ddos", action: "new" },
    });

    const registered = await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/register",
      payload: { username: "visitor.vy", password: "vy-pass-2027", email: "vy@example.vn" },
    });
    expect(registered.statusCode).toBe(200);
    const registration = await newest("POST /prod-api/auth/register");
    expect(registration).toMatchObject({ userName: "", statusCode: 200 });
    expect(registration?.body).toMatchObject({ username: "visitor.vy", password: "******" });
  });

  it("keeps an order marked paid with a lone surrogate in its note: refused, and logged with the text made storable", async () => {
    const orderNo = (await createOrder(nina)).json().data.orderNo as string;
    const paid = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
      headers: { ...admin, "content-type": "application/json" },
      payload: '{"note":"cash \\ud800 received"}',
    });
    expect(paid.statusCode).toBe(400);
    const [order] = await t.database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, orderNo));
    expect(order?.status).toBe("unpaid");
    const entry = await newest("POST /prod-api/order/trade/order/confirmOffline/:orderNo");
    expect(entry).toMatchObject({ userName: "admin", statusCode: 400, body: { note: "cash \uFFFD received" } });
    expect(entry?.error).toBe(
      "Note contains characters that cannot be stored (a NUL character or an unpaired surrogate)",
    );
  });

  it("gives each of the requests written together its own entry and outcome", async () => {
    // Arriving at once, their entries are written in one INSERT, and their outcomes in one UPDATE.
    // Each sends a note of its own, which the entry keeps from the request and the outcome from the
    // answer (the record after); every other one names an order that does not exist, and is refused
    // after its entry is written.
    const orderNos: string[] = [];
    for (let index = 0; index < 12; index++) orderNos.push((await createOrder(nina)).json().data.orderNo);
    const sent = Array.from({ length: 24 }, (_, index) => ({
      orderNo: index % 2 ? `20260101${String(index).padStart(10, "0")}` : orderNos[index / 2]!,
      note: `settled at the counter, ticket ${randomUUID()}`,
    }));
    const answers = await Promise.all(
      sent.map(({ orderNo, note }) =>
        t.app.inject({
          method: "POST",
          url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
          headers: admin,
          payload: { note },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(new Set(statuses)).toEqual(new Set([200, 404]));
    const logged = new Map((await entries()).map((entry) => [entry.body?.note, entry] as const));
    expect(sent.map(({ note }) => logged.get(note)?.statusCode)).toEqual(statuses);
    expect(sent.map(({ note }) => logged.get(note)?.after?.note ?? null)).toEqual(
      sent.map(({ note }, index) => (statuses[index] === 200 ? note : null)),
    );
  });

  it("keeps a bounded extract of a large body", async () => {
    const content = `<p>${"Maintenance window. ".repeat(7_000)}</p>`;
    const response = await t.app.inject({
      method: "POST",
      url: "/prod-api/system/notice",
      headers: admin,
      payload: { title: "Long", noticeType: "notice", content, attachments: [], siteId: null, status: "draft" },
    });
    expect(response.statusCode).toBe(200);
    const entry = await newest("POST /prod-api/system/notice");
    expect(entry?.statusCode).toBe(200);
    expect(JSON.stringify(entry?.body).length).toBeLessThan(4_200);
  });
});

describe("failing closed", () => {
  it("refuses a change it cannot log, in the caller's language, and changes nothing", async () => {
    const before = await coupons();
    await t.database.db.execute(sql`alter table sys_oper_log rename to sys_oper_log_away`);
    try {
      const response = await t.app.inject({
        method: "POST",
        url: "/prod-api/order/coupon",
        headers: { ...admin, "accept-language": "zh-CN" },
        payload: coupon("UNLOGGED"),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().msg).toBe("未做任何更改：无法写入操作日志，请稍后再试");
      const order = await createOrder(nina);
      expect(order.statusCode).toBe(503);
    } finally {
      await t.database.db.execute(sql`alter table sys_oper_log_away rename to sys_oper_log`);
    }
    expect(await coupons()).toBe(before);
  });

  it("keeps a change whose answer it could not record, with its outcome unknown", async () => {
    // The entry can be written, but not completed.
    await t.database.db.execute(
      sql`alter table sys_oper_log add constraint outcome_never_recorded check (status_code = 0) not valid`,
    );
    try {
      const response = await t.app.inject({
        method: "POST",
        url: "/prod-api/order/coupon",
        headers: admin,
        payload: coupon("HALFLOGGED"),
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await t.database.db.execute(sql`alter table sys_oper_log drop constraint outcome_never_recorded`);
    }
    const unknown = await entries("outcome=unknown");
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ route: "POST /prod-api/order/coupon", userName: "admin", statusCode: 0 });
    expect(unknown[0]?.body).toMatchObject({ code: "HALFLOGGED" });
    expect((await entries("outcome=success")).some((entry) => entry.statusCode === 0)).toBe(false);
  });
});
