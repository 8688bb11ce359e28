import type { PurchaseConfiguration } from "@rampart/pricing";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { bizOrder, bizService, bizUsage5m, sysSite } from "../db/schema.ts";
import { transitionOrder } from "../modules/orders/lifecycle.ts";
import { ensureUsagePartitions } from "../modules/usage/usage-partitions.ts";
import { NO_FIGURES } from "./usage-test-data.ts";

/** Test data of burstable billing: paid CDN packages and their 5-minute buckets, written directly. */

const MBPS = 1_000_000;
const FIVE_MINUTES = 300_000;

const cdnMainland = (bandwidth: number): PurchaseConfiguration => ({
  product: "cdn",
  edition: "mainland",
  region: "mainland",
  quantities: { bandwidth, domains: 10 },
  duration: { unit: "month", count: 1 },
  extras: {},
});

/**
 * A CDN mainland package of `bandwidth` Mbps bought (paid offline) at `createdAt` on the default
 * site in CNY; or, as given, its first order on another site (or none) in another currency, and the
 * package of another site (or of none).
 */
export async function addCdnService(
  db: Db,
  input: {
    name: string;
    userId: number;
    bandwidth: number;
    createdAt: Date;
    orderSiteId?: number | null;
    serviceSiteId?: number | null;
    currency?: string;
  },
): Promise<{ serviceId: number; orderNo: string }> {
  const { name, userId, bandwidth, createdAt } = input;
  const configuration = cdnMainland(bandwidth);
  const [site] = await db.select({ siteId: sysSite.siteId }).from(sysSite).where(eq(sysSite.isDefault, true));
  const orderNo = `OVERAGE-${name}`;
  await db.insert(bizOrder).values({
    orderNo,
    userId,
    siteId: input.orderSiteId === undefined ? site!.siteId : input.orderSiteId,
    product: "cdn",
    action: "new",
    configuration,
    currency: input.currency ?? "CNY",
    originalPrice: 29_900,
    discount: 0,
    amount: 29_900,
    payMethod: "offline",
    status: "paid",
    idempotencyKey: `overage-test-${name}`,
    createdAt,
    paidAt: createdAt,
  });
  const [service] = await db
    .insert(bizService)
    .values({
      orderNo,
      userId,
      siteId: input.serviceSiteId === undefined ? site!.siteId : input.serviceSiteId,
      product: "cdn",
      configuration,
      expiresAt: new Date(createdAt.getTime() + 365 * 86_400_000),
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ serviceId: bizService.serviceId });
  return { serviceId: service!.serviceId, orderNo };
}

/**
 * The package (named by its first order) upgraded to `bandwidth` Mbps: an upgrade order paid at
 * `paidAt`, which the order lifecycle applies to the package then.
 */
export async function upgradeCdnService(
  db: Db,
  input: { orderNo: string; userId: number; bandwidth: number; paidAt: Date },
): Promise<void> {
  const { orderNo, userId, bandwidth, paidAt } = input;
  const upgradeNo = `${orderNo}-UP-${bandwidth}`;
  await db.insert(bizOrder).values({
    orderNo: upgradeNo,
    userId,
    product: "cdn",
    action: "upgrade",
    serviceOrderNo: orderNo,
    configuration: cdnMainland(bandwidth),
    currency: "CNY",
    originalPrice: 10_000,
    discount: 0,
    amount: 10_000,
    payMethod: "offline",
    idempotencyKey: `overage-test-${upgradeNo}`,
    createdAt: paidAt,
  });
  const paid = await transitionOrder(db, "pay", { orderNo: upgradeNo, now: paidAt });
  if (!paid.ok) throw new Error(`upgrade ${upgradeNo} not paid: ${paid.reason}`);
}

/** `count` whole-service buckets with peaks of `mbps`, five minutes apart from `from`. */
export async function addBuckets(db: Db, serviceId: number, from: string, count: number, mbps: number) {
  const start = Date.parse(from);
  await ensureUsagePartitions(db, new Date(start), new Date(start + count * FIVE_MINUTES));
  await db.insert(bizUsage5m).values(
    Array.from({ length: count }, (_, i) => ({
      ...NO_FIGURES,
      serviceId,
      bucket: new Date(start + i * FIVE_MINUTES),
      peakBps: Math.round(mbps * MBPS),
      receivedAt: new Date(start),
    })),
  );
}
