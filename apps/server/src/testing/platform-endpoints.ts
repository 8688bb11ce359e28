import type { WebhookEventType } from "@rampart/contracts";
import type { Db } from "../db/client.ts";
import { sysWebhook } from "../db/schema.ts";
import { newSigningSecret } from "../modules/webhooks/webhook-admin.ts";
import { SecretSeal, sealingKey } from "../secrets/sealed-secret.ts";
import { TEST_TOKEN_SECRET } from "./test-app.ts";

/**
 * An endpoint of System → Webhooks written straight into the database, as the provider's platform
 * holds it: its id and its signing secret (sealed as the test app seals them).
 */
export async function addPlatformEndpoint(
  db: Db,
  options: { enabled?: boolean; events?: WebhookEventType[]; siteId?: number | null } = {},
): Promise<{ webhookId: number; secret: string }> {
  const secret = newSigningSecret();
  const [row] = await db
    .insert(sysWebhook)
    .values({
      siteId: options.siteId ?? null,
      url: "https://platform.example/rampart",
      events: options.events ?? ["service.created"],
      secret: new SecretSeal(sealingKey(TEST_TOKEN_SECRET, "webhook-secret")).seal(secret),
      enabled: options.enabled ?? true,
      createdBy: "admin",
    })
    .returning({ webhookId: sysWebhook.webhookId });
  return { webhookId: row!.webhookId, secret };
}
