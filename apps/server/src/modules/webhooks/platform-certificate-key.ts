import { Ajv } from "ajv";
import { eq } from "drizzle-orm";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { bizCertificate } from "../../db/schema.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";
import { type SignedRequest, takeOnce } from "./platform-request.ts";

const KeyRequest = Type.Object(
  { webhookId: Type.Integer({ minimum: 1 }), certificateId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
type KeyRequest = { webhookId: number; certificateId: number };
/** The request's form, checked once its signature verifies. */
export const isKeyRequest = new Ajv().compile<KeyRequest>(KeyRequest);

export type KeyRefusal = "webhook_callback_replayed" | "certificate_not_found" | "certificate_no_key";

/**
 * The private key of a certificate the platform was told of, for it to deploy: asked for with a
 * request signed by an enabled endpoint's secret as callbacks are (platform-request.ts: Standard
 * Webhooks, five minutes, each request once), by an endpoint that hears of certificates for the
 * certificate's site. The key is never in an event (events are kept in the message log); it leaves
 * Rampart only this way.
 */
export async function platformCertificateKey(
  db: Db,
  certificateSeal: SecretSeal,
  { signer, body }: SignedRequest<KeyRequest>,
  now: Date,
): Promise<{ ok: true; key: string; certificateId: number } | { ok: false; status: 404 | 409; refusal: KeyRefusal }> {
  const { endpoint } = signer;
  const [certificate] = await db
    .select()
    .from(bizCertificate)
    .where(eq(bizCertificate.certificateId, body.certificateId));
  const hears = endpoint.events.some((event) => event.startsWith("certificate."));
  if (!certificate || !hears || (endpoint.siteId !== null && certificate.siteId !== endpoint.siteId))
    return { ok: false, status: 404, refusal: "certificate_not_found" };
  if (!certificate.privateKeySealed) return { ok: false, status: 409, refusal: "certificate_no_key" };
  if (!(await takeOnce(db, signer, now))) return { ok: false, status: 409, refusal: "webhook_callback_replayed" };
  return {
    ok: true,
    key: certificateSeal.open(certificate.privateKeySealed),
    certificateId: certificate.certificateId,
  };
}
