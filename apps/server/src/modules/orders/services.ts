import type { ServiceView } from "@rampart/contracts";
import { configurationToSearch, type PurchaseConfiguration, planQuantities } from "@rampart/pricing";
import { and, asc, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder } from "../../db/schema.ts";

type OrderRow = typeof bizOrder.$inferSelect;

/** The date a duration later (calendar months and years, in UTC). */
export function addDuration(from: Date, duration: PurchaseConfiguration["duration"]): Date {
  const at = new Date(from);
  if (duration.unit === "day") at.setUTCDate(at.getUTCDate() + duration.count);
  else at.setUTCMonth(at.getUTCMonth() + duration.count * (duration.unit === "year" ? 12 : 1));
  return at;
}

export interface Service {
  first: OrderRow;
  /** The configuration in force: the last paid upgrade's, else the first order's. */
  configuration: PurchaseConfiguration;
  expiresAt: Date | null;
  unpaidChange: boolean;
}

/**
 * A service is what a paid "new" order bought; its renewals extend it and its upgrades change its
 * configuration. Only its owner sees it.
 */
export async function loadService(db: Db, userId: number, orderNo: string): Promise<Service | null> {
  const rows = await db
    .select()
    .from(bizOrder)
    .where(and(eq(bizOrder.userId, userId), or(eq(bizOrder.orderNo, orderNo), eq(bizOrder.serviceOrderNo, orderNo))))
    .orderBy(asc(bizOrder.createdAt), asc(bizOrder.orderId));
  const first = rows.find((row) => row.orderNo === orderNo && row.action === "new");
  if (!first) return null;
  const changes = rows.filter((row) => row.serviceOrderNo === orderNo);
  let configuration = first.configuration;
  let expiresAt =
    first.status === "paid" && first.paidAt ? addDuration(first.paidAt, first.configuration.duration) : null;
  for (const change of changes.filter((row) => row.status === "paid")) {
    if (change.action === "upgrade") configuration = { ...change.configuration, duration: configuration.duration };
    // A renewal extends the service from its expiry, or from its payment if the service had lapsed.
    if (change.action === "renew" && expiresAt && change.paidAt) {
      const from = expiresAt > change.paidAt ? expiresAt : change.paidAt;
      expiresAt = addDuration(from, change.configuration.duration);
    }
  }
  return { first, configuration, expiresAt, unpaidChange: changes.some((row) => row.status === "unpaid") };
}

export function serviceView(service: Service, now: Date): ServiceView {
  const { first, configuration, expiresAt } = service;
  return {
    orderNo: first.orderNo,
    product: first.product,
    edition: configuration.edition,
    configuration: configurationToSearch(configuration).toString(),
    state: !expiresAt ? "pending" : expiresAt > now ? "active" : "expired",
    expiresAt: expiresAt?.toISOString() ?? null,
    topLevelDomains: planQuantities(configuration.product, configuration.quantities).topLevelDomains ?? 0,
    unpaidChange: service.unpaidChange,
  };
}
