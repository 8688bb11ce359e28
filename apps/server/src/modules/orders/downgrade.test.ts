import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizBalance, bizBalanceEntry, bizService, sysUser } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { ledgerMismatches } from "../balance/balance-ledger.ts";
import { monthCommitments } from "../overage/month-commitments.ts";

/** A package made smaller for the time it has left, the difference to the balance (issue 41). */
let clock = new Date("2027-07-01T02:00:00Z");
let t: TestApp;
let userId = 0;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await openTestApp({ now: () => clock });
  userId = await createUser(t.database.db, { userName: "dewi", password: "dewi-pass-2027" });
}, 90_000);
afterAll(() => t.close());

const signedIn = async (language = "en") => {
  customer = {
    ...(await signIn(t.app, "dewi", "dewi-pass-2027", { "accept-language": language })),
    "accept-language": language,
  };
  await t.database.db.update(sysUser).set({ language }).where(eq(sysUser.userId, userId));
  return customer;
};
/** Bought and confirmed: DDoS Advanced with 200 Mbps for a month (CN¥6,499.00). */
async function bought(
  configuration = "edition=advanced&bandwidth=200&duration=month-1",
  price = 649_900,
): Promise<string> {
  const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  const placed = await t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers: await signedIn(),
    payload: { product: "ddos", configuration, action: "new", payMethod: "offline", idempotencyKey: randomUUID() },
  });
  const { orderNo, amount } = placed.json().data as { orderNo: string; amount: number };
  expect(amount).toBe(price);
  const confirmed = await t.app.inject({
    method: "POST",
    url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
    headers: admin,
    payload: {},
  });
  expect(confirmed.statusCode).toBe(200);
  return orderNo;
}
const downgrade = (orderNo: string, configuration: string, headers = customer) =>
  t.app.inject({
    method: "POST",
    url: `/prod-api/order/mall/product/downgrade/${orderNo}`,
    headers,
    payload: { configuration },
  });
const serviceOf = async (orderNo: string) =>
  (await t.database.db.select().from(bizService).where(eq(bizService.orderNo, orderNo)))[0]!;
const balance = async () =>
  (await t.database.db.select().from(bizBalance).where(eq(bizBalance.userId, userId)))[0]?.amount ?? 0;

describe("downgrading a package", () => {
  it("makes it smaller at once and gives the difference for the days left back to the balance, said in the reader's language", async () => {
    const orderNo = await bought();
    // Ten days in: 21 of the month's days are left (it ends on 1 August).
    clock = new Date("2027-07-11T02:00:00Z");
    await signedIn("zh-CN");
    const answer = await downgrade(orderNo, "edition=enterprise&bandwidth=200");
    expect(answer.statusCode).toBe(200);
    // Of the CN¥6,499.00 paid for 31 days, 21 days' worth (CN¥4,402.55) is left; the monthly price
    // falls by 3,000/6,499 of it: CN¥2,032.25 goes back.
    expect(answer.json().data).toEqual({ credit: 203_225, currency: "CNY", daysLeft: 21, balance: 203_225 });
    expect(answer.json().msg).toBe("套餐已即时降配：剩余 21 天的差价 ¥2,032.25 已退入您的余额");
    const service = await serviceOf(orderNo);
    expect(service.configuration).toMatchObject({ edition: "enterprise", quantities: { bandwidth: 200 } });
    expect(service.expiresAt.toISOString()).toBe("2027-08-01T02:00:00.000Z");
    const [entry] = await t.database.db
      .select()
      .from(bizBalanceEntry)
      .where(and(eq(bizBalanceEntry.kind, "credit"), eq(bizBalanceEntry.amount, 203_225)));
    expect(entry?.reference).toMatch(/^DG-\d+$/);
    expect(entry?.note).toBe(`套餐 ${orderNo} 降配：剩余 21 天的差价`);

    // The same again: nothing to make smaller. Larger: an upgrade's business.
    const same = await downgrade(orderNo, "edition=enterprise&bandwidth=200");
    expect(same.statusCode).toBe(400);
    expect(same.json().data).toEqual([{ field: "edition", code: "downgrade.nothing" }]);
    const larger = await downgrade(orderNo, "edition=enterprise&bandwidth=300");
    expect(larger.json().data).toEqual([{ field: "bandwidth", code: "downgrade.larger" }]);
    expect(await balance()).toBe(203_225);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it("never gives back more than was paid for the package, however often it is made smaller", async () => {
    clock = new Date("2027-09-01T02:00:00Z");
    const before = await balance();
    const orderNo = await bought();
    await signedIn();
    // Made smaller at once, then again: the second gives back what the first left.
    const first = await downgrade(orderNo, "edition=advanced&bandwidth=100");
    expect(first.statusCode).toBe(200);
    const second = await downgrade(orderNo, "edition=enterprise&bandwidth=100");
    const given = first.json().data.credit + second.json().data.credit;
    // 6,499 × 500/6,499 = 500, then (6,499 − 500) × 3,000/5,999 = 3,000: within the 6,499 paid.
    expect(given).toBe(350_000);
    expect(await balance()).toBe(before + given);
    expect(given).toBeLessThanOrEqual(649_900);
  });

  it("says what it would give back without changing anything, counts what was actually paid, and is not refunded twice", async () => {
    clock = new Date("2027-11-01T02:00:00Z");
    const before = await balance();
    // A year paid with the yearly discount: CN¥6,499 × 12 less 15 % = CN¥66,289.80.
    const orderNo = await bought("edition=advanced&bandwidth=200&duration=year-1", 6_628_980);
    await signedIn();
    const asked = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/mall/product/downgrade/${orderNo}`,
      headers: customer,
      payload: { configuration: "edition=enterprise&bandwidth=200", dryRun: true },
    });
    expect(asked.statusCode).toBe(200);
    expect(await balance()).toBe(before);
    expect((await serviceOf(orderNo)).configuration).toMatchObject({ edition: "advanced" });
    const done = await downgrade(orderNo, "edition=enterprise&bandwidth=200");
    expect(done.json().data.credit).toBe(asked.json().data.credit);
    // What was paid, not the list price: 66,289.80 × 3,000/6,499, not 3,000 × 12.
    expect(done.json().data.credit).toBe(Math.floor((6_628_980 * 300_000) / 649_900));
    expect(await balance()).toBe(before + done.json().data.credit);

    // Refunding the order now would pay the downgrade's part twice: refused, nothing moves.
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const refund = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/refundOrder/${orderNo}`,
      headers: admin,
      payload: { refundTo: "balance" },
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().msg).toMatch(
      /^This package was made smaller after this order was paid and CN¥[\d,.]+ went back/,
    );
    expect(await balance()).toBe(before + done.json().data.credit);
  });

  it("keeps a downgrade when an upgrade made after it is refunded, and bills overage against the smaller bandwidth", async () => {
    clock = new Date("2027-12-01T02:00:00Z");
    const orderNo = await bought();
    await signedIn();
    expect((await downgrade(orderNo, "edition=enterprise&bandwidth=100")).statusCode).toBe(200);
    clock = new Date("2027-12-05T02:00:00Z");
    await signedIn();
    const upgrade = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers: customer,
      payload: {
        product: "ddos",
        configuration: "edition=enterprise&bandwidth=150",
        action: "upgrade",
        serviceOrderNo: orderNo,
        payMethod: "offline",
        idempotencyKey: randomUUID(),
      },
    });
    expect(upgrade.statusCode).toBe(201);
    const upgradeNo = upgrade.json().data.orderNo as string;
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const move = (path: string) =>
      t.app.inject({
        method: "POST",
        url: `/prod-api/order/trade/order/${path}/${upgradeNo}`,
        headers: admin,
        payload: {},
      });
    expect((await move("confirmOffline")).statusCode).toBe(200);
    expect((await serviceOf(orderNo)).configuration).toMatchObject({
      edition: "enterprise",
      quantities: { bandwidth: 150 },
    });
    expect((await move("refundOrder")).statusCode).toBe(200);
    // Back to what the downgrade left, not to what was first bought.
    expect((await serviceOf(orderNo)).configuration).toMatchObject({
      edition: "enterprise",
      quantities: { bandwidth: 100 },
    });
    // December's overage is billed against 200 Mbps on its first day, 100 from the downgrade on.
    const service = await serviceOf(orderNo);
    const parts = await monthCommitments(t.database.db, "UTC", "2027-12-01", [
      { serviceId: service.serviceId, orderNo, configuration: service.configuration },
    ]);
    expect(
      parts.get(service.serviceId)?.map((part) => [part.from, part.configuration.quantities.bandwidth]),
    ).toContainEqual(["2027-12-01", 100]);
    expect(parts.get(service.serviceId)?.every((part) => part.configuration.quantities.bandwidth !== 200)).toBe(true);
  });

  it("refuses another customer's package, one with a renewal waiting for payment, and a malformed request, changing nothing", async () => {
    clock = new Date("2027-10-01T02:00:00Z");
    const orderNo = await bought();
    await createUser(t.database.db, { userName: "budi", password: "budi-pass-2027" });
    const budi = await signIn(t.app, "budi", "budi-pass-2027");
    const foreign = await downgrade(orderNo, "edition=enterprise&bandwidth=100", budi);
    expect(foreign.json().data).toEqual([{ field: "service", code: "service.missing" }]);
    await signedIn("id");
    const renewal = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers: customer,
      payload: {
        product: "ddos",
        configuration: "",
        action: "renew",
        serviceOrderNo: orderNo,
        payMethod: "offline",
        idempotencyKey: randomUUID(),
      },
    });
    expect(renewal.statusCode).toBe(201);
    const waiting = await downgrade(orderNo, "edition=enterprise&bandwidth=100");
    expect(waiting.statusCode).toBe(400);
    expect(waiting.json().msg).toBe("Perubahan ini tidak dapat dilakukan sebagai penurunan paket");
    expect(waiting.json().data).toEqual([{ field: "service", code: "service.unpaidChange" }]);
    const malformed = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/mall/product/downgrade/${orderNo}`,
      headers: customer,
      payload: { configuration: "edition=enterprise", credit: 1 },
    });
    expect(malformed.statusCode).toBe(400);
    expect((await serviceOf(orderNo)).configuration).toMatchObject({ edition: "advanced" });
  });
});
