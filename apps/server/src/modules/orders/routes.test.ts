import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizOrder } from "../../db/schema.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
let nina: Record<string, string>;
let omar: Record<string, string>;
beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
  await createUser(t.database.db, { userName: "omar", password: "omar-pass-12" });
  nina = await signIn(t.app, "nina", "nina-pass-12");
  omar = await signIn(t.app, "omar", "omar-pass-12");
});
afterAll(() => t.close());

const create = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers,
    payload: { product: "ddos", action: "new", payMethod: "offline", idempotencyKey: randomUUID(), ...payload },
  });

const ordersOf = async () => (await t.database.db.select().from(bizOrder)).length;

describe("POST /prod-api/order/trade/order/createOrder", () => {
  it("prices the configuration on the server and records an unpaid order", async () => {
    const response = await create(nina, {
      configuration: "edition=premium&region=overseas&bandwidth=150&duration=year-1",
      amount: 1, // a price from the client is never read
    });
    expect(response.statusCode).toBe(201);
    const order = response.json().data;
    // (6999 overseas + 50 Mbps × 5) × 12, less 15 %
    expect(order).toMatchObject({ status: "unpaid", currency: "CNY", amount: 7_393_980, payMethod: "offline" });
    expect(order.originalPrice).toBe(8_698_800);
    expect(order.orderNo).toMatch(/^\d{18}$/);
  });

  it("answers a retried submit with the order it already made", async () => {
    const idempotencyKey = randomUUID();
    const first = await create(nina, { configuration: "", idempotencyKey });
    const again = await create(nina, { configuration: "edition=ultimate", idempotencyKey });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.orderNo).toBe(first.json().data.orderNo);
    expect(again.json().data.amount).toBe(299_900);
  });

  it("refuses an unknown edition, a negative quantity and a malformed number, writing nothing", async () => {
    const before = await ordersOf();
    for (const configuration of ["edition=gold", "bandwidth=-100", "domains=ten"]) {
      const response = await create({ ...nina, "accept-language": "zh-CN" }, { configuration });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe("当前配置无法下单，请修改标出的选项");
      expect(response.json().data[0].field).toMatch(/edition|bandwidth|domains/);
    }
    expect(await ordersOf()).toBe(before);
  });

  it("gives a free trial once per customer and product, without payment", async () => {
    const trial = { product: "waf", configuration: "edition=trial" };
    const first = await create(omar, trial);
    expect(first.json().data).toMatchObject({ status: "paid", amount: 0 });
    const second = await create(omar, trial);
    expect(second.statusCode).toBe(400);
    expect(second.json().data).toEqual([{ field: "edition", code: "trial.used" }]);
  });

  it("needs a session, and a well-formed body", async () => {
    expect((await create({}, { configuration: "" })).statusCode).toBe(401);
    expect((await create(nina, { configuration: "", product: "gold" })).statusCode).toBe(400);
    expect((await create(nina, { configuration: "", action: "refund" })).statusCode).toBe(400);
  });
});

describe("GET /prod-api/order/trade/order/describeOrder/:orderNo", () => {
  it("shows customers their own orders only", async () => {
    const made = (await create(nina, { configuration: "" })).json().data;
    const own = await t.app.inject({ url: `/prod-api/order/trade/order/describeOrder/${made.orderNo}`, headers: nina });
    expect(own.json().data).toMatchObject({ orderNo: made.orderNo, status: "unpaid" });
    const other = await t.app.inject({
      url: `/prod-api/order/trade/order/describeOrder/${made.orderNo}`,
      headers: omar,
    });
    expect(other.statusCode).toBe(404);
    const row = await t.database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, made.orderNo));
    expect(row[0]?.status).toBe("unpaid"); // looking changes nothing
  });
});

describe("GET /prod-api/order/pay/order/describePayChannel", () => {
  it("offers offline settlement while online payment is not configured", async () => {
    const response = await t.app.inject({ url: "/prod-api/order/pay/order/describePayChannel", headers: nina });
    expect(response.json().data).toEqual({ online: false, methods: ["offline"] });
  });
});

describe("services: confirmation, renewal and upgrade", () => {
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  });

  const confirm = (orderNo: string, headers = admin) =>
    t.app.inject({ method: "POST", url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`, headers });
  const service = (orderNo: string, headers = nina) =>
    t.app.inject({ url: `/prod-api/order/mall/product/describeUpgradeProductByOid/${orderNo}`, headers });

  it("lets an operator confirm an offline payment exactly once, and nobody else", async () => {
    const order = (await create(nina, { configuration: "" })).json().data;
    expect((await confirm(order.orderNo, nina)).statusCode).toBe(403);
    const [first, second] = await Promise.all([confirm(order.orderNo), confirm(order.orderNo)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await confirm("2026112100000000")).statusCode).toBe(404);
  });

  it("renews a paid service by its duration and upgrades it for the days left", async () => {
    const order = (await create(nina, { configuration: "bandwidth=100&duration=month-1" })).json().data;
    expect((await service(order.orderNo)).json().data.state).toBe("pending");
    const early = await create(nina, { action: "renew", serviceOrderNo: order.orderNo, configuration: "" });
    expect(early.json().data).toEqual([{ field: "service", code: "service.pending" }]);
    await confirm(order.orderNo);
    const paid = (await service(order.orderNo)).json().data;
    expect(paid).toMatchObject({ state: "active", edition: "enterprise", topLevelDomains: 1, unpaidChange: false });
    const expiry = new Date(paid.expiresAt);

    // Upgrade: +100 Mbps (× ¥5) for the days left of the month, rounded up to the fen.
    const upgrade = await create(nina, {
      action: "upgrade",
      serviceOrderNo: order.orderNo,
      configuration: "edition=enterprise&bandwidth=200&domains=10&ips=10",
    });
    expect(upgrade.statusCode).toBe(201);
    const daysLeft = Math.ceil((expiry.getTime() - Date.now()) / 86_400_000);
    expect(upgrade.json().data.amount).toBe(Math.ceil((50_000 * daysLeft) / 30));
    // While it waits for payment, no other change of this service.
    const blocked = await create(nina, { action: "renew", serviceOrderNo: order.orderNo, configuration: "" });
    expect(blocked.json().data).toEqual([{ field: "service", code: "service.unpaidChange" }]);
    await confirm(upgrade.json().data.orderNo);
    expect((await service(order.orderNo)).json().data.configuration).toContain("bandwidth=200");

    const down = await create(nina, {
      action: "upgrade",
      serviceOrderNo: order.orderNo,
      configuration: "edition=enterprise&bandwidth=100&domains=10&ips=10",
    });
    expect(down.json().data).toEqual([{ field: "bandwidth", code: "upgrade.downgrade" }]);

    // Renewal: the upgraded package for another year; the expiry moves by a year once paid.
    const renewal = await create(nina, {
      action: "renew",
      serviceOrderNo: order.orderNo,
      configuration: "edition=ultimate&duration=year-1",
    });
    expect(renewal.statusCode).toBe(201);
    expect(renewal.json().data.amount).toBe(Math.floor((2_999_00 + 500_00) * 12 * 0.85)); // the same package
    await confirm(renewal.json().data.orderNo);
    const renewed = new Date((await service(order.orderNo)).json().data.expiresAt);
    expect(renewed.getUTCFullYear() - expiry.getUTCFullYear()).toBe(1);
  });

  it("shows a service to its owner only", async () => {
    const order = (await create(nina, { configuration: "" })).json().data;
    expect((await service(order.orderNo, omar)).statusCode).toBe(404);
    const foreign = await create(omar, { action: "renew", serviceOrderNo: order.orderNo, configuration: "" });
    expect(foreign.json().data).toEqual([{ field: "service", code: "service.missing" }]);
  });
});

describe("ordering on another brand's site", () => {
  it("refuses a customer's order sent with another site's Host, and takes it on their own", async () => {
    const { sysSite } = await import("../../db/schema.ts");
    const [home] = await t.database.db.select().from(sysSite).where(eq(sysSite.isDefault, true));
    await createUser(t.database.db, { userName: "linh", password: "linh-pass-12", siteId: home!.siteId });
    const linh = await signIn(t.app, "linh", "linh-pass-12");
    const before = await ordersOf();
    const elsewhere = await create(
      { ...linh, host: "demo.localhost", "accept-language": "vi" },
      { configuration: "edition=premium" },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().msg).toBe(
      "Tài khoản của bạn thuộc một trang khác của chúng tôi: hãy đăng nhập và đặt hàng trên trang bạn đã đăng ký",
    );
    expect(await ordersOf()).toBe(before);
    const offers = await t.app.inject({
      method: "GET",
      url: "/prod-api/order/coupon/describeCoupons?product=ddos&action=new&configuration=",
      headers: { ...linh, host: "demo.localhost" },
    });
    expect(offers.statusCode).toBe(403);
    const home_ = await create({ ...linh, host: "localhost" }, { configuration: "edition=premium" });
    expect(home_.statusCode).toBe(201);
    expect(home_.json().data.currency).toBe("CNY");
  });
});

describe("orders raced in parallel", () => {
  it("grants one free trial of a product to a customer however many requests race", async () => {
    await createUser(t.database.db, { userName: "racer", password: "racer-pass-12" });
    const racer = await signIn(t.app, "racer", "racer-pass-12");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => create(racer, { product: "waf", configuration: "edition=trial" })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data).toEqual([{ field: "edition", code: "trial.used" }]);
    }
    const trials = await t.database.db
      .select()
      .from(bizOrder)
      .where(eq(bizOrder.userId, await userIdOf(t.database.db, "racer")));
    expect(trials).toHaveLength(1);
  });

  it("takes one unpaid change of a service however many renewals and upgrades race", async () => {
    await createUser(t.database.db, { userName: "changer", password: "changer-pass-12" });
    const changer = await signIn(t.app, "changer", "changer-pass-12");
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const bought = (await create(changer, { configuration: "edition=premium&duration=month-1" })).json().data;
    const confirmed = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${bought.orderNo}`,
      headers: admin,
    });
    expect(confirmed.statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        create(
          changer,
          i % 2
            ? { action: "renew", serviceOrderNo: bought.orderNo, configuration: "" }
            : { action: "upgrade", serviceOrderNo: bought.orderNo, configuration: "edition=ultimate" },
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data).toEqual([{ field: "service", code: "service.unpaidChange" }]);
    }
    const pending = await t.database.db
      .select()
      .from(bizOrder)
      .where(and(eq(bizOrder.serviceOrderNo, bought.orderNo), eq(bizOrder.status, "unpaid")));
    expect(pending).toHaveLength(1);
  });
});
