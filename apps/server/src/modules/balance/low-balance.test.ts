import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMail, sysUser } from "../../db/schema.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { PriceLists } from "../catalogue/price-lists.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { postEntry } from "./balance-ledger.ts";
import { checkLowBalances } from "./low-balance.ts";

let clock = new Date("2027-08-01T09:00:00Z");
const now = () => clock;
let t: TestApp;
let runner: JobRunner;
let mail: MailOutbox;
let priceLists: PriceLists;
let userId = 0;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await openTestApp({ now, jobSchedules: false });
  runner = new JobRunner(t.database, t.app.log);
  mail = new MailOutbox(
    { db: t.database.db, jobs: runner, log: t.app.log, now },
    { smtpUrl: undefined, mailFrom: "x@rampart.test" },
  );
  priceLists = new PriceLists(t.database, 0);
  await runner.start();
  userId = await createUser(t.database.db, { userName: "dewi.low", password: "dewi-pass-2027" });
  customer = await signIn(t.app, "dewi.low", "dewi-pass-2027");
  await t.database.db
    .update(sysUser)
    .set({ email: "dewi@example.id", language: "id", autoRenewNew: true })
    .where(eq(sysUser.userId, userId));
}, 90_000);
afterAll(async () => {
  await runner.stop();
  await t.close();
});

const check = () => checkLowBalances({ db: t.database.db, mail, priceLists }, clock);
const move = (amount: number) =>
  postEntry(t.database.db, {
    userId,
    currency: "CNY",
    amount,
    kind: "adjustment",
    reference: randomUUID(),
    madeBy: "admin",
    now: clock,
  });
const lowMails = () => t.database.db.select().from(sysMail).where(eq(sysMail.event, "balance_low"));
const preferences = async (payload?: object) =>
  (
    await t.app.inject({
      method: payload ? "PUT" : "GET",
      url: "/prod-api/control/balance/preferences",
      headers: customer,
      ...(payload ? { payload } : {}),
    })
  ).json();

describe("the low-balance alert", () => {
  it("by default compares the balance with the next 30 days of renewals, and mails once per fall", async () => {
    // A monthly package bought and confirmed: it renews from the balance (the customer's preference).
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const bought = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers: customer,
      payload: {
        product: "ddos",
        configuration: "bandwidth=100&duration=month-1",
        action: "new",
        payMethod: "offline",
        idempotencyKey: randomUUID(),
      },
    });
    const { orderNo, amount } = bought.json().data as { orderNo: string; amount: number };
    await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
      headers: admin,
    });
    // Its renewal is a month away: 30 days ahead sees it, at its price. (Signed in again: sessions
    // last 12 hours, and the sign-in records the language asked in.)
    clock = new Date(clock.getTime() + 5 * 86_400_000);
    customer = await signIn(t.app, "dewi.low", "dewi-pass-2027");
    await t.database.db.update(sysUser).set({ language: "id" }).where(eq(sysUser.userId, userId));
    expect((await preferences()).data).toEqual({
      autoRenewNew: true,
      lowBalance: { mode: "renewals" },
      renewalsDue: [{ currency: "CNY", amount }],
    });
    await move(amount + 100);
    expect(await check()).toEqual({ alerted: 0, cleared: 0 });
    // Spent below it: mailed once, however often the check runs.
    await move(-200);
    expect(await check()).toEqual({ alerted: 1, cleared: 0 });
    expect(await check()).toEqual({ alerted: 0, cleared: 0 });
    const [first] = await lowMails();
    expect(first!.subject).toMatch(/^Saldo Anda menipis: /);
    expect(first!.text).toContain("yaitu biaya paket yang diperpanjang dari saldo dalam 30 hari ke depan");
    expect(first!.html).toContain("/control/balance");
    // Topped up above it: the mark goes; the next fall is mailed again.
    await move(500);
    expect(await check()).toEqual({ alerted: 0, cleared: 1 });
    await move(-500);
    expect(await check()).toEqual({ alerted: 1, cleared: 0 });
    expect(await lowMails()).toHaveLength(2);
  });

  it("takes the customer's own amount, or none at all", async () => {
    const saved = await preferences({ autoRenewNew: true, lowBalance: { mode: "amount", amount: 10_000_000 } });
    expect(saved.code, JSON.stringify(saved)).toBe(200);
    expect(saved.data.lowBalance).toEqual({ mode: "amount", amount: 10_000_000 });
    // Already marked below the renewals: still below the new amount, no second mail for the same fall.
    expect(await check()).toEqual({ alerted: 0, cleared: 0 });
    await preferences({ autoRenewNew: true, lowBalance: { mode: "off" } });
    expect(await check()).toEqual({ alerted: 0, cleared: 1 });
    await move(-100);
    expect(await check()).toEqual({ alerted: 0, cleared: 0 });
    expect(await lowMails()).toHaveLength(2);
    // The switch for new packages is saved without touching the alert.
    expect((await preferences({ autoRenewNew: false })).data).toMatchObject({
      autoRenewNew: false,
      lowBalance: { mode: "off" },
    });
    // A threshold that is not an amount is refused.
    const refused = await t.app.inject({
      method: "PUT",
      url: "/prod-api/control/balance/preferences",
      headers: customer,
      payload: { autoRenewNew: true, lowBalance: { mode: "amount", amount: 0 } },
    });
    expect(refused.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: "PUT",
      url: "/prod-api/control/balance/preferences",
      headers: { ...customer, "accept-language": "id" },
      payload: { autoRenewNew: true, lowBalance: { mode: "amount" } },
    });
    expect(missing.json().msg).toBe("Isi jumlah batas pemberitahuan, atau pilih pemberitahuan lain");
    expect((await preferences()).data.lowBalance).toEqual({ mode: "off" });
  });
});
