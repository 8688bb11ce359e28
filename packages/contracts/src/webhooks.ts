import { type Static, Type } from "typebox";
import { PageQuery } from "./envelope.ts";
import { Id, SingleLine } from "./field-kinds.ts";

/** What the provider's platform can hear of (System → Webhooks), in the order the console lists them. */
export const WEBHOOK_EVENTS = [
  "service.created",
  "service.renewed",
  "service.upgraded",
  "service.suspended",
  "service.unsuspended",
  "service.terminated",
  "order.paid",
  "order.refunded",
  "certificate.issued",
  "certificate.renewed",
  "domain.added",
  "domain.verified",
  "domain.updated",
  "domain.removed",
  "usage.threshold",
  "attack.started",
  "attack.ended",
  "service.throttle",
  "cache.purge",
  "cache.prefetch",
  "ticket.created",
  "ticket.replied",
  "ticket.closed",
  "ticket.urgent",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** One of WEBHOOK_EVENTS (a list of literals made from it, typed as its names). */
const EventType = Type.Unsafe<WebhookEventType>(Type.Union(WEBHOOK_EVENTS.map((event) => Type.Literal(event))));

/** POST /prod-api/system/webhook, PUT /prod-api/system/webhook/{id}: an endpoint as an operator writes it. */
export const WebhookBody = Type.Object(
  {
    /** https, or http to this machine when WEBHOOK_ALLOW_LOOPBACK=true (tests). */
    url: SingleLine({ minLength: 1, maxLength: 500 }),
    description: Type.Optional(SingleLine({ maxLength: 200 })),
    events: Type.Array(EventType, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true }),
    /** One site's events, or every site's (null; not for an operator bound to a site). */
    siteId: Type.Union([Id(), Type.Null()]),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type WebhookBody = Static<typeof WebhookBody>;

/** An endpoint as the console lists it (never its secret). */
export const WebhookView = Type.Object({
  webhookId: Type.Integer(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(Type.String()),
  siteId: Type.Union([Type.Integer(), Type.Null()]),
  siteName: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  failingSince: Type.Union([Type.String(), Type.Null()]),
  disabledReason: Type.Union([Type.String(), Type.Null()]),
  /** Messages waiting, delivered and failed in the last seven days. */
  recent: Type.Object({ pending: Type.Integer(), delivered: Type.Integer(), failed: Type.Integer() }),
  createdBy: Type.String(),
  createdAt: Type.String(),
});
export type WebhookView = Static<typeof WebhookView>;

/** The answer to creating an endpoint or rolling its secret: the secret, this once. */
export const WebhookSecret = Type.Object({ webhookId: Type.Integer(), secret: Type.String() });
export type WebhookSecret = Static<typeof WebhookSecret>;

/** GET /prod-api/system/webhook/{id}/messages: an endpoint's messages, newest first. */
export const WebhookMessageQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(Type.Union([Type.Literal("pending"), Type.Literal("delivered"), Type.Literal("failed")])),
});
export type WebhookMessageQuery = Static<typeof WebhookMessageQuery>;

export const WebhookAttemptView = Type.Object({
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Integer(),
  response: Type.String(),
  createdAt: Type.String(),
});
export type WebhookAttemptView = Static<typeof WebhookAttemptView>;

export const WebhookMessageView = Type.Object({
  messageId: Type.String(),
  eventType: Type.String(),
  status: Type.Union([Type.Literal("pending"), Type.Literal("delivered"), Type.Literal("failed")]),
  attempts: Type.Array(WebhookAttemptView),
  /** The body as sent (JSON text). */
  payload: Type.String(),
  createdAt: Type.String(),
  deliveredAt: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookMessageView = Static<typeof WebhookMessageView>;

/**
 * POST /prod-api/provisioning/callback: the platform says whether it set a service up, signed with
 * the endpoint's secret as its deliveries are (Standard Webhooks headers).
 */
export const ProvisioningCallbackBody = Type.Object(
  {
    /** The endpoint whose secret signs this callback. */
    webhookId: Id(),
    serviceId: Type.Integer({ minimum: 1 }),
    status: Type.Union([Type.Literal("active"), Type.Literal("failed")]),
    /** Shown to the operator and the customer (why it failed, or what was set up). */
    message: Type.Optional(SingleLine({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type ProvisioningCallbackBody = Static<typeof ProvisioningCallbackBody>;
