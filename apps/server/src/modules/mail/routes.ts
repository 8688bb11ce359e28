import { createHmac, timingSafeEqual } from "node:crypto";
import { Id, MailLogQuery, MailLogView, MailMessageView, Ok, Page } from "@rampart/contracts";
import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { likeAnywhere } from "../../db/like-pattern.ts";
import { sysMail } from "../../db/schema.ts";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok, page } from "../../http/envelope.ts";
import { BadRequestError, NotFoundError } from "../../http/errors.ts";
import { type MailOutbox, maskOneTimeLinks } from "./outbox.ts";
import { sendMailPreview } from "./preview-answer.ts";

type MailRow = typeof sysMail.$inferSelect;

const view = (row: MailRow): MailLogView => ({
  mailId: row.mailId,
  messageId: row.messageId,
  siteId: row.siteId,
  event: row.event,
  language: row.language,
  recipient: row.recipient,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastResponse: row.lastResponse,
  createTime: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/**
 * Monitoring → Mail log: every mail (queued, sent, retrying, failed, not sent), one opened as
 * rendered, a failed one sent again. A site-bound operator sees their site's mail only. One-time
 * links are masked, except in a mail never sent for want of an SMTP server (the only way to follow
 * such a link on an installation without mail).
 */
/** How long a link to a mail's rendering works (the console opens it at once, in a frame). */
const PREVIEW_TTL_MS = 60_000;

export async function mailLogRoutes(
  app: FastifyInstance,
  { db, mail, previewKey, now }: { db: Db; mail: MailOutbox; previewKey: string; now: () => Date },
) {
  const sign = (payload: string) => createHmac("sha256", previewKey).update(payload).digest("base64url");
  const scoped = (siteScope: number | null, ...conditions: (SQL | undefined)[]) =>
    and(siteScope === null ? undefined : eq(sysMail.siteId, siteScope), ...conditions);

  app.get<{ Querystring: MailLogQuery }>(
    "/prod-api/monitor/mail/list",
    {
      config: { access: { permission: "monitor:mail:list" } },
      schema: { querystring: MailLogQuery, response: { 200: Page(MailLogView) } },
    },
    async (request) => {
      const { pageNum, pageSize, recipient, event, status } = request.query;
      const where = scoped(
        siteScopeOf(principalOf(request)),
        recipient?.trim() ? ilike(sysMail.recipient, likeAnywhere(recipient.trim())) : undefined,
        event ? eq(sysMail.event, event) : undefined,
        status ? eq(sysMail.status, status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(sysMail)
          .where(where)
          .orderBy(desc(sysMail.mailId))
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize),
        db.select({ n: count() }).from(sysMail).where(where),
      ]);
      return page(request, rows.map(view), total?.n ?? 0);
    },
  );

  const mailOf = async (mailId: number, siteScope: number | null) => {
    const [row] = await db
      .select()
      .from(sysMail)
      .where(scoped(siteScope, eq(sysMail.mailId, mailId)));
    if (!row) throw new NotFoundError("mail_not_found", { value: String(mailId) });
    return row;
  };

  app.get<{ Params: { mailId: number } }>(
    "/prod-api/monitor/mail/:mailId",
    {
      config: { access: { permission: "monitor:mail:list" } },
      schema: { params: Type.Object({ mailId: Id() }), response: { 200: Ok(MailMessageView) } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const row = await mailOf(request.params.mailId, siteScopeOf(principalOf(request)));
      const keep = row.status === "not_sent";
      return ok(request, {
        ...view(row),
        html: keep ? row.html : maskOneTimeLinks(row.html),
        text: keep ? row.text : maskOneTimeLinks(row.text),
      });
    },
  );

  /**
   * A short-lived address of the mail as rendered, for the console's frame: a frame cannot carry
   * the bearer token, and the mail's HTML needs its own inline styles, which the console's policy
   * refuses. The address names the mail and its expiry, signed; it is good for a minute.
   */
  app.post<{ Params: { mailId: number } }>(
    "/prod-api/monitor/mail/:mailId/preview",
    {
      config: { access: { permission: "monitor:mail:list" } },
      schema: { params: Type.Object({ mailId: Id() }), response: { 200: Ok(Type.Object({ url: Type.String() })) } },
    },
    async (request) => {
      const row = await mailOf(request.params.mailId, siteScopeOf(principalOf(request)));
      const payload = `${row.mailId}.${now().getTime() + PREVIEW_TTL_MS}`;
      return ok(request, { url: `/prod-api/monitor/mail/preview/${payload}.${sign(payload)}` });
    },
  );

  app.get<{ Params: { ticket: string } }>(
    "/prod-api/monitor/mail/preview/:ticket",
    {
      config: { access: "public" },
      schema: {
        params: Type.Object({ ticket: Type.String({ maxLength: 120, pattern: "^[0-9]+\\.[0-9]+\\.[A-Za-z0-9_-]+$" }) }),
      },
    },
    async (request, reply) => {
      const [mailId, expires, signature] = request.params.ticket.split(".");
      const expected = Buffer.from(sign(`${mailId}.${expires}`));
      const given = Buffer.from(signature ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected) || Number(expires) < now().getTime()) {
        throw new NotFoundError("mail_not_found", { value: String(mailId) });
      }
      const row = await mailOf(Number(mailId), null);
      return sendMailPreview(reply, row.status === "not_sent" ? row.html : maskOneTimeLinks(row.html));
    },
  );

  app.post<{ Params: { mailId: number } }>(
    "/prod-api/monitor/mail/:mailId/resend",
    {
      config: { access: { permission: "monitor:mail:resend" } },
      schema: { params: Type.Object({ mailId: Id() }) },
    },
    async (request) => {
      const row = await mailOf(request.params.mailId, siteScopeOf(principalOf(request)));
      if (row.status !== "failed") throw new BadRequestError("mail_not_failed");
      await mail.resend(row.mailId);
      return ok(request, null);
    },
  );
}
