import type { PriceListBody, PriceListView } from "@rampart/contracts";
import { type Catalogue, type CatalogueProblem, catalogueProblems, withEditedPrices } from "@rampart/pricing";
import { asc, eq } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";
import { bizPriceList, sysSite } from "../../db/schema.ts";
import type { Actor } from "../../http/actor.ts";
import { AppError, BadRequestError, NotFoundError } from "../../http/errors.ts";
import { PRICE_LIST_CHANGED_CHANNEL } from "./price-lists.ts";

/** The price lists, each with the sites that sell from it (a site sells in its currency's list). */
export async function listPriceLists(db: Db): Promise<PriceListView[]> {
  const [lists, sites] = await Promise.all([
    db.select().from(bizPriceList).orderBy(asc(bizPriceList.currency)),
    db
      .select({ siteId: sysSite.siteId, company: sysSite.company, currency: sysSite.currency })
      .from(sysSite)
      .orderBy(asc(sysSite.siteId)),
  ]);
  return lists.map((list) => ({
    currency: list.currency,
    updatedAt: list.updatedAt.toISOString(),
    sites: sites.filter((s) => s.currency === list.currency).map(({ siteId, company }) => ({ siteId, company })),
  }));
}

export async function readPriceList(db: Db, currency: string) {
  const [row] = await db.select().from(bizPriceList).where(eq(bizPriceList.currency, currency));
  if (!row) throw new NotFoundError("price_list_not_found", { value: currency });
  return { currency: row.currency, updatedAt: row.updatedAt.toISOString(), catalogue: row.catalogue };
}

export type PriceListChange =
  | { ok: true; before: Catalogue; after: Catalogue; updatedAt: string }
  | { ok: false; problems: CatalogueProblem[] };

/**
 * New prices for a list. A list is shared by every site selling in its currency, so an operator
 * bound to one site may read it but not change it. Only values change (withEditedPrices); the
 * list must be the one that was read (a change made meanwhile is not overwritten) and have no
 * problem the engine would trip on. Every process drops its copy, and the price pages follow.
 */
export async function updatePriceList(
  database: Database,
  currency: string,
  body: PriceListBody,
  actor: Actor,
  now: Date,
): Promise<PriceListChange> {
  if (actor.siteScope !== null) throw new AppError(403, "price_list_shared");
  const result = await database.db.transaction(async (tx): Promise<PriceListChange> => {
    const [row] = await tx.select().from(bizPriceList).where(eq(bizPriceList.currency, currency)).for("update");
    if (!row) throw new NotFoundError("price_list_not_found", { value: currency });
    if (row.updatedAt.toISOString() !== body.updatedAt) throw new AppError(409, "price_list_changed");
    const next = withEditedPrices(row.catalogue, body.catalogue as unknown as Catalogue);
    if (!next) throw new BadRequestError("price_list_structure");
    const problems = catalogueProblems(next);
    if (problems.length > 0) return { ok: false, problems };
    const [updated] = await tx
      .update(bizPriceList)
      .set({ catalogue: next, updatedAt: now })
      .where(eq(bizPriceList.currency, currency))
      .returning({ updatedAt: bizPriceList.updatedAt });
    return { ok: true, before: row.catalogue, after: next, updatedAt: updated!.updatedAt.toISOString() };
  });
  if (result.ok) await database.notify(PRICE_LIST_CHANGED_CHANNEL, currency);
  return result;
}
