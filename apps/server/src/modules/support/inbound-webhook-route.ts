import type { FastifyInstance } from "fastify";
import { AppError } from "../../http/errors.ts";
import { signatureHeadersOf, signedWith } from "../webhooks/platform-signature.ts";
import { type InboundMessage, isAutomatic, receiveMail } from "./inbound-mail.ts";
import type { ReplyAddresses } from "./reply-address.ts";
import type { SupportDeps } from "./tickets.ts";

/** The largest post taken: a mail with its attachments in base64. */
const BODY_LIMIT = 40 * 1024 * 1024;

interface InboundPost {
  from: string;
  to: string[];
  subject?: string;
  messageId?: string;
  text: string;
  attachments?: { name: string; contentBase64: string }[];
  /** The mail's headers as the provider passes them (Auto-Submitted, Precedence…), by lower-case name. */
  headers?: Record<string, string>;
  /** The provider's verdict that the From address is the sender's (its DMARC pass); absent: not proven. */
  authenticated?: boolean;
}

const isPost = (body: unknown): body is InboundPost => {
  const post = body as InboundPost;
  return (
    typeof post === "object" &&
    post !== null &&
    typeof post.from === "string" &&
    Array.isArray(post.to) &&
    post.to.length <= 20 &&
    post.to.every((to) => typeof to === "string") &&
    typeof post.text === "string" &&
    (post.subject === undefined || typeof post.subject === "string") &&
    (post.authenticated === undefined || typeof post.authenticated === "boolean") &&
    (post.messageId === undefined || typeof post.messageId === "string") &&
    (post.headers === undefined ||
      (typeof post.headers === "object" &&
        post.headers !== null &&
        Object.values(post.headers).every((value) => typeof value === "string"))) &&
    (post.attachments === undefined ||
      (Array.isArray(post.attachments) &&
        post.attachments.every((a) => typeof a?.name === "string" && typeof a?.contentBase64 === "string")))
  );
};

/**
 * POST /prod-api/support/inbound-mail: a provider's inbound-mail webhook (the provider's own format
 * put into this one by a small adapter, or by the provider's templates), signed as Standard
 * Webhooks with INBOUND_WEBHOOK_SECRET: `{from, to[], subject, messageId, text, attachments:
 * [{name, contentBase64}], headers: {auto-submitted, precedence…}, authenticated}`, where
 * `authenticated` is the provider's verdict that the From address passed DMARC. Taken as a mail of the SMTP listener is: 200 with what became of it,
 * 422 when refused, 401 unsigned. Off (404) without the secret.
 */
export async function inboundWebhookRoute(
  app: FastifyInstance,
  deps: SupportDeps & { replies: ReplyAddresses; secret: string },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      "/prod-api/support/inbound-mail",
      {
        config: { access: "public", rateLimit: { max: 120, timeWindow: "1 minute" } },
        bodyLimit: BODY_LIMIT,
        onRequest: async (request) => {
          if (!signatureHeadersOf(request.headers)) throw new AppError(401, "unauthorized");
        },
      },
      async (request) => {
        const raw = typeof request.body === "string" ? request.body : "";
        const headers = signatureHeadersOf(request.headers);
        if (!headers || !signedWith(deps.secret, raw, headers)) throw new AppError(401, "unauthorized");
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          body = null;
        }
        if (!isPost(body)) throw new AppError(400, "bad_request");
        const attachments = (body.attachments ?? []).map((a) => ({
          name: a.name,
          content: Buffer.from(a.contentBase64, "base64"),
        }));
        const message: InboundMessage = {
          via: "webhook",
          from: body.from,
          to: body.to,
          subject: body.subject ?? "",
          messageId: body.messageId || `webhook-${headers.id}`,
          text: body.text,
          attachments,
          size: Buffer.byteLength(body.text) + attachments.reduce((sum, a) => sum + a.content.length, 0),
          automatic: isAutomatic((name) => {
            const headers = body.headers ?? {};
            return Object.hasOwn(headers, name) ? headers[name] : undefined;
          }, null),
          authenticated: body.authenticated === true,
        };
        const outcome = await receiveMail(deps, message);
        if (outcome.outcome === "refused") throw new AppError(422, "inbound_mail_refused", { reason: outcome.reason });
        return { code: 200, msg: "OK", data: outcome };
      },
    );
  });
}
