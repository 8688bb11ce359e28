import { isLanguage } from "@rampart/contracts";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder, type bizService, sysUser } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { PRODUCT_NAMES } from "../catalogue/document-names.ts";
import { transitionOrder } from "../orders/lifecycle.ts";
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

/**
 * A terminated service's unpaid renewal (or upgrade) orders close: nothing is left to pay for (an
 * overage order stays: the bandwidth it bills was used).
 */
export async function closeRenewals(
  db: Db,
  emitEvent: EmitEvent,
  service: Pick<ServiceRow, "orderNo">,
  input: { now: Date; by: string },
) {
  const unpaid = await db
    .select({ orderNo: bizOrder.orderNo })
    .from(bizOrder)
    .where(
      and(eq(bizOrder.serviceOrderNo, service.orderNo), eq(bizOrder.status, "unpaid"), ne(bizOrder.action, "overage")),
    );
  for (const { orderNo } of unpaid) {
    await transitionOrder(db, "close", { orderNo, now: input.now, emitEvent, by: input.by });
  }
}
