import { randomUUID } from "node:crypto";
import { WEBHOOK_EVENTS, type WebhookEventType } from "@rampart/contracts";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bizService, sysWebhook, sysWebhookMessage } from "../../db/schema.ts";
import type { AppEvent, TicketEvent, UsageEvent } from "../../events/app-events.ts";
import { listener } from "../../events/event-bus.ts";
import type { JobRunner } from "../../jobs/job-runner.ts";
import { ticketEvent } from "./ticket-payloads.ts";
import { usageEvent } from "./usage-payloads.ts";
import { WEBHOOK_QUEUE } from "./webhook-delivery.ts";
import { certificateEvent, domainEvent, orderEvent, type PlatformEvent, serviceEvent } from "./webhook-payloads.ts";

/** What the platform's messages are written with. */
interface PlatformContext {
  jobs: JobRunner;
  now: () => Date;
}

/**
 * The provider's platform hears of every order payment, refund and service, certificate and domain
 * change, and of what a package's usage and edge lead to (thresholds, attacks, throttling, purges):
 * in the transaction of the change, one message per enabled endpoint that takes the event for the
 * site (or for every site), each delivered by a job (no event without its change, no change without
 * its event). A new service that some endpoint hears of waits for the platform's
 * confirmation (provisioning "pending").
 */
export const platformWebhooks = listener<WebhookEventType, PlatformContext>({
  name: "platform-webhooks",
  // What System → Webhooks offers (placing and closing an unpaid order are not the platform's business).
  events: WEBHOOK_EVENTS,
  within: async (tx, event, context) => {
    const outbox = new WebhookOutbox(context);
    const now = context.now();
    if (event.type === "order.paid" || event.type === "order.refunded") {
      await outbox.enqueue(tx, await orderEvent(tx, event.type, event, now));
    } else if (isTicketEvent(event)) {
      const built = await ticketEvent(tx, event, now);
      if (built) await outbox.enqueue(tx, built);
    } else if (isUsageEvent(event)) {
      const built = await usageEvent(tx, event, now);
      if (built) await outbox.enqueue(tx, built);
    } else if ("serviceId" in event) {
      const built = await serviceEvent(tx, event.type, event.serviceId, now);
      if (!built) return;
      const sent = await outbox.enqueue(tx, built);
      if (event.type === "service.created" && sent > 0) {
        await tx
          .update(bizService)
          .set({ provisioning: "pending", provisioningSince: now })
          .where(eq(bizService.serviceId, event.serviceId));
      }
    } else if ("certificateId" in event) {
      const built = await certificateEvent(tx, event.type, event.certificateId, now);
      if (built) await outbox.enqueue(tx, built);
    } else {
      const built = await domainEvent(tx, event.type, event.domainId, now);
      if (built) await outbox.enqueue(tx, built);
    }
  },
});

const USAGE_EVENT_TYPES: readonly string[] = [
  "usage.threshold",
  "attack.started",
  "attack.ended",
  "service.throttle",
  "cache.purge",
  "cache.prefetch",
] satisfies UsageEvent["type"][];
const isUsageEvent = (event: AppEvent): event is UsageEvent => USAGE_EVENT_TYPES.includes(event.type);
const isTicketEvent = (event: AppEvent): event is TicketEvent => event.type.startsWith("ticket.");
/** Events that tell of something (not a service's state): delivered with `sequence: null`. */
const UNNUMBERED_EVENTS = new Set<string>([
  "usage.threshold",
  "attack.started",
  "attack.ended",
  "cache.purge",
  "cache.prefetch",
  "ticket.created",
  "ticket.replied",
  "ticket.closed",
  "ticket.urgent",
]);

/** The platform's messages of one event, written in its transaction with their delivery jobs. */
class WebhookOutbox {
  readonly #jobs: JobRunner;
  readonly #now: () => Date;

  constructor(deps: PlatformContext) {
    this.#jobs = deps.jobs;
    this.#now = deps.now;
  }

  /** One message per endpoint that takes this event for this site; answers how many. */
  async enqueue(tx: Tx, event: PlatformEvent): Promise<number> {
    const endpoints = await tx
      .select({ webhookId: sysWebhook.webhookId })
      .from(sysWebhook)
      .where(
        and(
          eq(sysWebhook.enabled, true),
          event.siteId === null
            ? isNull(sysWebhook.siteId)
            : or(isNull(sysWebhook.siteId), eq(sysWebhook.siteId, event.siteId)),
          sql`${sysWebhook.events} @> ${JSON.stringify([event.body.type])}::jsonb`,
        ),
      );
    if (endpoints.length === 0) return 0;
    // Notices and requests (an attack, a threshold, a purge) are not a state a later event
    // replaces: they are not numbered, so that a receiver ignoring older numbers never drops them.
    const numbered = !UNNUMBERED_EVENTS.has(event.body.type);
    const payload = { ...event.body, sequence: numbered ? await this.#nextSequence(tx, event.serviceId) : null };
    for (const { webhookId } of endpoints) {
      const messageId = `msg_${randomUUID().replace(/-/g, "")}`;
      await tx.insert(sysWebhookMessage).values({
        messageId,
        webhookId,
        eventType: event.body.type,
        payload,
        serviceId: event.serviceId,
        createdAt: this.#now(),
      });
      await this.#jobs.sendIn(tx, WEBHOOK_QUEUE, { messageId });
    }
    return endpoints.length;
  }

  /**
   * The event's number among its service's events (null for an event of no service). Deliveries
   * run side by side and are retried, so they arrive in any order; events of one service take
   * increasing numbers in the order their changes commit (the service's row stays locked until
   * then), and a receiver applies an event only when its number is above the last it applied.
   */
  async #nextSequence(tx: Tx, serviceId: number | null): Promise<number | null> {
    if (serviceId === null) return null;
    const [row] = await tx
      .update(bizService)
      .set({ eventSequence: sql`${bizService.eventSequence} + 1` })
      .where(eq(bizService.serviceId, serviceId))
      .returning({ sequence: bizService.eventSequence });
    return row?.sequence ?? null;
  }
}
