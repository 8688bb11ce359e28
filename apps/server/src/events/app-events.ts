import type { DocumentTitle, Language, WebhookEventType } from "@rampart/contracts";
import type { OverageFigures } from "@rampart/pricing";
import type { Tx } from "../db/client.ts";

/**
 * What an order's listeners need, read once in the transaction that makes the event: the order as
 * it then is, its customer, its site (the default site's for an order of no site: it is sold in
 * its name), the customer's language and the order's invoice. Times are ISO strings (the event
 * travels as a job's JSON).
 */
export interface OrderSnapshot {
  order: {
    orderNo: string;
    userId: number;
    /** As stored: null for an order of no site. */
    siteId: number | null;
    product: string;
    action: string;
    serviceOrderNo: string | null;
    payMethod: string;
    isTrial: boolean;
    status: string;
    currency: string;
    amount: number;
    /** The part paid from the balance beside a channel's payment (0 when none). */
    balanceHeld?: number;
    createdAt: string;
    paidAt: string | null;
    refundedAt: string | null;
    /** Of an overage order: the month's figures that made its amount. */
    overage?: OverageFigures;
    /**
     * Of an order refunded (wholly or partly) to its customer's balance: what was credited and the
     * balance right after it.
     */
    refundedToBalance?: { amount: number; balanceAfter: number };
  };
  customer: {
    userId: number;
    userName: string;
    nickName: string;
    email: string;
    timeZone: string;
  };
  /** The site it is sold in the name of; `own` false when that is the default site standing in. */
  site: {
    siteId: number;
    own: boolean;
    company: string;
    agentCode: string;
    contactWay: string;
    paymentInstructions: Partial<Record<string, string>>;
  };
  language: Language;
  /** The order's invoice (or receipt) once it is paid, as its site calls it. */
  invoice: { invoiceNo: string; title: DocumentTitle } | null;
}

export const ORDER_EVENT_TYPES = ["order.placed", "order.paid", "order.closed", "order.refunded"] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
/** A service's, a certificate's and a domain's events are those the platform hears of (contracts' WEBHOOK_EVENTS). */
export type ServiceEventType = Exclude<Extract<WebhookEventType, `service.${string}`>, "service.throttle">;
export type CertificateEventType = Extract<WebhookEventType, `certificate.${string}`>;
export type DomainEventType = Extract<WebhookEventType, `domain.${string}`>;

/**
 * A change announced once, by the module whose transaction makes it (`emitEvent(tx, event)`):
 * an order's, with the snapshot its listeners need; a service's, a certificate's or a domain's, by
 * its id (their one listener, the platform's webhooks, reads them in that same transaction).
 */
export type AppEvent =
  | { [T in OrderEventType]: { type: T } & OrderSnapshot }[OrderEventType]
  | { [T in ServiceEventType]: { type: T; serviceId: number } }[ServiceEventType]
  | { [T in CertificateEventType]: { type: T; certificateId: number } }[CertificateEventType]
  | { [T in DomainEventType]: { type: T; domainId: number } }[DomainEventType]
  | UsageEvent
  | TicketEvent;

/**
 * A support ticket's moments (issue 42): opened, answered or written to (a note the customer never
 * sees is not announced), closed, and each page of an urgent one (`page` counts them from 1).
 */
export type TicketEvent =
  | { type: "ticket.created"; ticketId: number; messageId: number }
  | { type: "ticket.replied"; ticketId: number; messageId: number }
  | { type: "ticket.closed"; ticketId: number; by: "customer" | "staff" }
  | { type: "ticket.urgent"; ticketId: number; page: number };

/**
 * What a package's usage and the platform's edge lead to (issue 40): a usage threshold crossed this
 * month, an attack started or ended, the platform asked to throttle a package at 100 % (or to stop),
 * a cache purge or prefetch asked for. Each names what it is about; the platform's webhooks read
 * the rest in the same transaction.
 */
export type UsageEvent =
  | {
      type: "usage.threshold";
      serviceId: number;
      /** 80 or 100. */
      percent: number;
      /** The month, YYYY-MM-01 in the site's time zone. */
      month: string;
      p95Bps: number;
      committedBps: number;
    }
  | { type: "attack.started" | "attack.ended"; serviceId: number; attackEventId: number }
  | { type: "service.throttle"; serviceId: number; throttled: boolean; reason: "usage" | "upgraded" | "new_month" }
  | { type: "cache.purge" | "cache.prefetch"; serviceId: number; purgeId: number };

export type AppEventType = AppEvent["type"];
export type EventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>;

/** Announces changes in the transaction that makes them (no event without its change, no change without its event). */
export type EmitEvent = (tx: Tx, ...events: AppEvent[]) => Promise<void>;
