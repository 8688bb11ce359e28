import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizLead } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
const as: Record<string, Record<string, string>> = {};
const lead = (name: string, product: string, host: string, address: string) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/lead/apply",
    headers: { host },
    remoteAddress: address,
    payload: {
      name,
      email: `${name.split(" ")[0]?.toLowerCase()}@example.com`,
      phone: "+84 28 7300 1234",
      address: "12 Nguyen Hue, Saigon",
      content: `Please call me about ${product} for our shop`,
      product,
    },
  });

beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
  as.nina = await signIn(t.app, "nina", "nina-pass-12");
  as.lotus = await signInDemoSiteOperator(t.app, t.database.db);
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  await lead("An Nguyen", "waf", "localhost", "203.0.113.10");
  await lead("Binh Tran", "cdn", "localhost", "203.0.113.11");
  await lead("Chi Le", "ddos", "demo.localhost", "203.0.113.12");
});
afterAll(() => t.close());

const list = (headers: Record<string, string>, query = "") =>
  t.app.inject({ url: `/prod-api/lead/list?${query}`, headers });
const move = (headers: Record<string, string>, leadId: number, payload: object) =>
  t.app.inject({ method: "POST", url: `/prod-api/lead/${leadId}/status`, headers, payload });
const leadId = async (name: string) =>
  (await t.database.db.select().from(bizLead).where(eq(bizLead.name, name)))[0]!.leadId;

describe("leads in the back office", () => {
  it("are listed newest first and filtered by status, product, channel and words", async () => {
    const all = (await list(as.admin!)).json();
    expect(all.total).toBe(3);
    expect(all.rows.map((r: { name: string }) => r.name)).toEqual(["Chi Le", "Binh Tran", "An Nguyen"]);
    const names = async (query: string) =>
      (await list(as.admin!, query)).json().rows.map((r: { name: string }) => r.name);
    expect(await names("product=waf")).toEqual(["An Nguyen"]);
    expect(await names("agentCode=LOTUS")).toEqual(["Chi Le"]);
    expect(await names("keyword=BINH")).toEqual(["Binh Tran"]);
    expect(await names("keyword=100%25")).toEqual([]);
    expect(await names("status=new")).toHaveLength(3);
  });

  it("move from new to contacted to approved, each move recorded with who, when and why", async () => {
    const id = await leadId("An Nguyen");
    expect((await move(as.admin!, id, { status: "contacted", note: "Called, wants a WAF trial" })).statusCode).toBe(
      200,
    );
    expect((await move(as.admin!, id, { status: "approved" })).statusCode).toBe(200);
    const refused = await move({ ...as.admin!, "accept-language": "vi" }, id, { status: "rejected" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe("Khách hàng tiềm năng này đã được xử lý; không thể đổi trạng thái như vậy");
    const [row] = (await list(as.admin!, "product=waf")).json().rows;
    expect(row.status).toBe("approved");
    expect(row.events).toMatchObject([
      { fromStatus: "new", toStatus: "contacted", note: "Called, wants a WAF trial", byUser: "admin" },
      { fromStatus: "contacted", toStatus: "approved", note: "", byUser: "admin" },
    ]);
    expect((await move(as.admin!, id, { status: "new" })).statusCode).toBe(400);
  });

  it("of another site are out of a site-bound operator's sight and reach", async () => {
    const own = (await list(as.lotus!)).json();
    expect(own.rows.map((r: { name: string }) => r.name)).toEqual(["Chi Le"]);
    expect((await move(as.lotus!, await leadId("Binh Tran"), { status: "rejected" })).statusCode).toBe(404);
    expect((await move(as.lotus!, await leadId("Chi Le"), { status: "rejected", note: "Spam" })).statusCode).toBe(200);
  });

  it("are not for customers", async () => {
    expect((await list(as.nina!)).statusCode).toBe(403);
    expect((await move(as.nina!, await leadId("Binh Tran"), { status: "approved" })).statusCode).toBe(403);
  });
});
