import { type Static, Type } from "typebox";
import { Amount, Int4, SingleLine } from "./field-kinds.ts";

const Price = Amount();
const Count = Int4();

const QuantityPriceSchema = Type.Object({
  included: Count,
  min: Count,
  max: Count,
  step: Count,
  unitPrice: Price,
});

const EditionPricesSchema = Type.Object({
  code: SingleLine({ maxLength: 32 }),
  regions: Type.Record(Type.String({ maxLength: 16 }), Price),
  quantities: Type.Record(Type.String({ maxLength: 32 }), QuantityPriceSchema),
  trialDays: Type.Optional(Count),
  onRequest: Type.Optional(Type.Boolean()),
  features: Type.Optional(Type.Record(Type.String({ maxLength: 32 }), Type.Union([Type.Number(), Type.Boolean()]))),
  /** Burstable billing: the price of one Mbps-month above the committed bandwidth (packages sold by bandwidth). */
  overageRate: Type.Optional(Price),
});

const ProductPricesSchema = Type.Object({
  editions: Type.Array(EditionPricesSchema, { maxItems: 20 }),
  durations: Type.Array(
    Type.Object({
      unit: Type.Union([Type.Literal("day"), Type.Literal("month"), Type.Literal("year")]),
      count: Int4({ minimum: 1 }),
      discountPercent: Count,
    }),
    { maxItems: 20 },
  ),
  extras: Type.Array(Type.Object({ code: SingleLine({ maxLength: 32 }), unitPrice: Price, max: Count }), {
    maxItems: 30,
  }),
});

/** A price list as the console edits it: the engine's Catalogue (packages/pricing). */
export const CatalogueSchema = Type.Object({
  currency: Type.String({ pattern: "^[A-Z]{3}$" }),
  minimumAmount: Price,
  products: Type.Record(Type.String({ maxLength: 16 }), ProductPricesSchema),
});

/** One price list in Business → Prices: its currency, when it last changed, the sites selling from it. */
export const PriceListView = Type.Object({
  currency: Type.String(),
  updatedAt: Type.String(),
  sites: Type.Array(Type.Object({ siteId: Type.Integer(), company: Type.String() })),
});
export type PriceListView = Static<typeof PriceListView>;

export const PriceListDetail = Type.Object({
  currency: Type.String(),
  updatedAt: Type.String(),
  catalogue: CatalogueSchema,
});
export type PriceListDetail = Static<typeof PriceListDetail>;

/**
 * New prices for a list: the whole list as it was read, with its prices changed, and the time it was
 * read at (a list changed meanwhile by someone else is not overwritten: 409).
 */
export const PriceListBody = Type.Object({
  catalogue: CatalogueSchema,
  updatedAt: SingleLine({ maxLength: 40 }),
});
export type PriceListBody = Static<typeof PriceListBody>;
