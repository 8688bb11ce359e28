import { NOTICE_EVENT_KINDS } from "@rampart/contracts";
import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMail, sysUser } from "../../db/schema.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { MAIL_EVENTS, type MailEvent } from "../mail/mail-texts.ts";
import { carriesOneTimeLink } from "../mail/one-time-links.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { sendNoticeDigests } from "./notice-digests.ts";
import { noticeBody } from "./notices.ts";

let clock = new Date("2027-06-01T08:00:00Z");
const now = () => clock;
let t: TestApp;
const as: Record<string, Record<string, string>> = {};

const api = async (who: string, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) => {
  const response = await t.app.inject({
    method,
    url: `/prod-api${url}`,
    headers: as[who],
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() };
};
/** A mail to the customer, through a real flow: changing their password mails them (a security notice). */
const changePassword = (who: string, from: string, to: string) =>
  api(who, "PUT", "/system/user/profile/updatePwd", { oldPassword: from, newPassword: to });

beforeAll(async () => {
  t = await openTestApp({ now, jobSchedules: false });
  const { db } = t.database;
  await createUser(db, { userName: "mai", password: "Mai-pass-2027a" });
  await createUser(db, { userName: "tom", password: "Tom-pass-2027a" });
  await db.update(sysUser).set({ email: "mai@example.vn", emailVerifiedAt: clock }).where(eq(sysUser.userName, "mai"));
  await db.update(sysUser).set({ email: "tom@example.id" }).where(eq(sysUser.userName, "tom"));
  as.mai = { ...(await signIn(t.app, "mai", "Mai-pass-2027a")), "accept-language": "vi" };
  as.tom = await signIn(t.app, "tom", "Tom-pass-2027a");
});
afterAll(() => t.close());

describe("a customer's notices", () => {
  it("takes a mail's greeting off its text", () => {
    expect(noticeBody("Hello Mai,\n\nYour password was changed.\n\nIf it was not you, reset it.")).toBe(
      "Your password was changed.\n\nIf it was not you, reset it.",
    );
    expect(noticeBody("陈怡君，您好：\n\n证书已签发。")).toBe("证书已签发。");
    expect(noticeBody("One paragraph only.")).toBe("One paragraph only.");
  });

  it("keeps every notice mailed to a customer, in their language, for them alone, until read", async () => {
    expect((await api("mai", "GET", "/notifications/bell")).body.data).toEqual({ unread: 0, latest: [] });
    expect((await changePassword("mai", "Mai-pass-2027a", "Lantern-river-8341")).status).toBe(200);
    expect((await changePassword("mai", "Lantern-river-8341", "Copper-harbor-5172")).status).toBe(200);
    expect((await changePassword("tom", "Tom-pass-2027a", "Orchid-summit-4418")).status).toBe(200);

    const bell = (await api("mai", "GET", "/notifications/bell")).body.data;
    expect(bell.unread).toBe(2);
    expect(bell.latest[0]).toMatchObject({ kind: "security", event: "password_changed", read: false });
    // The mail's subject and text in Vietnamese, without "Xin chào Mai,".
    expect(bell.latest[0].title).toMatch(/mật khẩu/i);
    expect(bell.latest[0].body).not.toMatch(/^Xin chào/);
    expect(bell.latest[0].createdAt).toBe(clock.toISOString());

    // Another's notices are not theirs to read nor to mark.
    const toms = (await api("tom", "GET", "/notifications")).body;
    expect(toms.total).toBe(1);
    const tomsId = toms.rows[0].notificationId;
    expect((await api("mai", "POST", "/notifications/read", { ids: [tomsId] })).body.data).toEqual({ read: 0 });
    expect((await api("tom", "GET", "/notifications?unread=true")).body.total).toBe(1);

    // One read, then every one.
    const first = bell.latest[1].notificationId;
    expect((await api("mai", "POST", "/notifications/read", { ids: [first] })).body.data).toEqual({ read: 1 });
    expect((await api("mai", "GET", "/notifications?unread=true")).body.total).toBe(1);
    expect((await api("mai", "POST", "/notifications/read", {})).body.data).toEqual({ read: 1 });
    expect((await api("mai", "GET", "/notifications/bell")).body.data.unread).toBe(0);
    expect((await api("mai", "GET", "/notifications?kind=security")).body.total).toBe(2);
    expect((await api("mai", "GET", "/notifications?kind=orders")).body.total).toBe(0);
  });

  it("mails a kind of notice only while its reader wants it, the account's security always", async () => {
    const prefs = (await api("mai", "GET", "/notifications/preferences")).body.data;
    expect(prefs).toHaveLength(8);
    expect(prefs.every((pref: { mail: boolean }) => pref.mail)).toBe(true);
    expect(prefs.find((pref: { kind: string }) => pref.kind === "security")).toMatchObject({ mailRequired: true });
    const saved = await api("mai", "PUT", "/notifications/preferences", { mailOff: ["tickets", "security"] });
    expect(saved.status).toBe(200);
    const after = Object.fromEntries(
      saved.body.data.map((pref: { kind: string; mail: boolean }) => [pref.kind, pref.mail]),
    );
    expect(after).toMatchObject({ tickets: false, security: true, orders: true });

    // A ticket she opens: kept in her console, its mail kept unsent (the mail log says why).
    const [department] = (await api("mai", "GET", "/support/departments")).body.data;
    const opened = await api("mai", "POST", "/support/tickets", {
      departmentId: department.departmentId,
      subject: "Where is my invoice?",
      message: "<p>I cannot find it.</p>",
    });
    expect(opened.status).toBe(200);
    const mails = await t.database.db.select().from(sysMail).where(eq(sysMail.event, "ticket_opened"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: "not_sent", lastResponse: expect.stringContaining("turned off mail") });
    const kept = (await api("mai", "GET", "/notifications?kind=tickets")).body;
    expect(kept.total).toBe(1);
    // Security stays mailed whatever was asked.
    expect((await changePassword("mai", "Copper-harbor-5172", "Juniper-delta-6642")).status).toBe(200);
    const [latest] = await t.database.db
      .select()
      .from(sysMail)
      .where(eq(sysMail.event, "password_changed"))
      .orderBy(desc(sysMail.mailId))
      .limit(1);
    expect(latest!.lastResponse).not.toContain("turned off");
  });

  it("holds a kind's notices that come within the hour of its last mail, and mails them in one digest", async () => {
    const { db } = t.database;
    await createUser(db, { userName: "dina", password: "Dina-pass-2027a" });
    as.dina = await signIn(t.app, "dina", "Dina-pass-2027a");
    // She reads Indonesian (the language she last signed in with, as the server keeps it).
    await db.update(sysUser).set({ email: "dina@example.id", language: "id" }).where(eq(sysUser.userName, "dina"));
    const [department] = (await api("dina", "GET", "/support/departments")).body.data;
    const open = (subject: string) =>
      api("dina", "POST", "/support/tickets", {
        departmentId: department.departmentId,
        subject,
        message: "<p>Tolong dibantu.</p>",
      });
    const mailsTo = (event: string) =>
      db
        .select()
        .from(sysMail)
        .where(and(eq(sysMail.event, event), eq(sysMail.recipient, "dina@example.id")))
        .orderBy(asc(sysMail.mailId));
    const start = clock;
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    clock = at(0);
    expect((await open("Sertifikat belum terbit")).status).toBe(200);
    clock = at(10);
    expect((await open("CNAME tidak terverifikasi")).status).toBe(200);
    clock = at(20);
    expect((await open("Tagihan ganda")).status).toBe(200);
    // The first went out; the two after it wait, in the console at once.
    const opened = await mailsTo("ticket_opened");
    expect(opened.map((m) => m.lastResponse.includes("digest"))).toEqual([false, true, true]);
    expect((await api("dina", "GET", "/notifications/bell")).body.data.unread).toBe(3);

    const runner = new JobRunner(t.database, t.app.log);
    const mail = new MailOutbox(
      { db, jobs: runner, log: t.app.log, now },
      { smtpUrl: undefined, mailFrom: "x@rampart.test" },
    );
    await runner.start();
    try {
      clock = at(59);
      expect(await sendNoticeDigests({ db, mail, now })).toBe(0);
      clock = at(61);
      expect(await sendNoticeDigests({ db, mail, now })).toBe(1);
      expect(await sendNoticeDigests({ db, mail, now })).toBe(0);
      const [digest] = await mailsTo("notice_digest");
      expect(digest!.subject).toBe("2 pemberitahuan lagi: dukungan");
      expect(digest!.text).toContain("CNAME tidak terverifikasi");
      expect(digest!.text).toContain("Tagihan ganda");
      expect(digest!.text).not.toContain("Sertifikat belum terbit");
      // Within the hour of the digest, the next waits for the next digest.
      clock = at(70);
      expect((await open("Domain baru")).status).toBe(200);
      expect((await mailsTo("ticket_opened")).at(-1)!.lastResponse).toContain("digest");
      clock = at(122);
      expect(await sendNoticeDigests({ db, mail, now })).toBe(1);
      expect(await mailsTo("notice_digest")).toHaveLength(2);
    } finally {
      await runner.stop();
    }
  });

  it("keeps a notice for its account, never for a look-alike account that did not confirm the address", async () => {
    const { db } = t.database;
    // Eve writes Mai's address into her own account, unconfirmed.
    await createUser(db, { userName: "eve", password: "Eve-pass-2027a" });
    await db.update(sysUser).set({ email: "MAI@example.vn" }).where(eq(sysUser.userName, "eve"));
    as.eve = await signIn(t.app, "eve", "Eve-pass-2027a");
    const before = (await api("mai", "GET", "/notifications")).body.total;
    const [department] = (await api("mai", "GET", "/support/departments")).body.data;
    expect(
      (
        await api("mai", "POST", "/support/tickets", {
          departmentId: department.departmentId,
          subject: "A second question",
          message: "<p>Another one.</p>",
        })
      ).status,
    ).toBe(200);
    // Mailed to the shared address: the notice is the confirmed account's.
    expect((await api("mai", "GET", "/notifications")).body.total).toBe(before + 1);
    expect((await api("eve", "GET", "/notifications")).body.total).toBe(0);
  });

  it("takes notices from customer mails only: never one that carries a one-time link, nor an operator's alert", () => {
    const events = Object.keys(MAIL_EVENTS) as MailEvent[];
    // Every notice is a mail that exists (no misspelt event that would never be kept).
    for (const event of Object.keys(NOTICE_EVENT_KINDS)) expect(events).toContain(event);
    for (const event of events.filter(carriesOneTimeLink)) expect(NOTICE_EVENT_KINDS[event]).toBeUndefined();
    for (const alert of [
      "lead_alert",
      "order_offline_alert",
      "ticket_alert",
      "ticket_urgent_page",
      "provisioning_overdue",
    ]) {
      expect(NOTICE_EVENT_KINDS[alert]).toBeUndefined();
    }
  });

  it("tells the customer's open console of a new notice as it comes (Server-Sent Events)", async () => {
    // Anything but a reader of event streams is answered at once.
    const plain = await api("mai", "GET", "/notifications/stream");
    expect(plain.status).toBe(406);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const controller = new AbortController();
    const response = await fetch(`${address}/prod-api/notifications/stream`, {
      headers: { authorization: as.mai!.authorization!, accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    const heard = (async () => {
      while (!received.includes("event: notice")) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
      }
    })();
    // Another customer's notice is not told to her.
    expect((await changePassword("tom", "Orchid-summit-4418", "Granite-meadow-7735")).status).toBe(200);
    expect((await changePassword("mai", "Juniper-delta-6642", "Velvet-canyon-2960")).status).toBe(200);
    await heard;
    expect(received.match(/event: notice/g)).toHaveLength(1);
    controller.abort();
  });
});
