import type { ServiceView } from "@rampart/contracts";
import { configurationToSearch, type PurchaseConfiguration, planQuantities } from "@rampart/pricing";
import { and, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizOrder, bizService } from "../../db/schema.ts";

/** The date a duration later (calendar months and years, in UTC). */
export function addDuration(from: Date, duration: PurchaseConfiguration["duration"]): Date {
  const at = new Date(from);
  if (duration.unit === "day") at.setUTCDate(at.getUTCDate() + duration.count);
  else at.setUTCMonth(at.getUTCMonth() + duration.count * (duration.unit === "year" ? 12 : 1));
  return at;
}

/**
 * A package (named by the order that bought it; a customer's own when `userId` is given), its row
 * locked for a change; none for no order or no package yet. Whatever moves a package and a balance
 * in one transaction takes the package's row before the balance's (an order's payment or refund
 * as a downgrade does), so that two of them at once wait for each other rather than deadlock.
 */
export async function lockService(
  tx: Tx,
  orderNo: string | null,
  userId?: number,
): Promise<typeof bizService.$inferSelect | undefined> {
  if (!orderNo) return undefined;
  const [service] = await tx
    .select()
    .from(bizService)
    .where(and(eq(bizService.orderNo, orderNo), userId === undefined ? undefined : eq(bizService.userId, userId)))
    .for("update");
  return service;
}

export interface Service {
  /** The order that bought it (the upgrade page's oid). */
  orderNo: string;
  product: string;
  /** The configuration in force: the service's, or the unpaid first order's. */
  configuration: PurchaseConfiguration;
  /** Null while the order that buys it is unpaid. */
  expiresAt: Date | null;
  unpaidChange: boolean;
  /** The lifecycle's state (active, grace, suspended, terminated); "pending" before payment. */
  lifecycle: string;
  cancelAtPeriodEnd?: boolean;
  /** The unpaid renewal order of it, if any. */
  renewalOrderNo?: string | null;
  /** Suspended by an operator. */
  operatorHold?: boolean;
  /** Where the platform stands with it. */
  provisioning?: ReturnType<typeof provisioningOf>;
}

/**
 * The service a paid "new" order bought (biz_service), or the pending one an unpaid "new" order
 * would buy. Only its owner sees it.
 */
export async function loadService(db: Db, userId: number, orderNo: string): Promise<Service | null> {
  const [service] = await db
    .select()
    .from(bizService)
    .where(and(eq(bizService.orderNo, orderNo), eq(bizService.userId, userId)));
  const unpaid = await db
    .select({ orderNo: bizOrder.orderNo })
    .from(bizOrder)
    .where(
      and(
        eq(bizOrder.serviceOrderNo, orderNo),
        eq(bizOrder.userId, userId),
        eq(bizOrder.status, "unpaid"),
        ne(bizOrder.action, "overage"),
      ),
    )
    .limit(1);
  if (service) {
    return {
      orderNo,
      product: service.product,
      configuration: service.configuration,
      expiresAt: service.expiresAt,
      unpaidChange: unpaid.length > 0,
      lifecycle: service.state,
    };
  }
  const [first] = await db
    .select()
    .from(bizOrder)
    .where(and(eq(bizOrder.orderNo, orderNo), eq(bizOrder.userId, userId), eq(bizOrder.action, "new")));
  if (first?.status !== "unpaid") return null;
  return {
    orderNo,
    product: first.product,
    configuration: first.configuration,
    expiresAt: null,
    unpaidChange: false,
    lifecycle: "pending",
  };
}

/** Where the platform stands with a service, as the console shows it. */
export function provisioningOf(row: {
  provisioning: string;
  provisioningSince: Date | null;
  provisioningMessage: string | null;
}): Pick<ServiceView, "provisioning" | "provisioningSince" | "provisioningMessage"> {
  return {
    provisioning: row.provisioning as NonNullable<ServiceView["provisioning"]>,
    provisioningSince: row.provisioningSince?.toISOString() ?? null,
    provisioningMessage: row.provisioningMessage,
  };
}

export function serviceView(service: Service, now: Date): ServiceView {
  const { configuration, expiresAt } = service;
  return {
    orderNo: service.orderNo,
    product: service.product,
    edition: configuration.edition,
    configuration: configurationToSearch(configuration).toString(),
    state: !expiresAt ? "pending" : expiresAt > now ? "active" : "expired",
    expiresAt: expiresAt?.toISOString() ?? null,
    topLevelDomains: planQuantities(configuration.product, configuration.quantities).topLevelDomains ?? 0,
    unpaidChange: service.unpaidChange,
    lifecycle: service.lifecycle as NonNullable<ServiceView["lifecycle"]>,
    cancelAtPeriodEnd: service.cancelAtPeriodEnd ?? false,
    renewalOrderNo: service.renewalOrderNo ?? null,
    operatorHold: service.operatorHold ?? false,
    ...(service.provisioning ?? {}),
  };
}
