import { randomUUID } from "node:crypto";
import type { WebhookEventType } from "@rampart/contracts";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bizService, sysWebhook, sysWebhookMessage } from "../../db/schema.ts";
import type { JobRunner } from "../../jobs/job-runner.ts";
import type { OrderEvent, OrderEvents, ServiceEvent } from "../services/lifecycle-events.ts";
import { WEBHOOK_QUEUE } from "./webhook-delivery.ts";
import { certificateEvent, domainEvent, orderEvent, type PlatformEvent, serviceEvent } from "./webhook-payloads.ts";

/** The order events the platform hears of (placing and closing an unpaid order are not its business). */
const ORDER_TYPES: Partial<Record<OrderEvent, WebhookEventType>> = { paid: "order.paid", refunded: "order.refunded" };

/**
 * The provider's platform hears of every order payment, refund and service change: in the
 * transaction of the change, one message per enabled endpoint that takes the event for the site (or
 * for every site), each delivered by a job (no event without its change, no change without its
 * event). A new service that some endpoint hears of waits for the platform's confirmation
 * (provisioning "pending").
 */
export class WebhookOutbox implements OrderEvents {
  readonly #jobs: JobRunner;
  readonly #now: () => Date;

  constructor(deps: { jobs: JobRunner; now: () => Date }) {
    this.#jobs = deps.jobs;
    this.#now = deps.now;
  }

  async record(tx: Tx, event: OrderEvent, orderNos: string[]): Promise<void> {
    const type = ORDER_TYPES[event];
    if (!type) return;
    for (const orderNo of orderNos) {
      const built = await orderEvent(tx, type, orderNo, this.#now());
      if (built) await this.#enqueue(tx, built);
    }
  }

  async service(tx: Tx, event: ServiceEvent, serviceId: number): Promise<void> {
    const now = this.#now();
    const built = await serviceEvent(tx, `service.${event}`, serviceId, now);
    if (!built) return;
    const sent = await this.#enqueue(tx, built);
    if (event === "created" && sent > 0) {
      await tx
        .update(bizService)
        .set({ provisioning: "pending", provisioningSince: now })
        .where(eq(bizService.serviceId, serviceId));
    }
  }

  /** A certificate issued or renewed: the platform deploys it. */
  async certificate(tx: Tx, type: "certificate.issued" | "certificate.renewed", certificateId: number): Promise<void> {
    const built = await certificateEvent(tx, type, certificateId, this.#now());
    if (built) await this.#enqueue(tx, built);
  }

  /** A domain added to a package, verified, changed or removed: the platform routes it. */
  async domain(
    tx: Tx,
    type: "domain.added" | "domain.verified" | "domain.updated" | "domain.removed",
    domainId: number,
  ): Promise<void> {
    const built = await domainEvent(tx, type, domainId, this.#now());
    if (built) await this.#enqueue(tx, built);
  }

  /** One message per endpoint that takes this event for this site; answers how many. */
  async #enqueue(tx: Tx, event: PlatformEvent): Promise<number> {
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
    const payload = { ...event.body, sequence: await this.#nextSequence(tx, event.serviceId) };
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
