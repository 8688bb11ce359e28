import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizInboundMail, bizTicketDepartment, sysMenu, sysRole, sysRoleMenu, sysSite } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { platformSignature } from "../webhooks/platform-signature.ts";

// Mails kept aside by the desk, as the providers' inbound webhook hands them over: one to the
// installation's technical department, two to a department of the demo brand's site (LOTUS).
const WEBHOOK_SECRET = Buffer.from("quarantine-webhook-secret-of-the-tests").toString("base64");
let t: TestApp;
const as: Record<string, Record<string, string>> = {};
let lotusSite = 0;

const api = async (who: string, method: "GET" | "POST", url: string, payload?: object) => {
  const response = await t.app.inject({
    method,
    url: `/prod-api/business/support${url}`,
    headers: as[who],
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
};

/** A mail through the signed inbound webhook; answers what became of it. */
async function receive(mail: { from: string; to: string; subject: string; text: string; authenticated: boolean }) {
  const raw = JSON.stringify({ ...mail, to: [mail.to], messageId: `<${randomUUID()}@mail.example>` });
  const id = `msg_${randomUUID()}`;
  const stamp = Math.floor(Date.now() / 1000);
  const response = await t.app.inject({
    method: "POST",
    url: "/prod-api/support/inbound-mail",
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(stamp),
      "webhook-signature": platformSignature(WEBHOOK_SECRET, id, stamp, raw),
    },
    payload: raw,
  });
  return response.json().data;
}

const listed = async (who: string) => {
  const { status, body } = await api(who, "GET", "/quarantine?pageSize=50");
  expect(status).toBe(200);
  return body as {
    rows: { inboundId: number; subject: string; reason: string; siteId: number | null }[];
    total: number;
  };
};
const idOf = async (subject: string) =>
  (await t.database.db.select().from(bizInboundMail).where(eq(bizInboundMail.subject, subject)))[0]!.inboundId;

beforeAll(async () => {
  t = await openTestApp({ inboundMail: { webhookSecret: WEBHOOK_SECRET } });
  const { db } = t.database;
  lotusSite = (await db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS")))[0]!.siteId;
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  // The demo brand's operator (the seeded operator role: list, reply, edit), bound to its site.
  as.lotus = await signInDemoSiteOperator(t.app, db);
  // Someone who may read the desk, not change it.
  const [role] = await db
    .insert(sysRole)
    .values({ roleKey: "desk_reader", roleName: { en: "Desk reader" }, sort: 9 })
    .returning();
  const [listMenu] = await db.select().from(sysMenu).where(eq(sysMenu.perms, "business:ticket:list"));
  await db.insert(sysRoleMenu).values({ roleId: role!.roleId, menuId: listMenu!.menuId });
  await createUser(db, { userName: "reader", password: "Reader-pass-2027x", roles: ["desk_reader"] });
  as.reader = await signIn(t.app, "reader", "Reader-pass-2027x");

  await db
    .update(bizTicketDepartment)
    .set({ email: "tech@desk.rampart.test" })
    .where(eq(bizTicketDepartment.key, "technical"));
  const added = await api("admin", "POST", "/departments", {
    name: { en: "Lotus help", "zh-CN": "莲花支持", "zh-TW": "蓮花支援", id: "", vi: "" },
    email: "help@lotus.desk.rampart.test",
    sort: 1,
    enabled: true,
    siteId: lotusSite,
  });
  expect(added.status).toBe(200);

  // A stranger to the installation's department; a stranger and a sender not proven to the site's.
  expect(
    await receive({
      from: "nobody@example.org",
      to: "tech@desk.rampart.test",
      subject: "Cheap watches",
      text: "Buy <b>now</b> & save",
      authenticated: true,
    }),
  ).toMatchObject({ outcome: "quarantined", reason: "unknown_sender" });
  expect(
    await receive({
      from: "stranger@example.net",
      to: "help@lotus.desk.rampart.test",
      subject: "Lotus question",
      text: "Do you protect game servers?",
      authenticated: true,
    }),
  ).toMatchObject({ outcome: "quarantined", reason: "unknown_sender" });
  expect(
    await receive({
      from: "ceo@bank.example",
      to: "help@lotus.desk.rampart.test",
      subject: "Urgent transfer",
      text: "<script>alert(1)</script> Please pay this today.",
      authenticated: false,
    }),
  ).toMatchObject({ outcome: "quarantined", reason: "unauthenticated" });
});
afterAll(() => t.close());

describe("the quarantined mails", () => {
  it("are listed newest first with their reason and site, and opened with the text kept of them", async () => {
    const { rows, total } = await listed("admin");
    expect(total).toBe(3);
    expect(rows.map((row) => [row.subject, row.reason, row.siteId])).toEqual([
      ["Urgent transfer", "unauthenticated", lotusSite],
      ["Lotus question", "unknown_sender", lotusSite],
      ["Cheap watches", "unknown_sender", null],
    ]);
    const opened = await api("admin", "GET", `/quarantine/${rows[2]!.inboundId}`);
    expect(opened.body.data).toMatchObject({
      mailFrom: "nobody@example.org",
      rcptTo: "tech@desk.rampart.test",
      via: "webhook",
      text: "Buy <b>now</b> & save",
    });
    // A page of one.
    const first = await api("admin", "GET", "/quarantine?pageNum=2&pageSize=10");
    expect(first.body).toMatchObject({ rows: [], total: 3 });
  });

  it("of another site, or of none, are not found by an operator bound to a site", async () => {
    const { rows } = await listed("lotus");
    expect(rows.map((row) => row.subject)).toEqual(["Urgent transfer", "Lotus question"]);
    const other = await idOf("Cheap watches");
    expect((await api("lotus", "GET", `/quarantine/${other}`)).status).toBe(404);
    const refused = await api("lotus", "POST", `/quarantine/${other}/dismiss`);
    expect(refused.status).toBe(404);
    expect((await listed("admin")).total).toBe(3);
  });

  it("are set aside only with business:ticket:edit", async () => {
    const ours = await idOf("Lotus question");
    expect((await listed("reader")).total).toBe(3);
    expect((await api("reader", "GET", `/quarantine/${ours}`)).status).toBe(200);
    expect((await api("reader", "POST", `/quarantine/${ours}/dismiss`)).status).toBe(403);
    expect((await listed("admin")).total).toBe(3);
  });

  it("leave the list once set aside, and their text is dropped", async () => {
    const ours = await idOf("Urgent transfer");
    const dismissed = await t.app.inject({
      method: "POST",
      url: `/prod-api/business/support/quarantine/${ours}/dismiss`,
      headers: { ...as.lotus, "accept-language": "zh-TW" },
    });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().msg).toBe("郵件已略過，內文已刪除");
    expect((await listed("lotus")).rows.map((row) => row.subject)).toEqual(["Lotus question"]);
    expect((await listed("admin")).total).toBe(2);
    expect((await api("lotus", "GET", `/quarantine/${ours}`)).status).toBe(404);
    expect((await api("admin", "POST", `/quarantine/${ours}/dismiss`)).status).toBe(404);
    const [row] = await t.database.db.select().from(bizInboundMail).where(eq(bizInboundMail.inboundId, ours));
    expect(row).toMatchObject({ outcome: "quarantined", text: "", dismissedBy: "lotus.ops" });
    expect(row!.dismissedAt).toBeInstanceOf(Date);
  });
});
