import type { Db } from "../../db/client.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What happened to an order, as the ones it concerns are told (the customer's mails today). */
export type OrderEvent = "placed" | "paid" | "closed" | "refunded";

/**
 * Whoever must hear of an order's events, called inside the transaction that makes the event (no
 * event without its change, no change without its event): it records what to do later (a job) and
 * does the slow part outside the request. Absent in tests that do not need it.
 */
export interface OrderEvents {
  record(tx: Tx, event: OrderEvent, orderNos: string[]): Promise<void>;
}
