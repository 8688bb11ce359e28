import { type Static, Type } from "typebox";

export const PayMethod = Type.Union([Type.Literal("alipayGlobal"), Type.Literal("alipay"), Type.Literal("offline")]);
export type PayMethod = Static<typeof PayMethod>;

export const OrderStatus = Type.Union([
  Type.Literal("unpaid"),
  Type.Literal("paid"),
  Type.Literal("closed"),
  Type.Literal("refunded"),
]);
export type OrderStatus = Static<typeof OrderStatus>;

/**
 * POST /prod-api/order/trade/order/createOrder. The configuration travels as the price page's
 * query string and is priced by the server; no amount is ever taken from the client.
 */
export const CreateOrderBody = Type.Object({
  product: Type.Union([Type.Literal("cdn"), Type.Literal("ddos"), Type.Literal("tcp"), Type.Literal("waf")]),
  configuration: Type.String({ maxLength: 1000 }),
  /** new: a new service; renew: extends a service; upgrade: changes it for the time left. */
  action: Type.Union([Type.Literal("new"), Type.Literal("renew"), Type.Literal("upgrade")]),
  /** For renew and upgrade: the order that bought the service. */
  serviceOrderNo: Type.Optional(Type.String({ pattern: "^[0-9]{8,32}$" })),
  payMethod: PayMethod,
  /** One per submit (a UUID): a retried submit answers with the order it already made. */
  idempotencyKey: Type.String({ minLength: 8, maxLength: 64, pattern: "^[A-Za-z0-9-]+$" }),
});
export type CreateOrderBody = Static<typeof CreateOrderBody>;

/** An order as its owner sees it. */
export const OrderView = Type.Object({
  orderNo: Type.String(),
  product: Type.String(),
  status: OrderStatus,
  payMethod: PayMethod,
  currency: Type.String(),
  originalPrice: Type.Integer(),
  discount: Type.Integer(),
  couponDeduction: Type.Integer(),
  amount: Type.Integer(),
  createdAt: Type.String(),
});
export type OrderView = Static<typeof OrderView>;

/** GET /prod-api/order/pay/order/describePayChannel: how this installation takes money. */
export const PayChannels = Type.Object({
  /** Online payment (Alipay) is configured; without it orders are settled offline. */
  online: Type.Boolean(),
  methods: Type.Array(PayMethod),
});
export type PayChannels = Static<typeof PayChannels>;

/**
 * GET /prod-api/order/mall/product/describeUpgradeProductByOid/{oid}: the service a paid order
 * bought, as the upgrade page shows it. The configuration is the price page's query string.
 */
export const ServiceView = Type.Object({
  orderNo: Type.String(),
  product: Type.String(),
  edition: Type.String(),
  configuration: Type.String(),
  /** pending: not paid yet; active until the expiry; expired after it. */
  state: Type.Union([Type.Literal("pending"), Type.Literal("active"), Type.Literal("expired")]),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  topLevelDomains: Type.Integer(),
  /** A renewal or upgrade of this service waits for payment: no other may be ordered meanwhile. */
  unpaidChange: Type.Boolean(),
});
export type ServiceView = Static<typeof ServiceView>;
