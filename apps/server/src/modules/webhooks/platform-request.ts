import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db, Tx } from "../../db/client.ts";
import { sysWebhook, sysWebhookCallback } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { MessageKey } from "../../http/messages.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";
import { signatureHeadersOf, signedWith } from "./platform-signature.ts";

/**
 * Requests from the provider's platform to Rampart (the provisioning callback, a certificate's
 * key, usage batches and targets, purge answers): each names the endpoint (System → Webhooks)
 * whose secret signs it as Rampart's deliveries are signed (Standard Webhooks), and each is taken
 * once.
 */
export type PlatformHeaders = Record<string, string | string[] | undefined>;

export interface PlatformSigner {
  endpoint: typeof sysWebhook.$inferSelect;
  /** The request's `webhook-id`, kept to refuse it a second time. */
  messageId: string;
}

/** A body as every platform request's is: a JSON object naming its endpoint. */
export type PlatformBody = { webhookId: number } & Record<string, unknown>;

/** A route's form of body (an Ajv validator is one), checked once the signature verifies. */
export type BodyForm<T> = (body: unknown) => body is T;

/** What a platform route takes: its signer and its body, of the route's form. */
export interface SignedRequest<T> {
  signer: PlatformSigner;
  body: T;
}

/**
 * Why a request was refused: its body is not of the form (400, `invalid`) or it is not proven to
 * come from an enabled endpoint (401, `signature`, the same answer whatever the check that failed).
 * `proven`: the signature verified (only a body of the wrong form is refused after that).
 */
export type PlatformRefusal = { status: 400 | 401; refusal: "invalid" | "signature"; proven: boolean };

const UNSIGNED: PlatformRefusal = { status: 401, refusal: "signature", proven: false };
const UNNAMED: PlatformRefusal = { status: 400, refusal: "invalid", proven: false };

/** Bodies of any form (the route reads them itself, as the usage batch's entries are). */
export const anyBody: BodyForm<PlatformBody> = (_body): _body is PlatformBody => true;

/** The endpoints' secrets: the database and the seal they are kept under. */
export interface PlatformKeys {
  db: Db;
  seal: SecretSeal;
}

function jsonObjectOf(raw: string): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(raw);
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A platform request's body once its sender is proven, checked in order of cost: the signature
 * headers present, well formed and with a timestamp within five minutes of the clock (before the
 * body is read as JSON or any HMAC computed), the body a JSON object naming its endpoint
 * (`webhookId`), that endpoint existing and enabled, its secret verifying the signature over the
 * body's exact bytes, and the body of the route's `form`.
 */
export async function signedBody<T>(
  keys: PlatformKeys,
  raw: string,
  headers: PlatformHeaders,
  form: BodyForm<T>,
): Promise<({ ok: true } & SignedRequest<T>) | ({ ok: false } & PlatformRefusal)> {
  const signature = signatureHeadersOf(headers);
  if (!signature) return { ok: false, ...UNSIGNED };
  const body = jsonObjectOf(raw);
  const webhookId = body?.webhookId;
  if (!body || !Number.isSafeInteger(webhookId) || (webhookId as number) < 1) return { ok: false, ...UNNAMED };
  const [endpoint] = await keys.db
    .select()
    .from(sysWebhook)
    .where(and(eq(sysWebhook.webhookId, webhookId as number), eq(sysWebhook.enabled, true)));
  if (!endpoint || !signedWith(keys.seal.open(endpoint.secret), raw, signature)) return { ok: false, ...UNSIGNED };
  if (!form(body)) return { ok: false, status: 400, refusal: "invalid", proven: true };
  return { ok: true, signer: { endpoint, messageId: signature.id }, body };
}

/**
 * Records a signed request's id, in the transaction of what it changes: false when the id was
 * taken before (a replay, refused 409 with nothing changed). Ids are forgotten after a day by the
 * usage upkeep; a signature older than five minutes is refused anyway.
 */
export async function takeOnce(db: Db | Tx, signer: PlatformSigner, now: Date): Promise<boolean> {
  const taken = await db
    .insert(sysWebhookCallback)
    .values({ callbackId: signer.messageId, webhookId: signer.endpoint.webhookId, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: sysWebhookCallback.callbackId });
  return taken.length > 0;
}

/** The refusals of the platform's callbacks (provisioning, a certificate's key, purge answers). */
export const CALLBACK_REFUSALS = {
  invalid: "webhook_callback_invalid",
  signature: "webhook_callback_signature",
} as const;

export interface PlatformRoute<T> {
  path: string;
  /** The largest body taken, in bytes. */
  bodyLimit: number;
  form: BodyForm<T>;
  /** The route's words for a body not of its form (400) and for a sender not proven (401). */
  refusals: { invalid: MessageKey; signature: MessageKey };
}

/**
 * A POST route for the platform. A request without good signature headers (missing, malformed,
 * stale) is refused as its headers arrive, before its body is read; the body (JSON up to
 * `bodyLimit` bytes) is kept as it came, since the signature covers its exact bytes, and handed to
 * `handle` once `signedBody` has proven its sender and its form. Refusals before the sender is
 * proven are counted per client address (platform-refusals.ts): past the limit they are answered
 * 429 instead.
 */
export async function platformRoute<T, Answer>(
  app: FastifyInstance,
  keys: PlatformKeys,
  route: PlatformRoute<T>,
  handle: (request: FastifyRequest, signed: SignedRequest<T>, reply: FastifyReply) => Promise<Answer>,
): Promise<void> {
  const refuse = async (request: FastifyRequest, reply: FastifyReply, refused: PlatformRefusal): Promise<never> => {
    const key = route.refusals[refused.refusal];
    request.log.warn({ refusal: key }, "platform request refused");
    const wait = refused.proven ? null : await app.countPlatformRefusal(request);
    if (wait !== null) {
      reply.header("retry-after", String(wait));
      throw new AppError(429, "too_many_requests");
    }
    throw new AppError(refused.status, key);
  };
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: route.bodyLimit },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      route.path,
      {
        config: { access: "public" },
        bodyLimit: route.bodyLimit,
        onRequest: async (request, reply) => {
          if (!signatureHeadersOf(request.headers)) await refuse(request, reply, UNSIGNED);
        },
      },
      async (request, reply) => {
        const raw = typeof request.body === "string" ? request.body : "";
        const signed = await signedBody(keys, raw, request.headers, route.form);
        if (!signed.ok) return refuse(request, reply, signed);
        return handle(request, signed, reply);
      },
    );
  });
}
