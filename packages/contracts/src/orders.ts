import { type Static, Type } from "typebox";
import { PageQuery } from "./envelope.ts";
import { OrderNo, SingleLine } from "./field-kinds.ts";
import { DocumentTitle } from "./site.ts";

export const PayMethod = Type.Union([
  Type.Literal("alipayGlobal"),
  Type.Literal("alipay"),
  Type.Literal("offline"),
  // Paid from the customer's balance (issue 41).
  Type.Literal("balance"),
]);
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
  configuration: SingleLine({ maxLength: 1000 }),
  /** new: a new service; renew: extends a service; upgrade: changes it for the time left. */
  action: Type.Union([Type.Literal("new"), Type.Literal("renew"), Type.Literal("upgrade")]),
  /** For renew and upgrade: the order that bought the service. */
  serviceOrderNo: Type.Optional(OrderNo()),
  payMethod: PayMethod,
  /** A coupon's code: applied (and used up) with the order, or the order is refused. */
  couponCode: Type.Optional(Type.String({ minLength: 1, maxLength: 32, pattern: "^[A-Za-z0-9_-]+$" })),
  /** One per submit (a UUID): a retried submit answers with the order it already made. */
  idempotencyKey: Type.String({ minLength: 8, maxLength: 64, pattern: "^[A-Za-z0-9-]+$" }),
});
export type CreateOrderBody = Static<typeof CreateOrderBody>;

/** A part of an overage order's month billed against one commitment (whole days of the site's calendar). */
export const OveragePartView = Type.Object({
  /** Its first and last day, YYYY-MM-DD. */
  from: Type.String(),
  until: Type.String(),
  p95Bps: Type.Number(),
  committedMbps: Type.Number(),
  days: Type.Integer(),
  /** The rate of the edition in force then, minor units (0: not billed). */
  rate: Type.Integer(),
});
export type OveragePartView = Static<typeof OveragePartView>;

/**
 * What made an overage order's amount (issue 40): (p95 − committed) Mbps × rate × days / monthDays,
 * rounded up to the minor unit; for a month whose commitment changed, that of each part, summed.
 */
export const OverageFiguresView = Type.Object({
  /** The month billed, YYYY-MM-01, in the site's time zone. */
  month: Type.String(),
  /** The month's 95th percentile of 5-minute peaks, bits per second. */
  p95Bps: Type.Number(),
  committedMbps: Type.Number(),
  /** Days of the month the package was in service, of `monthDays`. */
  days: Type.Integer(),
  monthDays: Type.Integer(),
  /** The price of one Mbps-month above the commitment, minor units. */
  rate: Type.Integer(),
  currency: Type.String(),
  /** The month's parts when its commitment changed (the figures above are then the whole month's). */
  parts: Type.Optional(Type.Array(OveragePartView)),
});
export type OverageFiguresView = Static<typeof OverageFiguresView>;

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
  /**
   * The part of the amount taken from the customer's balance, the rest (amount − balanceHeld) being
   * paid through a channel or by bank transfer; given back to the balance if the order closes unpaid.
   */
  balanceHeld: Type.Optional(Type.Integer()),
  /**
   * overage: bandwidth beyond the package in a month, billed after it (`overage` holds the figures);
   * topup: money paid into the balance (product "balance"), which buys no service.
   */
  action: Type.Union([
    Type.Literal("new"),
    Type.Literal("renew"),
    Type.Literal("upgrade"),
    Type.Literal("overage"),
    Type.Literal("topup"),
  ]),
  couponCode: Type.Union([Type.String(), Type.Null()]),
  overage: Type.Optional(Type.Union([OverageFiguresView, Type.Null()])),
  createdAt: Type.String(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  /** Its invoice once paid, and its credit note once refunded (GET /prod-api/order/invoice/{no}/pdf). */
  invoiceNo: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  creditNoteNo: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /**
   * Of an unpaid order (describeOrder only): how to pay it offline, in the reader's language (the
   * site's instructions, else English, else any language given); null when the site gave none
   * (its team then contacts the customer).
   */
  paymentInstructions: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** What those documents are called (a receipt or a commercial invoice). */
  documentTitle: Type.Optional(Type.Union([DocumentTitle, Type.Null()])),
});
export type OrderView = Static<typeof OrderView>;

/**
 * POST /prod-api/order/mall/product/downgrade/{orderNo}: the package made smaller for the time it
 * has left (its product and period stay); the difference for the days left goes to the balance.
 */
export const DowngradeBody = Type.Object(
  {
    /** The smaller configuration, as the price page writes it in its address. */
    configuration: SingleLine({ maxLength: 1000 }),
    /** Only say what it would give back (the price page's figure): nothing changes. */
    dryRun: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DowngradeBody = Static<typeof DowngradeBody>;

export const DowngradeView = Type.Object({
  /** What went back to the balance, in minor units of the currency (0 when nothing was paid for the days left). */
  credit: Type.Integer(),
  currency: Type.String(),
  daysLeft: Type.Integer(),
  /** The balance in that currency right after it. */
  balance: Type.Integer(),
});
export type DowngradeView = Static<typeof DowngradeView>;

/** GET /prod-api/order/pay/order/describePayChannel: how this installation takes money. */
export const PayChannels = Type.Object({
  /** Some online payment (Alipay, International Alipay) is configured; without one orders are settled offline. */
  online: Type.Boolean(),
  methods: Type.Array(PayMethod),
});
export type PayChannels = Static<typeof PayChannels>;

/** Whether the provider's platform has set a service up (none: no platform is told of it). */
export const ProvisioningState = Type.Union([
  Type.Literal("none"),
  Type.Literal("pending"),
  Type.Literal("active"),
  Type.Literal("failed"),
]);
export type ProvisioningState = Static<typeof ProvisioningState>;

export const ProvisioningFields = {
  provisioning: Type.Optional(ProvisioningState),
  /** Since when the platform has been asked to set it up. */
  provisioningSince: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** What the platform said (why it failed, or what it set up). */
  provisioningMessage: Type.Optional(Type.Union([Type.String(), Type.Null()])),
};

/**
 * A bandwidth package's month so far (issue 40, My services): the 95th percentile of its 5-minute
 * peaks since the month began (in its site's time zone) against the bandwidth it includes, and what
 * the overage would cost if the month ended at this percentile.
 */
export const ServiceMonthUsage = Type.Object({
  /** The month, YYYY-MM-01. */
  month: Type.String(),
  p95Bps: Type.Number(),
  /** 5-minute peaks the percentile was taken over (0: no figures yet). */
  samples: Type.Integer(),
  committedMbps: Type.Number(),
  /** The overage at this percentile for the month's days in service, minor units; 0 when within. */
  projectedOverage: Type.Integer(),
  /** The price list's rate per Mbps-month above the commitment; null: overage is not billed. */
  rate: Type.Union([Type.Integer(), Type.Null()]),
  currency: Type.String(),
});
export type ServiceMonthUsage = Static<typeof ServiceMonthUsage>;

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
  /**
   * Where the service stands in its life: active, grace (expired, still served), suspended,
   * terminated; pending before its first payment.
   */
  lifecycle: Type.Optional(
    Type.Union([
      Type.Literal("pending"),
      Type.Literal("active"),
      Type.Literal("grace"),
      Type.Literal("suspended"),
      Type.Literal("terminated"),
    ]),
  ),
  /** The customer asked to stop at the end of the period: no renewal, it ends at expiry. */
  cancelAtPeriodEnd: Type.Optional(Type.Boolean()),
  /** Its renewal orders are paid from the customer's balance (issue 41). */
  autoRenew: Type.Optional(Type.Boolean()),
  /** The renewal order waiting for payment, if any (created before expiry, or by the customer). */
  renewalOrderNo: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Suspended by the provider: paying the renewal does not bring it back; the provider does. */
  operatorHold: Type.Optional(Type.Boolean()),
  /** Of a package sold by bandwidth (My services): this month's use of it so far. */
  usage: Type.Optional(Type.Union([ServiceMonthUsage, Type.Null()])),
  ...ProvisioningFields,
});
export type ServiceView = Static<typeof ServiceView>;

/** GET /prod-api/order/pay/order/payOrder/{orderNo}: where the browser goes to pay online. */
export const PaymentStart = Type.Object({
  /** The payment channel's page (Alipay's or Antom's cashier), to open in the browser. */
  url: Type.String(),
});
export type PaymentStart = Static<typeof PaymentStart>;

/**
 * GET /prod-api/order/coupon/describeCoupons: the coupons a customer is offered for an order as
 * configured. `rule` is the pricing engine's, so that the page can take a coupon off at once.
 */
export const CouponOfferQuery = Type.Object({
  product: Type.Union([Type.Literal("cdn"), Type.Literal("ddos"), Type.Literal("tcp"), Type.Literal("waf")]),
  configuration: SingleLine({ maxLength: 1000 }),
  action: Type.Union([Type.Literal("new"), Type.Literal("renew"), Type.Literal("upgrade")], { default: "new" }),
  serviceOrderNo: Type.Optional(OrderNo()),
});
export type CouponOfferQuery = Static<typeof CouponOfferQuery>;

export const CouponOffer = Type.Object({
  code: Type.String(),
  name: Type.String(),
  kind: Type.Union([Type.Literal("amount"), Type.Literal("percent")]),
  value: Type.Integer(),
  threshold: Type.Union([Type.Integer(), Type.Null()]),
  validUntil: Type.Union([Type.String(), Type.Null()]),
  /** usable on this order; used: this customer has used it up; unavailable: see `reason`. */
  state: Type.Union([Type.Literal("usable"), Type.Literal("used"), Type.Literal("unavailable")]),
  /** Why it does not apply (coupon.threshold, coupon.channel, coupon.exhausted, …), with its numbers. */
  reason: Type.Union([Type.String(), Type.Null()]),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  /** What it takes off this order (0 unless usable). */
  deduction: Type.Integer(),
  rule: Type.Record(Type.String(), Type.Unknown()),
});
export type CouponOffer = Static<typeof CouponOffer>;

/** GET /prod-api/order/trade/order/list: the orders an operator may see, filtered, newest first. */
export const OrderListQuery = Type.Object({
  ...PageQuery,
  orderNo: Type.Optional(Type.String({ maxLength: 32, pattern: "^[0-9]*$" })),
  userName: Type.Optional(SingleLine({ maxLength: 64 })),
  status: Type.Optional(OrderStatus),
  /** A product, or "balance": the customers' top-ups. */
  product: Type.Optional(
    Type.Union([
      Type.Literal("cdn"),
      Type.Literal("ddos"),
      Type.Literal("tcp"),
      Type.Literal("waf"),
      Type.Literal("balance"),
    ]),
  ),
  payMethod: Type.Optional(PayMethod),
  /** Created from this day (YYYY-MM-DD, inclusive) … */
  beginTime: Type.Optional(Type.String({ format: "date" })),
  /** … to this day (inclusive). */
  endTime: Type.Optional(Type.String({ format: "date" })),
});
export type OrderListQuery = Static<typeof OrderListQuery>;

/** An order as an operator sees it: the customer's view plus who, where and what was done. */
export const OperatorOrderView = Type.Object({
  ...OrderView.properties,
  userName: Type.String(),
  agentCode: Type.String(),
  configuration: Type.String(),
  serviceOrderNo: Type.Union([Type.String(), Type.Null()]),
  tradeNo: Type.Union([Type.String(), Type.Null()]),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  refundedAt: Type.Union([Type.String(), Type.Null()]),
  handledBy: Type.Union([Type.String(), Type.Null()]),
  handledNote: Type.Union([Type.String(), Type.Null()]),
});
export type OperatorOrderView = Static<typeof OperatorOrderView>;

/** GET /prod-api/order/trade/order/myOrders: the caller's own orders, newest first. */
export const MyOrdersQuery = Type.Object({ ...PageQuery, status: Type.Optional(OrderStatus) });
export type MyOrdersQuery = Static<typeof MyOrdersQuery>;

/** GET /prod-api/order/mall/product/myServices: the caller's services, soonest expiry first. */
export const MyServicesQuery = Type.Object({ ...PageQuery });
export type MyServicesQuery = Static<typeof MyServicesQuery>;
