import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysSite } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
let lotusId: number;
const as: Record<string, Record<string, string>> = {};

type Site = { siteId: number; agentCode: string; paymentInstructions: Record<string, string> } & Record<
  string,
  unknown
>;
const lotus = async (headers = as.lotus!) => {
  const list = (await t.app.inject({ method: "GET", url: "/prod-api/system/site/list", headers })).json()
    .data as Site[];
  return list.find((s) => s.agentCode === "LOTUS")!;
};
/** The site as the dialog sends it back, with other instructions. */
const save = async (paymentInstructions: unknown, headers = as.lotus!, language = "en") => {
  const { siteId, paymentInstructions: _kept, mail: _mail, billing: _billing, ...site } = await lotus();
  const body = {
    company: site.company,
    themeColor: site.themeColor,
    contactWay: site.contactWay,
    logo1: site.logo1,
    webDomain: site.webDomain,
    consoleDomain: site.consoleDomain,
    region: site.region,
    agentCode: site.agentCode,
    currency: site.currency,
    domains: site.domains,
    paymentInstructions,
  };
  return t.app.inject({
    method: "PUT",
    url: `/prod-api/system/site/${siteId}`,
    headers: { ...headers, "accept-language": language },
    payload: body,
  });
};

beforeAll(async () => {
  t = await openTestApp();
  as.lotus = await signInDemoSiteOperator(t.app, t.database.db);
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  const [site] = await t.database.db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS"));
  lotusId = site!.siteId;
  await createUser(t.database.db, { userName: "linh", password: "linh-pass-12", siteId: lotusId });
  await createUser(t.database.db, { userName: "ana", password: "ana-pass-123" });
  as.linh = await signIn(t.app, "linh", "linh-pass-12", { host: "demo.localhost" });
  as.ana = await signIn(t.app, "ana", "ana-pass-123");
});
afterAll(() => t.close());

const VI =
  "Chuyển khoản đến: Công ty TNHH Lotus Shield\r\nNgân hàng: Vietcombank   \r\nSố tài khoản: 0071 0001 23456\r\n\r\nGhi mã đơn hàng trong nội dung chuyển khoản.";

describe("a site's offline payment instructions", () => {
  it("are saved per language by the site's own operator, line breaks kept, blank languages left out", async () => {
    const response = await save({
      en: "  Bank transfer to Lotus Shield JSC\nAccount 0071 0001 23456  \n",
      vi: VI,
      id: "   ",
    });
    expect(response.statusCode).toBe(200);
    expect((await lotus()).paymentInstructions).toEqual({
      en: "Bank transfer to Lotus Shield JSC\nAccount 0071 0001 23456",
      vi: "Chuyển khoản đến: Công ty TNHH Lotus Shield\nNgân hàng: Vietcombank\nSố tài khoản: 0071 0001 23456\n\nGhi mã đơn hàng trong nội dung chuyển khoản.",
    });
    // Left out of a later save: unchanged.
    expect((await save(undefined)).statusCode).toBe(200);
    expect(Object.keys((await lotus()).paymentInstructions)).toEqual(["en", "vi"]);
  });

  it("refuse a control character, a text too long or not a set of texts, in the caller's language, and change nothing", async () => {
    const before = (await lotus()).paymentInstructions;
    for (const bad of [
      { ...before, en: "Bank\u0007 transfer" },
      { ...before, en: "x".repeat(2001) },
      "Bank transfer",
    ]) {
      const response = await save(bad, as.lotus, "vi");
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      const msg = response.json().msg as string;
      // Said in Vietnamese, never as a raw field name.
      expect(msg).not.toMatch(/paymentInstructions|\/en|\/vi|\/fr/);
      expect(msg.length).toBeGreaterThan(5);
    }
    expect((await lotus()).paymentInstructions).toEqual(before);
  });

  it("are shown with an unpaid order in the reader's language, else English; none when the site gave none", async () => {
    const order = async (headers: Record<string, string>) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/prod-api/order/trade/order/createOrder",
        headers,
        payload: {
          product: "ddos",
          configuration: "",
          action: "new",
          payMethod: "offline",
          idempotencyKey: randomUUID(),
        },
      });
      expect(response.statusCode).toBe(201);
      return response.json().data.orderNo as string;
    };
    const describeOrder = async (headers: Record<string, string>, orderNo: string, language: string) =>
      (
        await t.app.inject({
          method: "GET",
          url: `/prod-api/order/trade/order/describeOrder/${orderNo}`,
          headers: { ...headers, "accept-language": language },
        })
      ).json().data as { status: string; paymentInstructions?: string | null };

    const linhs = await order({ ...as.linh!, host: "demo.localhost" });
    expect((await describeOrder(as.linh!, linhs, "vi")).paymentInstructions).toContain("Số tài khoản: 0071 0001 23456");
    // Chinese was not given: English stands in.
    expect((await describeOrder(as.linh!, linhs, "zh-CN")).paymentInstructions).toBe(
      "Bank transfer to Lotus Shield JSC\nAccount 0071 0001 23456",
    );
    // The default site has none: the page says the provider will get in touch.
    const anas = await order(as.ana!);
    expect((await describeOrder(as.ana!, anas, "en")).paymentInstructions).toBeNull();
    // Someone else's order is not found.
    const other = await t.app.inject({
      method: "GET",
      url: `/prod-api/order/trade/order/describeOrder/${linhs}`,
      headers: as.ana!,
    });
    expect(other.statusCode).toBe(404);

    // Once paid, the order no longer carries them.
    const paid = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${linhs}`,
      headers: as.admin!,
    });
    expect(paid.statusCode).toBe(200);
    expect((await describeOrder(as.linh!, linhs, "vi")).paymentInstructions).toBeUndefined();
  });
});
