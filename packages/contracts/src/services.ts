import { type Static, Type } from "typebox";
import { PageQuery } from "./envelope.ts";
import { Id, SingleLine } from "./field-kinds.ts";
import { ProvisioningFields } from "./orders.ts";

/** Where a bought service stands: active → grace (expired, still served) → suspended → terminated. */
export const ServiceState = Type.Union([
  Type.Literal("active"),
  Type.Literal("grace"),
  Type.Literal("suspended"),
  Type.Literal("terminated"),
]);
export type ServiceState = Static<typeof ServiceState>;

/** GET /prod-api/business/service/list: the services an operator may see, filtered, soonest expiry first. */
export const ServiceListQuery = Type.Object({
  ...PageQuery,
  /** The order that bought it (a prefix). */
  orderNo: Type.Optional(Type.String({ maxLength: 32, pattern: "^[0-9]*$" })),
  userName: Type.Optional(SingleLine({ maxLength: 64 })),
  state: Type.Optional(ServiceState),
  product: Type.Optional(
    Type.Union([Type.Literal("cdn"), Type.Literal("ddos"), Type.Literal("tcp"), Type.Literal("waf")]),
  ),
  siteId: Type.Optional(Id()),
  /** Active or in grace, expiring within this many days from now (0: already expired). */
  expiringWithin: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  /** Waiting for the platform, failed there, or waiting past the deadline (overdue). */
  provisioning: Type.Optional(Type.Union([Type.Literal("pending"), Type.Literal("failed"), Type.Literal("overdue")])),
});
export type ServiceListQuery = Static<typeof ServiceListQuery>;

/** A service as an operator sees it. */
export const OperatorServiceView = Type.Object({
  serviceId: Type.Integer(),
  orderNo: Type.String(),
  userName: Type.String(),
  siteId: Type.Union([Type.Integer(), Type.Null()]),
  siteName: Type.Union([Type.String(), Type.Null()]),
  product: Type.String(),
  edition: Type.String(),
  /** The price page's query string of its configuration. */
  configuration: Type.String(),
  state: ServiceState,
  /** Suspended by an operator: only an operator lifts it (a paid renewal does not). */
  operatorHold: Type.Boolean(),
  cancelAtPeriodEnd: Type.Boolean(),
  expiresAt: Type.String(),
  suspendedAt: Type.Union([Type.String(), Type.Null()]),
  terminatedAt: Type.Union([Type.String(), Type.Null()]),
  /** The renewal order waiting for payment, if any. */
  renewalOrderNo: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  ...ProvisioningFields,
  /** The platform has not confirmed it within the deadline (its operators were told). */
  provisioningOverdue: Type.Boolean(),
});
export type OperatorServiceView = Static<typeof OperatorServiceView>;

/** GET /prod-api/business/service/{serviceId}/history: every move of a service, oldest first. */
export const ServiceHistoryEntry = Type.Object({
  fromState: ServiceState,
  toState: ServiceState,
  reason: Type.String(),
  /** A user name, or the job that did it (`job:service-lifecycle`). */
  actor: Type.String(),
  createdAt: Type.String(),
});
export type ServiceHistoryEntry = Static<typeof ServiceHistoryEntry>;

/** POST /prod-api/business/service/{serviceId}/{suspend|unsuspend|terminate}: why (kept in the history). */
export const ServiceMoveBody = Type.Object(
  { reason: SingleLine({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type ServiceMoveBody = Static<typeof ServiceMoveBody>;

/** POST /prod-api/business/service/{serviceId}/extend: days added to the expiry, and why. */
export const ServiceExtendBody = Type.Object(
  { days: Type.Integer({ minimum: 1, maximum: 3650 }), reason: SingleLine({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type ServiceExtendBody = Static<typeof ServiceExtendBody>;

/** The operators' moves of a service, by the last segment of their path. */
export const SERVICE_OPERATOR_MOVES = ["suspend", "unsuspend", "terminate"] as const;
export type ServiceOperatorMove = (typeof SERVICE_OPERATOR_MOVES)[number];
