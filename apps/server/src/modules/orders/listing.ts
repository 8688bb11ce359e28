import type {
  MyOrdersQuery,
  MyServicesQuery,
  OperatorOrderView,
  OrderListQuery,
  ServiceMonthUsage,
} from "@rampart/contracts";
import { configurationToSearch } from "@rampart/pricing";
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, ne, type SQL } from "drizzle-orm";
import { type CountedTotal, countedRow, countUpTo } from "../../db/capped-count.ts";
import type { Db } from "../../db/client.ts";
import { likeAnywhere } from "../../db/like-pattern.ts";
import { bizOrder, bizService, sysUser } from "../../db/schema.ts";
import { invoiceNumbersOf } from "../invoices/invoice-admin.ts";
import { provisioningOf, serviceView } from "../services/service-records.ts";
import { orderView } from "./service.ts";

const DAY_MS = 86_400_000;

/**
 * The orders an operator may see (their site's only when they are bound to one), filtered by
 * the search form, newest first, one page of them with the total.
 */
export async function listOrders(
  db: Db,
  query: OrderListQuery,
  siteScope: number | null,
): Promise<{ rows: OperatorOrderView[]; total: CountedTotal }> {
  const filters: (SQL | undefined)[] = [
    siteScope === null ? undefined : eq(bizOrder.siteId, siteScope),
    query.orderNo ? ilike(bizOrder.orderNo, `${query.orderNo}%`) : undefined,
    query.userName ? ilike(sysUser.userName, likeAnywhere(query.userName)) : undefined,
    query.status ? eq(bizOrder.status, query.status) : undefined,
    query.product ? eq(bizOrder.product, query.product) : undefined,
    query.payMethod ? eq(bizOrder.payMethod, query.payMethod) : undefined,
    query.beginTime ? gte(bizOrder.createdAt, new Date(`${query.beginTime}T00:00:00Z`)) : undefined,
    query.endTime
      ? lt(bizOrder.createdAt, new Date(new Date(`${query.endTime}T00:00:00Z`).getTime() + DAY_MS))
      : undefined,
  ];
  const where = and(...filters);
  const offset = (query.pageNum - 1) * query.pageSize;
  const newestFirst = [desc(bizOrder.createdAt), desc(bizOrder.orderId)];
  // Every order has its user (a foreign key): the user is joined before the page is chosen only
  // when a user's name filters.
  const pageIds = (
    query.userName
      ? db
          .select({ orderId: bizOrder.orderId })
          .from(bizOrder)
          .innerJoin(sysUser, eq(sysUser.userId, bizOrder.userId))
          .where(where)
      : db.select({ orderId: bizOrder.orderId }).from(bizOrder).where(where)
  )
    .orderBy(...newestFirst)
    .limit(query.pageSize)
    .offset(offset);
  const matching = query.userName
    ? db.select(countedRow).from(bizOrder).innerJoin(sysUser, eq(sysUser.userId, bizOrder.userId)).where(where)
    : db.select(countedRow).from(bizOrder).where(where);
  const [rows, total] = await Promise.all([
    // The page's orders chosen from an index alone (biz_order_time and the others end with the
    // order's id), then read with their users: the rows skipped to reach a later page are not read.
    db
      .select({ order: bizOrder, userName: sysUser.userName })
      .from(bizOrder)
      .innerJoin(sysUser, eq(sysUser.userId, bizOrder.userId))
      .where(inArray(bizOrder.orderId, pageIds))
      .orderBy(...newestFirst),
    countUpTo(db, matching.$dynamic(), offset),
  ]);
  return {
    rows: rows.map(({ order, userName }) => ({
      ...orderView(order),
      userName,
      agentCode: order.agentCode,
      // A top-up configures nothing (its amount is all there is to it).
      configuration: order.action === "topup" ? "" : configurationToSearch(order.configuration).toString(),
      serviceOrderNo: order.serviceOrderNo,
      tradeNo: order.tradeNo,
      closedAt: order.closedAt?.toISOString() ?? null,
      refundedAt: order.refundedAt?.toISOString() ?? null,
      handledBy: order.handledBy,
      handledNote: order.handledNote,
    })),
    total,
  };
}

/** The caller's own orders, newest first. */
export async function listOwnOrders(db: Db, userId: number, query: MyOrdersQuery) {
  const where = and(eq(bizOrder.userId, userId), query.status ? eq(bizOrder.status, query.status) : undefined);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(bizOrder)
      .where(where)
      .orderBy(desc(bizOrder.createdAt), desc(bizOrder.orderId))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(bizOrder).where(where),
  ]);
  const invoices = await invoiceNumbersOf(
    db,
    rows.map((row) => row.orderNo),
  );
  return {
    rows: rows.map((row) => ({
      ...orderView(row),
      invoiceNo: invoices.get(row.orderNo)?.invoice ?? null,
      creditNoteNo: invoices.get(row.orderNo)?.credit ?? null,
      documentTitle: invoices.get(row.orderNo)?.documentTitle ?? null,
    })),
    total: totals[0]?.total ?? 0,
  };
}

/**
 * The caller's services, those expiring soonest first (the ones that need a renewal on top), each
 * with whether a renewal or upgrade of it waits for payment, and (given `usageOf`) this month's use
 * of the packages sold by bandwidth.
 */
export async function listOwnServices(
  db: Db,
  userId: number,
  query: MyServicesQuery,
  now: Date,
  usageOf?: (services: (typeof bizService.$inferSelect)[]) => Promise<Map<string, ServiceMonthUsage>>,
) {
  const where = eq(bizService.userId, userId);
  const [rows, totals, pending] = await Promise.all([
    db
      .select()
      .from(bizService)
      .where(where)
      .orderBy(asc(bizService.expiresAt), asc(bizService.serviceId))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(bizService).where(where),
    db
      .select({ serviceOrderNo: bizOrder.serviceOrderNo, orderNo: bizOrder.orderNo, action: bizOrder.action })
      .from(bizOrder)
      .where(
        and(
          eq(bizOrder.userId, userId),
          eq(bizOrder.status, "unpaid"),
          isNotNull(bizOrder.serviceOrderNo),
          ne(bizOrder.action, "overage"),
        ),
      ),
  ]);
  const usage = usageOf ? await usageOf(rows) : new Map<string, ServiceMonthUsage>();
  const waiting = new Set(pending.map((row) => row.serviceOrderNo));
  const renewals = new Map(
    pending.filter((row) => row.action === "renew").map((row) => [row.serviceOrderNo, row.orderNo]),
  );
  return {
    rows: rows.map((row) => ({
      ...serviceView(
        {
          orderNo: row.orderNo,
          product: row.product,
          configuration: row.configuration,
          expiresAt: row.expiresAt,
          unpaidChange: waiting.has(row.orderNo),
          lifecycle: row.state,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          renewalOrderNo: renewals.get(row.orderNo) ?? null,
          operatorHold: row.operatorHold,
          provisioning: provisioningOf(row),
        },
        now,
      ),
      autoRenew: row.autoRenew,
      ...(usage.has(row.orderNo) ? { usage: usage.get(row.orderNo) } : {}),
    })),
    total: totals[0]?.total ?? 0,
  };
}
