import { type Static, Type } from "typebox";

const Amount = Type.Integer({ minimum: 0 });
const Count = Type.Integer({ minimum: 0 });

const QuantityPriceSchema = Type.Object({
  included: Count,
  min: Count,
  max: Count,
  step: Count,
  unitPrice: Amount,
});

const EditionPricesSchema = Type.Object({
  code: Type.String({ maxLength: 32 }),
  regions: Type.Record(Type.String({ maxLength: 16 }), Amount),
  quantities: Type.Record(Type.String({ maxLength: 32 }), QuantityPriceSchema),
  trialDays: Type.Optional(Count),
  onRequest: Type.Optional(Type.Boolean()),
  features: Type.Optional(Type.Record(Type.String({ maxLength: 32 }), Type.Union([Type.Number(), Type.Boolean()]))),
});

const ProductPricesSchema = Type.Object({
  editions: Type.Array(EditionPricesSchema, { maxItems: 20 }),
  durations: Type.Array(
    Type.Object({
      unit: Type.Union([Type.Literal("day"), Type.Literal("month"), Type.Literal("year")]),
      count: Type.Integer({ minimum: 1 }),
      discountPercent: Count,
    }),
    { maxItems: 20 },
  ),
  extras: Type.Array(Type.Object({ code: Type.String({ maxLength: 32 }), unitPrice: Amount, max: Count }), {
    maxItems: 30,
  }),
});

/** A price list as the console edits it: the engine's Catalogue (packages/pricing). */
export const CatalogueSchema = Type.Object({
  currency: Type.String({ pattern: "^[A-Z]{3}$" }),
  minimumAmount: Amount,
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

/**
 * New prices for a list: the whole list as it was read, with its prices changed, and the time it was
 * read at (a list changed meanwhile by someone else is not overwritten: 409).
 */
export const PriceListBody = Type.Object({
  catalogue: CatalogueSchema,
  updatedAt: Type.String({ maxLength: 40 }),
});
export type PriceListBody = Static<typeof PriceListBody>;
