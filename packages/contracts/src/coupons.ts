import { type Static, Type } from "typebox";
import { PageQuery } from "./envelope.ts";
import { Amount, Int4, SingleLine } from "./field-kinds.ts";

const Product = Type.Union([Type.Literal("cdn"), Type.Literal("ddos"), Type.Literal("tcp"), Type.Literal("waf")]);
const Action = Type.Union([Type.Literal("new"), Type.Literal("renew"), Type.Literal("upgrade")]);
const DurationUnit = Type.Union([Type.Literal("day"), Type.Literal("month"), Type.Literal("year")]);
const Instant = Type.String({ format: "date-time" });

/** A coupon's name in the interface languages; English is required, the others fall back to it. */
export const CouponName = Type.Object({
  en: SingleLine({ minLength: 1, maxLength: 80 }),
  "zh-CN": Type.Optional(SingleLine({ maxLength: 80 })),
  "zh-TW": Type.Optional(SingleLine({ maxLength: 80 })),
  id: Type.Optional(SingleLine({ maxLength: 80 })),
  vi: Type.Optional(SingleLine({ maxLength: 80 })),
});

/**
 * What an operator writes for a coupon (POST /prod-api/order/coupon, PUT …/{couponId}). Amounts
 * are minor units of `currency`; the pricing engine's couponRuleProblems checks the rule as a whole.
 */
export const CouponInput = Type.Object({
  code: Type.String({ minLength: 3, maxLength: 32, pattern: "^[A-Za-z0-9_-]+$" }),
  name: CouponName,
  kind: Type.Union([Type.Literal("amount"), Type.Literal("percent")]),
  value: Amount({ minimum: 1 }),
  currency: Type.Optional(Type.String({ pattern: "^[A-Z]{3}$" })),
  threshold: Type.Optional(Amount()),
  products: Type.Optional(Type.Array(Product, { maxItems: 4, uniqueItems: true })),
  editions: Type.Optional(Type.Array(SingleLine({ maxLength: 16 }), { maxItems: 16, uniqueItems: true })),
  actions: Type.Optional(Type.Array(Action, { maxItems: 3, uniqueItems: true })),
  durationUnits: Type.Optional(Type.Array(DurationUnit, { maxItems: 3, uniqueItems: true })),
  agentCodes: Type.Optional(Type.Array(SingleLine({ minLength: 1, maxLength: 64 }), { maxItems: 20 })),
  validFrom: Type.Optional(Instant),
  validUntil: Type.Optional(Instant),
  maxUses: Type.Optional(Type.Union([Int4({ minimum: 1 }), Type.Null()])),
  perCustomer: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
  newCustomersOnly: Type.Boolean({ default: false }),
  listed: Type.Boolean({ default: true }),
  status: Type.Union([Type.Literal("active"), Type.Literal("disabled")], { default: "active" }),
});
export type CouponInput = Static<typeof CouponInput>;

/** A coupon as the operators' list shows it. */
export const CouponAdminView = Type.Object({
  ...CouponInput.properties,
  couponId: Type.Integer(),
  maxUses: Type.Union([Type.Integer(), Type.Null()]),
  uses: Type.Integer(),
  boundCustomers: Type.Integer(),
  createdAt: Type.String(),
});
export type CouponAdminView = Static<typeof CouponAdminView>;

/** GET /prod-api/order/coupon/list */
export const CouponListQuery = Type.Object({
  ...PageQuery,
  code: Type.Optional(SingleLine({ maxLength: 32 })),
  status: Type.Optional(Type.Union([Type.Literal("active"), Type.Literal("disabled")])),
});
export type CouponListQuery = Static<typeof CouponListQuery>;
