import type { Tx } from "../../db/client.ts";

/** What happened to an order, as the ones it concerns are told (the customer's mails, the platform). */
export type OrderEvent = "placed" | "paid" | "closed" | "refunded";

/**
 * What happened to a bought service that the provider's platform must act on: it begins, gets
 * a longer period or a new configuration, stops being served, is served again, or ends.
 */
export type ServiceEvent = "created" | "renewed" | "upgraded" | "suspended" | "unsuspended" | "terminated";

/**
 * Whoever must hear of an order's or a service's events, called inside the transaction that makes
 * the event (no event without its change, no change without its event): it records what to do
 * later (a job) and does the slow part outside the request. Absent in tests that do not need it.
 */
export interface OrderEvents {
  record(tx: Tx, event: OrderEvent, orderNos: string[]): Promise<void>;
  /** A service's change (the provisioning webhooks hear of it); those who need none leave it out. */
  service?(tx: Tx, event: ServiceEvent, serviceId: number): Promise<void>;
}

/** Several listeners as one: each is told, in order, in the same transaction. */
export function fanOut(...listeners: OrderEvents[]): OrderEvents {
  return {
    async record(tx, event, orderNos) {
      for (const listener of listeners) await listener.record(tx, event, orderNos);
    },
    async service(tx, event, serviceId) {
      for (const listener of listeners) await listener.service?.(tx, event, serviceId);
    },
  };
}
