import { isLanguage } from "@rampart/contracts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder, type bizService, sysUser } from "../../db/schema.ts";
import { PRODUCT_NAMES } from "../catalogue/document-names.ts";
import { transitionOrder } from "../orders/lifecycle.ts";
import type { OrderEvents } from "../services/lifecycle-events.ts";
import { siteOrigin } from "../sites/site-origin.ts";

type ServiceRow = typeof bizService.$inferSelect;

/**
 * What a service's mail needs: the customer's address, language and name, the product's name in
 * that language, and My services on the site's console (from the site record, never a request).
 * Null when the customer has no address.
 */
export async function serviceRecipient(db: Db, service: ServiceRow) {
  const [user] = await db.select().from(sysUser).where(eq(sysUser.userId, service.userId));
  if (!user?.email) return null;
  const language = isLanguage(user.language) ? user.language : "en";
  return {
    to: user.email,
    language,
    name: user.nickName || user.userName,
    timeZone: user.timeZone,
    product: PRODUCT_NAMES[service.product]?.[language] ?? service.product,
    link: `${await siteOrigin(db, service.siteId, null, { console: true })}/control/services`,
  };
}

/** A terminated service's unpaid renewal (or upgrade) orders close: nothing is left to pay for. */
export async function closeRenewals(
  db: Db,
  events: OrderEvents,
  service: Pick<ServiceRow, "orderNo">,
  input: { now: Date; by: string },
) {
  const unpaid = await db
    .select({ orderNo: bizOrder.orderNo })
    .from(bizOrder)
    .where(and(eq(bizOrder.serviceOrderNo, service.orderNo), eq(bizOrder.status, "unpaid")));
  for (const { orderNo } of unpaid) {
    await transitionOrder(db, "close", { orderNo, now: input.now, events, by: input.by });
  }
}
