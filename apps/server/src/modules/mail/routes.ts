import { createHmac, timingSafeEqual } from "node:crypto";
import { Id, MailLogQuery, MailLogView, MailMessageView, Ok, Page } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { siteScopeOf } from "../../http/data-scope.ts";
import { ok, page } from "../../http/envelope.ts";
import { NotFoundError } from "../../http/errors.ts";
import { listMails, mailMessage, mailRecord, sendMailAgain } from "./mail-log.ts";
import type { MailOutbox } from "./outbox.ts";
import { sendMailPreview } from "./preview-answer.ts";

/** How long a link to a mail's rendering works (the console opens it at once, in a frame). */
const PREVIEW_TTL_MS = 60_000;

/**
 * Monitoring → Mail log: every mail (queued, sent, retrying, failed, not sent), one opened as
 * rendered, a failed one sent again. A site-bound operator sees their site's mail only; one-time
 * links are masked for everyone, and a failed one is sent again as a new link (mail-log.ts).
 */
export async function mailLogRoutes(
  app: FastifyInstance,
  { db, mail, previewKey, now }: { db: Db; mail: MailOutbox; previewKey: string; now: () => Date },
) {
  const sign = (payload: string) => createHmac("sha256", previewKey).update(payload).digest("base64url");

  app.get<{ Querystring: MailLogQuery }>(
    "/prod-api/monitor/mail/list",
    {
      config: { access: { permission: "monitor:mail:list" } },
      schema: { querystring: MailLogQuery, response: { 200: Page(MailLogView) } },
    },
    async (request) => {
      const { rows, total } = await listMails(db, request.query, siteScopeOf(principalOf(request)));
      return page(request, rows, total);
    },
  );

  app.get<{ Params: { mailId: number } }>(
    "/prod-api/monitor/mail/:mailId",
    {
      config: { access: { permission: "monitor:mail:list" } },
      schema: { params: Type.Object({ mailId: Id() }), response: { 200: Ok(MailMessageView) } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const row = await mailRecord(db, request.params.mailId, siteScopeOf(principalOf(request)));
      return ok(request, mailMessage(row));
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
      const row = await mailRecord(db, request.params.mailId, siteScopeOf(principalOf(request)));
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
      const row = await mailRecord(db, Number(mailId), null);
      return sendMailPreview(reply, mailMessage(row).html);
    },
  );

  app.post<{ Params: { mailId: number } }>(
    "/prod-api/monitor/mail/:mailId/resend",
    {
      config: { access: { permission: "monitor:mail:resend" } },
      schema: { params: Type.Object({ mailId: Id() }) },
    },
    async (request) => {
      const row = await mailRecord(db, request.params.mailId, siteScopeOf(principalOf(request)));
      await sendMailAgain(mail, row);
      return ok(request, null);
    },
  );
}
