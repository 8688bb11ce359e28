import { simulatePlatform } from "../cli/simulate-platform.ts";
import type { Db } from "../db/client.ts";
import { createWebhook } from "../modules/webhooks/webhook-admin.ts";
import { SecretSeal, sealingKey } from "../secrets/sealed-secret.ts";

/** Days of the platform's figures a first start with DEMO_DATA sends for the demo customer. */
export const DEMO_HISTORY_DAYS = 30;

/**
 * A month of the demo customer's figures, through the same signed ingest route as the provider's
 * platform (`rampart simulate-platform`, against this very server): an endpoint of the demo
 * customer's site is made for it in System → Webhooks (enabled, hearing only `service.throttle`,
 * at an address that resolves nowhere, so nothing is ever delivered), then 30 days of 5-minute
 * figures, a few attacks, daily top lists and a package over its commitment. Answers the rows sent.
 */
export async function sendDemoHistory(
  db: Db,
  options: { baseUrl: string; tokenSecret: string; siteId: number; log: (line: string) => void },
): Promise<number> {
  const seal = new SecretSeal(sealingKey(options.tokenSecret, "webhook-secret"));
  const endpoint = await createWebhook(
    db,
    seal,
    {
      url: "https://platform.demo.invalid/rampart",
      description: "Demo platform (DEMO_DATA): the demo customer's month of figures",
      events: ["service.throttle"],
      siteId: options.siteId,
      enabled: true,
    },
    "demo-data",
  );
  return simulatePlatform({
    baseUrl: options.baseUrl,
    endpoint,
    endpointUrl: "",
    days: DEMO_HISTORY_DAYS,
    log: options.log,
  });
}
