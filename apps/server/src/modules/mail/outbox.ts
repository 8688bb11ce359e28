import { randomUUID } from "node:crypto";
import type { Language } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Job } from "pg-boss";
import type { Db, Tx } from "../../db/client.ts";
import { sysMail, sysSite } from "../../db/schema.ts";
import type { JobRunner, QueuePolicy } from "../../jobs/job-runner.ts";
import { mailLogo } from "../sites/brand-logo.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import { mailTextOf } from "./mail-templates.ts";
import { fill, type MailEvent, type MailText, type MailValues } from "./mail-texts.ts";
import { isMailMoment, type MailMoment, mailTime, readerTimeZone } from "./mail-time.ts";
import { carriesOneTimeLink, type LinkMail, type LinkReissuer, maskOneTimeLinks } from "./one-time-links.ts";
import { type MailBranding, renderMail } from "./render-mail.ts";

export const MAIL_QUEUE = "mail-delivery";

/** A mail's attached file as it goes out. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Writes the documents a mail carries (the invoices module's PDFs), in the mail's language, when it is sent. */
export type AttachmentWriter = (
  db: Db,
  attached: { invoiceNo: string }[],
  language: string,
) => Promise<MailAttachment[]>;

/**
 * SMTP down or refusing for a while: retried with doubling waits (30 s, 1 min, … capped at 4 h),
 * fourteen times, which spans a little over 24 hours; then the mail is "failed".
 */
export const MAIL_POLICY: QueuePolicy = {
  retryLimit: 14,
  retryDelaySeconds: 30,
  backoff: true,
  retryDelayMaxSeconds: 4 * 3600,
  expireInSeconds: 90,
};
export const NOT_CONFIGURED = "not sent: no SMTP server configured";

/**
 * The SMTP server's last answer as kept: its one-time links masked (a spam filter's refusal may
 * quote the mail's link, token and all, and the mail log shows the answer), then cut to 500.
 */
const smtpAnswer = (answer: unknown) => maskOneTimeLinks(String(answer ?? "")).slice(0, 500);

/** A kept mail without its one-time links: what is left once it has gone out or never will. */
const withoutOneTimeLinks = (mail: { subject: string; html: string; text: string }) => ({
  subject: maskOneTimeLinks(mail.subject),
  html: maskOneTimeLinks(mail.html),
  text: maskOneTimeLinks(mail.text),
});

/** A mail as the notification centre keeps it (for the account whose address it went to). */
export interface SentNotice {
  siteId: number | null;
  event: MailEvent;
  /** The account, when the sender named it; else the one account of the site with the address. */
  userId?: number;
  to: string;
  /** The mail's subject and text, filled in (without its layout). */
  subject: string;
  body: string;
  /** The address the mail's button leads to, or "". */
  link: string;
  mailId: number;
  at: Date;
}
/**
 * Keeps a mail as a notice, in the mail's own transaction (the notifications module), and says
 * whether the mail is still to be delivered (false: its reader turned mail off for its kind).
 */
export type NoticeWriter = (tx: Tx, notice: SentNotice) => Promise<{ deliver: boolean; why?: string }>;

export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
}

/** A mail's values as asked for: texts, and moments written in the reader's zone when it is rendered. */
export type MailInput<E extends MailEvent> = { [K in Exclude<keyof MailValues<E>, "company">]: string | MailMoment };

/** What a mail is about, and to whom, in which language, for which site. */
export interface MailRequest<E extends MailEvent> {
  siteId: number | null;
  event: E;
  /**
   * The account the mail is about, when the sender knows it: its notice is kept for that account
   * (a mail to an address the account just left goes to the old address, its notice to the account).
   */
  userId?: number;
  language: Language;
  to: string;
  /** The reader's own time zone (sys_user.time_zone); "" or none: the site's. */
  timeZone?: string;
  values: MailInput<E>;
  /**
   * What makes this mail one of a kind ("order-paid-2026…"): its Message-ID is built from it, and a
   * second mail with the same key is not recorded (a job that runs twice mails once).
   */
  key?: string;
  /** Write it with this text rather than the event's template (a test of a draft). */
  text?: MailText;
  /** Invoices attached when it is sent (as PDFs in the mail's language). */
  attachments?: { invoiceNo: string }[];
  /** Where its answers go, instead of the site's reply-to (a ticket's signed address). */
  replyTo?: string;
}

/**
 * Every mail the server sends goes through here. `enqueue` renders it and records it in the
 * caller's transaction, with its delivery job (no mail without its change, no change without its
 * mail); the job runner delivers it through nodemailer, retrying while SMTP is down; without
 * SMTP_URL the mail is kept, marked not sent, and readable in Monitoring → Mail log.
 */
export class MailOutbox {
  readonly #db: Db;
  readonly #jobs: JobRunner;
  readonly #settings: MailSettings;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => Date;
  /** SMTP_URL as nodemailer's options (read at start: a bad URL stops the start, not a delivery). */
  readonly #smtp: ReturnType<typeof smtpOptions> | null;
  /** The SMTP connection pool, made on the first delivery (nodemailer is a tenth of a second to load). */
  #transport: Promise<Transporter> | undefined;
  /** Who mails a fresh one-time link, by event (the modules that own the tokens). */
  readonly #reissuers = new Map<MailEvent, LinkReissuer>();
  #attachments: AttachmentWriter | undefined;
  #notices: NoticeWriter | undefined;

  constructor(deps: { db: Db; jobs: JobRunner; log: FastifyBaseLogger; now: () => Date }, settings: MailSettings) {
    this.#db = deps.db;
    this.#jobs = deps.jobs;
    this.#log = deps.log;
    this.#now = deps.now;
    this.#settings = settings;
    this.#smtp = settings.smtpUrl ? smtpOptions(settings.smtpUrl) : null;
  }

  /** Who keeps customers' mails as notices in the console (the notifications module, at assembly). */
  defineNotices(writer: NoticeWriter): void {
    this.#notices = writer;
  }

  /** Who writes the documents mails carry (the invoices module, at the app's assembly). */
  defineAttachments(writer: AttachmentWriter): void {
    this.#attachments = writer;
  }

  /**
   * The mail, rendered in the site's branding, recorded and queued in the caller's transaction.
   * Answers its id, or null when a mail with its key was already recorded.
   */
  async enqueue<E extends MailEvent>(tx: Tx, mail: MailRequest<E>): Promise<number | null> {
    const site = await mailSiteOf(tx, mail.siteId);
    const values = { ...writtenValues(mail, site.timeZone), company: site.branding.company } as MailValues<E>;
    const text = mail.text ?? (await mailTextOf(tx, mail.event, mail.language));
    const rendered = await renderMail(mail.event, mail.language, site.branding, values, text);
    const domain = this.#settings.mailFrom.split("@")[1] ?? "rampart.localhost";
    const [row] = await tx
      .insert(sysMail)
      .values({
        messageId: `<${mail.key ?? randomUUID()}@${domain}>`,
        // Filed under the site it was asked for: a mail of an account of no site is of no site
        // (in the default site's branding), out of every site-bound operator's log.
        siteId: mail.siteId,
        event: mail.event,
        language: mail.language,
        recipient: mail.to,
        subject: rendered.subject.slice(0, 500),
        html: rendered.html,
        text: rendered.text,
        attachments: mail.attachments ?? [],
        replyTo: mail.replyTo ?? "",
        createdAt: this.#now(),
      })
      .onConflictDoNothing({ target: sysMail.messageId })
      .returning({ mailId: sysMail.mailId });
    if (!row) return null;
    if (this.#notices && mail.text === undefined) {
      const filled = values as Record<string, string>;
      const { deliver, why } = await this.#notices(tx, {
        siteId: mail.siteId,
        event: mail.event,
        ...(mail.userId === undefined ? {} : { userId: mail.userId }),
        to: mail.to,
        subject: rendered.subject,
        body: fill(text.body, filled),
        link: filled.link ?? "",
        mailId: row.mailId,
        at: this.#now(),
      });
      if (!deliver) {
        await tx
          .update(sysMail)
          .set({ status: "not_sent", lastResponse: `not sent: ${why ?? "its reader does not want it by mail"}` })
          .where(eq(sysMail.mailId, row.mailId));
        return row.mailId;
      }
    }
    await this.#jobs.sendIn(tx, MAIL_QUEUE, { mailId: row.mailId }, { singletonKey: `mail-${row.mailId}` });
    return row.mailId;
  }

  /** Renders a mail without keeping it: the same work as `enqueue`, for answers that must take as long. */
  async renderOnly<E extends MailEvent>(mail: MailRequest<E>): Promise<void> {
    const site = await mailSiteOf(this.#db, mail.siteId);
    await renderMail(
      mail.event,
      mail.language,
      site.branding,
      { ...writtenValues(mail, site.timeZone), company: site.branding.company } as MailValues<E>,
      await mailTextOf(this.#db, mail.event, mail.language),
    );
  }

  /** Closes the pooled SMTP connections (the server is stopping). */
  close(): void {
    void this.#transport?.then(
      (transport) => transport.close(),
      () => {},
    );
  }

  #transportWith(options: ReturnType<typeof smtpOptions>): Promise<Transporter> {
    this.#transport ??= import("nodemailer")
      .then(({ default: nodemailer }) => nodemailer.createTransport(options))
      .catch((error: unknown) => {
        // Tried again by the next delivery (the job is retried).
        this.#transport = undefined;
        throw error;
      });
    return this.#transport;
  }

  /**
   * The module owning an event's one-time links says how to send a fresh one (at the app's
   * assembly): a failed mail of that event is sent again as a new mail with a new link.
   */
  defineReissue(event: MailEvent, reissuer: LinkReissuer): void {
    if (!carriesOneTimeLink(event)) throw new Error(`${event} carries no one-time link`);
    this.#reissuers.set(event, reissuer);
  }

  /** A new mail with a new one-time link to the owner of a mail of the log (its own link is gone). */
  async reissue(mail: LinkMail): Promise<void> {
    const reissuer = this.#reissuers.get(mail.event);
    if (!reissuer) throw new Error(`no way to send ${mail.event} again`);
    await reissuer(mail);
  }

  async #attachmentsOf(attached: { invoiceNo: string }[], language: string): Promise<MailAttachment[]> {
    if (attached.length === 0) return [];
    if (!this.#attachments) throw new Error("mails carry documents, and no one writes them");
    return this.#attachments(this.#db, attached, language);
  }

  /** Sends a failed mail again (a new delivery job, the same content: it carries no one-time link). */
  async resend(mailId: number): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await tx.update(sysMail).set({ status: "queued", attempts: 0 }).where(eq(sysMail.mailId, mailId));
      await this.#jobs.sendIn(tx, MAIL_QUEUE, { mailId }, { singletonKey: `mail-${mailId}-again-${Date.now()}` });
    });
  }

  /** The job of one mail (the mail module's delivery queue): sent, retried, or given up on. */
  async deliver(mailId: number, job: Job<{ mailId: number }>): Promise<void> {
    const [row] = await this.#db
      .select({
        mail: sysMail,
        senderName: sysSite.mailSenderName,
        company: sysSite.company,
        replyTo: sysSite.mailReplyTo,
      })
      .from(sysMail)
      .leftJoin(sysSite, eq(sysSite.siteId, sysMail.siteId))
      .where(eq(sysMail.mailId, mailId));
    const mail = row?.mail;
    if (!mail || mail.status === "sent" || mail.status === "not_sent" || mail.status === "failed") return;
    if (!this.#smtp) {
      // Never to be sent: its one-time link is of no use to anyone, and not kept.
      await this.#db
        .update(sysMail)
        .set({ status: "not_sent", lastResponse: NOT_CONFIGURED, ...withoutOneTimeLinks(mail) })
        .where(eq(sysMail.mailId, mailId));
      this.#log.info(
        { mailId, event: mail.event, to: mail.recipient },
        `mail not sent (no SMTP_URL): read it in Monitoring → Mail log, or GET /prod-api/monitor/mail/${mailId}`,
      );
      return;
    }
    // The site's sender name and reply-to (the default site's for a mail of no site); the mail's own reply-to first.
    const site =
      row.company !== null
        ? { senderName: row.senderName || row.company, replyTo: row.replyTo ?? "" }
        : await mailSiteOf(this.#db, null);
    // This try counts whatever its outcome (written with the outcome: one statement, not two).
    const attempts = mail.attempts + 1;
    try {
      const transport = await this.#transportWith(this.#smtp);
      const info = await transport.sendMail({
        from: { name: site.senderName, address: this.#settings.mailFrom },
        ...(mail.replyTo || site.replyTo ? { replyTo: mail.replyTo || site.replyTo } : {}),
        to: mail.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        // Sent by a program: out-of-office and other automatic answers are not to come back (RFC 3834).
        headers: {
          "Content-Language": mail.language,
          "Auto-Submitted": "auto-generated",
          "X-Auto-Response-Suppress": "All",
        },
        attachments: await this.#attachmentsOf(mail.attachments, mail.language),
      });
      // Sent: the kept copy no longer needs its one-time link.
      await this.#db
        .update(sysMail)
        .set({
          status: "sent",
          attempts,
          sentAt: this.#now(),
          lastResponse: smtpAnswer(info.response),
          ...withoutOneTimeLinks(mail),
        })
        .where(eq(sysMail.mailId, mailId));
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      // The server refused this message for good (5xx): this mail fails, no retry. Anything else
      // (down, busy, 4xx) is tried again until the policy's last try.
      const permanent = typeof code === "number" && code >= 500;
      const last = job.retryCount >= MAIL_POLICY.retryLimit;
      await this.#db
        .update(sysMail)
        .set({
          status: permanent || last ? "failed" : "retrying",
          attempts,
          lastResponse: smtpAnswer((error as Error).message),
          // Failed for good: sending it again makes a new link, this one is not kept.
          ...(permanent || last ? withoutOneTimeLinks(mail) : {}),
        })
        .where(eq(sysMail.mailId, mailId));
      if (!permanent && !last) throw error;
    }
  }
}

/**
 * SMTP_URL as nodemailer's options: smtps:// is TLS from the start, smtp:// upgrades with STARTTLS
 * when the server offers it; credentials from the URL. A server that does not answer is given up
 * on in seconds (the job is retried), not nodemailer's minutes.
 */
function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  return {
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // A few connections kept open and reused (a hundred mails each): no TCP and SMTP greeting
    // (and TLS handshake) for every mail.
    pool: true,
    maxConnections: 3,
    maxMessages: 100,
  };
}

/** The site a mail speaks for (the default site when none): branding, sender name, reply-to. */
export async function mailSiteOf(db: Db | Tx, siteId: number | null) {
  const [site] = await db
    .select()
    .from(sysSite)
    .where(siteId === null ? eq(sysSite.isDefault, true) : eq(sysSite.siteId, siteId));
  if (!site) throw new Error(`no site ${siteId ?? "(default)"} to send mail for`);
  // An uploaded logo at the site's own address, built from its record (never from a request).
  const logo = await mailLogo(db, site.logo1, () => siteOrigin(db, site.siteId, null));
  const branding: MailBranding = {
    company: site.company,
    themeColor: site.themeColor,
    logoUrl: logo?.url ?? "",
    ...(logo?.size ? { logoSize: logo.size } : {}),
    contactWay: site.contactWay,
  };
  return {
    siteId: site.siteId,
    branding,
    senderName: site.mailSenderName || site.company,
    replyTo: site.mailReplyTo,
    timeZone: site.timeZone,
  };
}

/** The mail's values as texts: each moment in the reader's zone (their own, else the site's) and language. */
function writtenValues<E extends MailEvent>(mail: MailRequest<E>, siteTimeZone: string): Record<string, string> {
  const zone = readerTimeZone(mail.timeZone ?? "", siteTimeZone);
  return Object.fromEntries(
    Object.entries(mail.values as Record<string, string | MailMoment>).map(([name, value]) => [
      name,
      isMailMoment(value) ? mailTime(value, mail.language, zone) : value,
    ]),
  );
}
