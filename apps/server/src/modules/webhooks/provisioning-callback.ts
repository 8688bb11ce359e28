import { ProvisioningCallbackBody } from "@rampart/contracts";
import { Ajv } from "ajv";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizService } from "../../db/schema.ts";
import { type SignedRequest, takeOnce } from "./platform-request.ts";

/** The callback's form, checked once its signature verifies. */
export const isProvisioningCallback = new Ajv({ allErrors: false }).compile<ProvisioningCallbackBody>(
  ProvisioningCallbackBody,
);

export type CallbackRefusal = "webhook_callback_replayed" | "service_missing";

/**
 * The platform's word on a service it was told of, signed with an enabled endpoint's secret as
 * deliveries are (POST /prod-api/provisioning/callback: platform-request.ts proves it), taken once
 * (its `webhook-id` is kept: a replay is refused), about a service of the endpoint's site. Sets the
 * service's provisioning to active or failed with the platform's message. Anything refused changes
 * nothing.
 */
export async function acceptProvisioningCallback(
  db: Db,
  { signer, body }: SignedRequest<ProvisioningCallbackBody>,
  now: Date,
): Promise<{ ok: true; serviceId: number } | { ok: false; status: 404 | 409; refusal: CallbackRefusal }> {
  const { endpoint } = signer;
  const [service] = await db
    .select({ serviceId: bizService.serviceId, siteId: bizService.siteId })
    .from(bizService)
    .where(eq(bizService.serviceId, body.serviceId));
  if (!service || (endpoint.siteId !== null && service.siteId !== endpoint.siteId))
    return { ok: false, status: 404, refusal: "service_missing" };
  return db.transaction(async (tx) => {
    if (!(await takeOnce(tx, signer, now)))
      return { ok: false as const, status: 409 as const, refusal: "webhook_callback_replayed" as const };
    await tx
      .update(bizService)
      .set({ provisioning: body.status, provisioningMessage: body.message?.trim() || null })
      .where(eq(bizService.serviceId, service.serviceId));
    return { ok: true as const, serviceId: service.serviceId };
  });
}
