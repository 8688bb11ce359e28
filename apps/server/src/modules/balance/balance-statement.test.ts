import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysUser } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { pdfText } from "../../testing/pdf-text.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { postEntry } from "./balance-ledger.ts";

const clock = new Date("2027-09-03T10:00:00Z");
let t: TestApp;
let userId = 0;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await openTestApp({ now: () => clock });
  userId = await createUser(t.database.db, { userName: "hoa.statement", password: "hoa-pass-2027" });
  headers = await signIn(t.app, "hoa.statement", "hoa-pass-2027");
  await t.database.db
    .update(sysUser)
    .set({ billingName: "Công ty TNHH Hoa Sen", email: "hoa@example.vn", timeZone: "Asia/Ho_Chi_Minh" })
    .where(eq(sysUser.userId, userId));
  const post = (
    amount: number,
    kind: "topup" | "payment" | "adjustment",
    reference: string,
    at: string,
    note?: string,
  ) =>
    postEntry(t.database.db, {
      userId,
      currency: "CNY",
      amount,
      kind,
      reference,
      madeBy: "admin",
      note,
      now: new Date(at),
    });
  // August: the opening of September. September: a top-up, a payment, a correction.
  await post(100_000, "adjustment", "ADJ-AUG", "2027-08-20T08:00:00Z", "Opening balance");
  await post(50_000, "topup", "202709010000000001", "2027-09-01T02:00:00Z");
  await post(-30_000, "payment", "202709020000000002", "2027-09-02T03:00:00Z");
  await post(-1_000, "adjustment", "ADJ-SEP", "2027-09-02T04:00:00Z", "Rounding of a bank fee");
  // 30 November 18:00 in UTC is already 1 December in Hanoi.
  await post(2_000, "adjustment", "ADJ-EDGE", "2027-11-30T18:00:00Z", "Month's edge");
});
afterAll(() => t.close());

const statement = (month: string, language: string) =>
  t.app.inject({
    url: `/prod-api/control/balance/statement?month=${month}&currency=CNY`,
    headers: { ...headers, "accept-language": language },
  });

describe("the monthly statement of a balance", () => {
  it("is a PDF of the month's entries, opening and closing balance, in the reader's language and zone", async () => {
    const answer = await statement("2027-09", "vi");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/pdf");
    expect(answer.headers["content-disposition"]).toContain("balance-statement-2027-09-CNY.pdf");
    const text = (await pdfText(answer.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain("Sao kê số dư");
    expect(text).toContain("Công ty TNHH Hoa Sen");
    expect(text).toContain("Số dư đầu kỳ 1.000,00 CN¥");
    expect(text).toContain("Số dư cuối kỳ 1.190,00 CN¥");
    expect(text).toContain("202709020000000002");
    expect(text).toContain("Rounding of a bank fee");
    expect(text).toContain("Asia/Ho_Chi_Minh");
    // The August entry is not in it.
    expect(text).not.toContain("ADJ-AUG");
  });

  it("counts a month on the reader's clock: the zone their page shows, else their profile's", async () => {
    const references = async (query: string) =>
      (
        (await t.app.inject({ url: `/prod-api/control/balance?${query}`, headers })).json().data.entries as {
          reference: string;
        }[]
      ).map((entry) => entry.reference);
    // The profile says Hanoi: the entry is December's there, not November's.
    expect(await references("month=2027-12")).toEqual(["ADJ-EDGE"]);
    expect(await references("month=2027-11")).toEqual([]);
    // A page showing UTC (a browser there, nothing chosen) counts it in November.
    expect(await references("month=2027-11&timeZone=UTC")).toEqual(["ADJ-EDGE"]);
    expect(await references("month=2027-12&timeZone=UTC")).toEqual([]);
    // A zone that is not one: the profile's.
    expect(await references("month=2027-12&timeZone=Mars%2FOlympus")).toEqual(["ADJ-EDGE"]);
    // The PDF agrees with the page it was asked from.
    const pdf = async (month: string, zone: string) =>
      (
        await pdfText(
          (
            await t.app.inject({
              url: `/prod-api/control/balance/statement?month=${month}&currency=CNY&timeZone=${zone}`,
              headers,
            })
          ).rawPayload,
        )
      ).replace(/\s+/g, " ");
    expect(await pdf("2027-12", "Asia%2FHo_Chi_Minh")).toContain("ADJ-EDGE");
    expect(await pdf("2027-12", "UTC")).not.toContain("ADJ-EDGE");
    expect(await pdf("2027-11", "UTC")).toContain("ADJ-EDGE");
  });

  it("says so when nothing moved, in Traditional Chinese too, and refuses a month that is not one", async () => {
    const text = (await pdfText((await statement("2027-10", "zh-TW")).rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain("餘額對帳單");
    expect(text).toContain("本月餘額無異動。");
    expect((await statement("2027-13", "en")).statusCode).toBe(400);
  });
});
