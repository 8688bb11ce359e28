import {
  type Language,
  MailTemplateParams,
  MailTemplatePreview,
  MailTemplateSummary,
  MailTemplateText,
  MailTemplateView,
  Ok,
} from "@rampart/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { NotFoundError } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import {
  checkedText,
  isMailEvent,
  listMailTemplates,
  mailTemplateView,
  revertMailTemplate,
  sampleValues,
  saveMailTemplate,
} from "./mail-templates.ts";
import type { MailEvent, MailValues } from "./mail-texts.ts";
import { type MailOutbox, mailSiteOf } from "./outbox.ts";
import { sendMailPreview } from "./preview-answer.ts";
import { renderMail } from "./render-mail.ts";
import { draftPreview, keepDraftPreview, mailDraftToSelf } from "./template-drafts.ts";

const BASE = "/prod-api/system/mailTemplate";

/**
 * System → Mail templates: every mail's text per event and language, edited with a live preview
 * (sample values, the operator's site's branding), tested by a mail to oneself, saved (the next
 * mails use it) or reverted to the default. Templates serve every site: changing them is global.
 */
export async function mailTemplateRoutes(
  app: FastifyInstance,
  { db, mail, now }: { db: Db; mail: MailOutbox; now: () => Date },
) {
  const eventOf = (params: MailTemplateParams): { event: MailEvent; language: Language } => {
    if (!isMailEvent(params.event)) throw new NotFoundError("mail_template_unknown", { value: params.event });
    return { event: params.event, language: params.language };
  };
  /** A draft written with sample values, in the branding of the operator's site (the default site for most). */
  const renderDraft = async (request: FastifyRequest, event: MailEvent, language: Language, body: MailTemplateText) => {
    const text = await checkedText(event, body);
    const siteId = principalOf(request).siteId;
    const site = await mailSiteOf(db, siteId);
    const consoleOrigin = await siteOrigin(db, site.siteId, null, { console: true });
    const values = sampleValues(
      event,
      language,
      { consoleOrigin, contactWay: site.branding.contactWay, timeZone: site.timeZone },
      now(),
    );
    const rendered = await renderMail(
      event,
      language,
      site.branding,
      { ...values, company: site.branding.company } as MailValues<MailEvent>,
      text,
    );
    // Filed under the operator's own site (none for an operator of no site), like their other mail.
    return { text, values, rendered, siteId };
  };

  app.get(
    `${BASE}/list`,
    {
      config: { access: { permission: "system:mailTemplate:list" } },
      schema: {
        response: {
          200: Type.Object({
            code: Type.Integer(),
            msg: Type.String(),
            rows: Type.Array(MailTemplateSummary),
            total: Type.Integer(),
          }),
        },
      },
    },
    async (request) => {
      const rows = await listMailTemplates(db, request.language);
      return { code: 200, msg: translate(request.language, "ok"), rows, total: rows.length };
    },
  );

  app.get<{ Params: MailTemplateParams }>(
    `${BASE}/:event/:language`,
    {
      config: { access: { permission: "system:mailTemplate:query" } },
      schema: { params: MailTemplateParams, response: { 200: Ok(MailTemplateView) } },
    },
    async (request) => {
      const { event, language } = eventOf(request.params);
      return ok(request, await mailTemplateView(db, event, language));
    },
  );

  app.put<{ Params: MailTemplateParams; Body: MailTemplateText }>(
    `${BASE}/:event/:language`,
    {
      config: { access: { permission: "system:mailTemplate:edit", global: true } },
      schema: { params: MailTemplateParams, body: MailTemplateText, response: { 200: Ok(MailTemplateView) } },
    },
    async (request) => {
      const { event, language } = eventOf(request.params);
      const before = await mailTemplateView(db, event, language);
      const text = await checkedText(event, request.body);
      await saveMailTemplate(db, event, language, text, principalOf(request).userName, now());
      const after = await mailTemplateView(db, event, language);
      request.changed = { before: before.text, after: after.text };
      return { ...ok(request, after), msg: translate(request.language, "mail_template_saved") };
    },
  );

  app.delete<{ Params: MailTemplateParams }>(
    `${BASE}/:event/:language`,
    {
      config: { access: { permission: "system:mailTemplate:edit", global: true } },
      schema: { params: MailTemplateParams, response: { 200: Ok(MailTemplateView) } },
    },
    async (request) => {
      const { event, language } = eventOf(request.params);
      const before = await mailTemplateView(db, event, language);
      await revertMailTemplate(db, event, language);
      const after = await mailTemplateView(db, event, language);
      request.changed = { before: before.text, after: after.text };
      return { ...ok(request, after), msg: translate(request.language, "mail_template_reverted") };
    },
  );

  /**
   * A draft rendered with sample values: its subject and text part, and the short-lived address of
   * its HTML for the console's sandboxed frame (a frame cannot carry the token, and the mail's
   * inline styles need a policy of their own).
   */
  app.post<{ Params: MailTemplateParams; Body: MailTemplateText }>(
    `${BASE}/:event/:language/preview`,
    {
      config: { access: { permission: "system:mailTemplate:query" }, rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { params: MailTemplateParams, body: MailTemplateText, response: { 200: Ok(MailTemplatePreview) } },
    },
    async (request) => {
      const { event, language } = eventOf(request.params);
      const { rendered } = await renderDraft(request, event, language, request.body);
      const previewId = await keepDraftPreview(db, rendered.html, now());
      return ok(request, { subject: rendered.subject, text: rendered.text, url: `${BASE}/preview/${previewId}` });
    },
  );

  app.get<{ Params: { previewId: string } }>(
    `${BASE}/preview/:previewId`,
    {
      config: { access: "public" },
      schema: { params: Type.Object({ previewId: Type.String({ format: "uuid" }) }) },
    },
    async (request, reply) => {
      const html = await draftPreview(db, request.params.previewId, now());
      if (html === null) throw new NotFoundError("mail_template_unknown", { value: "preview" });
      return sendMailPreview(reply, html);
    },
  );

  /** The draft (saved or not), with sample values, mailed to the operator's own address. */
  app.post<{ Params: MailTemplateParams; Body: MailTemplateText }>(
    `${BASE}/:event/:language/test`,
    {
      config: { access: { permission: "system:mailTemplate:test" }, rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: { params: MailTemplateParams, body: MailTemplateText },
    },
    async (request) => {
      const { event, language } = eventOf(request.params);
      const { text, values, siteId } = await renderDraft(request, event, language, request.body);
      const to = await mailDraftToSelf(db, mail, principalOf(request).userId, {
        siteId,
        event,
        language,
        values: values as never,
        text,
      });
      return { code: 200, msg: translate(request.language, "mail_template_test_sent", { value: to }) };
    },
  );
}
