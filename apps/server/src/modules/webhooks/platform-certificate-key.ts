import { Ajv } from "ajv";
import { eq } from "drizzle-orm";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { bizCertificate, sysWebhook, sysWebhookCallback } from "../../db/schema.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";
import { verifies } from "./provisioning-callback.ts";

const KeyRequest = Type.Object(
  { webhookId: Type.Integer({ minimum: 1 }), certificateId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
const validRequest = new Ajv().compile<{ webhookId: number; certificateId: number }>(KeyRequest);

export type KeyRefusal =
  | "webhook_callback_invalid"
  | "webhook_callback_signature"
  | "webhook_callback_replayed"
  | "certificate_not_found"
  | "certificate_no_key";

/**
 * The private key of a certificate the platform was told of, for it to deploy: asked for with a
 * request signed by an endpoint's secret as callbacks are (Standard Webhooks, five minutes, each
 * request once), by an endpoint that hears of certificates for the certificate's site. The key is
 * never in an event (events are kept in the message log); it leaves Rampart only this way.
 */
export async function platformCertificateKey(
  db: Db,
  seals: { webhook: SecretSeal; certificate: SecretSeal },
  raw: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<
  { ok: true; key: string; certificateId: number } | { ok: false; status: 400 | 401 | 404 | 409; refusal: KeyRefusal }
> {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { ok: false, status: 400, refusal: "webhook_callback_invalid" };
  }
  if (!validRequest(body)) return { ok: false, status: 400, refusal: "webhook_callback_invalid" };
  const [endpoint] = await db.select().from(sysWebhook).where(eq(sysWebhook.webhookId, body.webhookId));
  const signed = {
    "webhook-id": String(headers["webhook-id"] ?? ""),
    "webhook-timestamp": String(headers["webhook-timestamp"] ?? ""),
    "webhook-signature": String(headers["webhook-signature"] ?? ""),
  };
  if (!endpoint?.enabled || !verifies(seals.webhook.open(endpoint.secret), raw, signed))
    return { ok: false, status: 401, refusal: "webhook_callback_signature" };
  const [certificate] = await db
    .select()
    .from(bizCertificate)
    .where(eq(bizCertificate.certificateId, body.certificateId));
  const hears = endpoint.events.some((event) => event.startsWith("certificate."));
  if (!certificate || !hears || (endpoint.siteId !== null && certificate.siteId !== endpoint.siteId))
    return { ok: false, status: 404, refusal: "certificate_not_found" };
  if (!certificate.privateKeySealed) return { ok: false, status: 409, refusal: "certificate_no_key" };
  const taken = await db
    .insert(sysWebhookCallback)
    .values({ callbackId: signed["webhook-id"].slice(0, 100), webhookId: endpoint.webhookId })
    .onConflictDoNothing()
    .returning({ id: sysWebhookCallback.callbackId });
  if (taken.length === 0) return { ok: false, status: 409, refusal: "webhook_callback_replayed" };
  return {
    ok: true,
    key: seals.certificate.open(certificate.privateKeySealed),
    certificateId: certificate.certificateId,
  };
}
