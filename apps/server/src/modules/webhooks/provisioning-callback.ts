import { ProvisioningCallbackBody } from "@rampart/contracts";
import { Ajv } from "ajv";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Db } from "../../db/client.ts";
import { bizService, sysWebhook, sysWebhookCallback } from "../../db/schema.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";

const validBody = new Ajv({ allErrors: false }).compile<ProvisioningCallbackBody>(ProvisioningCallbackBody);

export type CallbackRefusal =
  | "webhook_callback_invalid"
  | "webhook_callback_signature"
  | "webhook_callback_replayed"
  | "service_missing";

/**
 * The platform's word on a service it was told of: signed with the endpoint's secret as deliveries
 * are (Standard Webhooks; the library refuses a signature that does not verify and a timestamp more
 * than five minutes off), taken once (its `webhook-id` is kept: a replay is refused), about a
 * service of the endpoint's site. Sets the service's provisioning to active or failed with the
 * platform's message. Anything refused changes nothing.
 */
export async function acceptProvisioningCallback(
  db: Db,
  seal: SecretSeal,
  raw: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ ok: true; serviceId: number } | { ok: false; status: 400 | 401 | 404 | 409; refusal: CallbackRefusal }> {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { ok: false, status: 400, refusal: "webhook_callback_invalid" };
  }
  if (!validBody(body)) return { ok: false, status: 400, refusal: "webhook_callback_invalid" };
  const [endpoint] = await db.select().from(sysWebhook).where(eq(sysWebhook.webhookId, body.webhookId));
  const signed = {
    "webhook-id": String(headers["webhook-id"] ?? ""),
    "webhook-timestamp": String(headers["webhook-timestamp"] ?? ""),
    "webhook-signature": String(headers["webhook-signature"] ?? ""),
  };
  if (!endpoint || !verifies(seal.open(endpoint.secret), raw, signed))
    return { ok: false, status: 401, refusal: "webhook_callback_signature" };
  const [service] = await db
    .select({ serviceId: bizService.serviceId, siteId: bizService.siteId })
    .from(bizService)
    .where(eq(bizService.serviceId, body.serviceId));
  if (!service || (endpoint.siteId !== null && service.siteId !== endpoint.siteId))
    return { ok: false, status: 404, refusal: "service_missing" };
  return db.transaction(async (tx) => {
    const taken = await tx
      .insert(sysWebhookCallback)
      .values({ callbackId: signed["webhook-id"].slice(0, 100), webhookId: endpoint.webhookId })
      .onConflictDoNothing()
      .returning({ id: sysWebhookCallback.callbackId });
    if (taken.length === 0)
      return { ok: false as const, status: 409 as const, refusal: "webhook_callback_replayed" as const };
    await tx
      .update(bizService)
      .set({ provisioning: body.status, provisioningMessage: body.message?.trim() || null })
      .where(eq(bizService.serviceId, service.serviceId));
    return { ok: true as const, serviceId: service.serviceId };
  });
}

/** Whether a platform request's Standard Webhooks signature verifies under an endpoint's secret. */
export function verifies(secret: string, raw: string, headers: Record<string, string>): boolean {
  try {
    new Webhook(secret).verify(raw, headers);
    return true;
  } catch {
    return false;
  }
}
