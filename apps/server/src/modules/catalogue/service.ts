import { type Catalogue, DEFAULT_CATALOGUE } from "@rampart/pricing";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizPriceList } from "../../db/schema.ts";

/** The currency whose list answers for a site whose own currency has none. */
export const BASE_CURRENCY = "CNY";

/** The price list a site sells from: its currency's, else the base one. */
export async function loadCatalogue(db: Db, currency: string | undefined): Promise<Catalogue> {
  const wanted = (currency ?? BASE_CURRENCY).toUpperCase();
  const rows = await db.select().from(bizPriceList).where(eq(bizPriceList.currency, wanted));
  if (rows[0]) return rows[0].catalogue;
  if (wanted !== BASE_CURRENCY) return loadCatalogue(db, BASE_CURRENCY);
  return DEFAULT_CATALOGUE;
}

/**
 * A list in another currency made from the base list: every amount times `perMinorUnit`, rounded
 * up to `roundTo` minor units (VND prices end in thousands).
 */
export function convertCatalogue(base: Catalogue, currency: string, perMinorUnit: number, roundTo: number): Catalogue {
  const convert = (minor: number) => Math.ceil((minor * perMinorUnit) / roundTo) * roundTo;
  const products = Object.fromEntries(
    Object.entries(base.products).map(([code, prices]) => [
      code,
      {
        ...prices,
        editions: prices.editions.map((edition) => ({
          ...edition,
          regions: Object.fromEntries(Object.entries(edition.regions).map(([r, p]) => [r, convert(p)])),
          quantities: Object.fromEntries(
            Object.entries(edition.quantities).map(([q, rule]) => [q, { ...rule, unitPrice: convert(rule.unitPrice) }]),
          ),
          ...(edition.overageRate === undefined ? {} : { overageRate: convert(edition.overageRate) }),
        })),
        extras: prices.extras.map((extra) => ({ ...extra, unitPrice: convert(extra.unitPrice) })),
      },
    ]),
  ) as Catalogue["products"];
  return { currency, minimumAmount: convert(base.minimumAmount), products };
}

/** First start: the CNY list, and a VND one for the Vietnamese demo brand (1 CNY ≈ 3,600 VND). */
export async function seedPriceLists(db: Db): Promise<void> {
  const lists = [DEFAULT_CATALOGUE, convertCatalogue(DEFAULT_CATALOGUE, "VND", 36, 1000)];
  await db
    .insert(bizPriceList)
    .values(lists.map((catalogue) => ({ currency: catalogue.currency, catalogue })))
    .onConflictDoNothing();
}
