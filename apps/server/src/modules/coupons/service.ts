import type { CouponOffer, Language } from "@rampart/contracts";
import {
  applyCoupon,
  type CouponRule,
  type FeeCard,
  type OrderAction,
  type PurchaseConfiguration,
} from "@rampart/pricing";
import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizCoupon, bizCouponUse, bizOrder } from "../../db/schema.ts";

type CouponRow = typeof bizCoupon.$inferSelect;

/** Why a coupon cannot be used: the engine's reasons, or the database's (caps, customers). */
export interface CouponProblem {
  field: "coupon";
  code: string;
  params?: Record<string, string | number>;
}

/** The order a coupon would go on, priced before the coupon. */
export interface CouponOrder {
  userId: number;
  agentCode: string;
  action: OrderAction;
  configuration: PurchaseConfiguration;
  fee: FeeCard;
  /** The amount a coupon may not go below (the price list's minimum; 0 for upgrades). */
  minimumAmount: number;
  now: Date;
}

interface CustomerFacts {
  /** Uses not released, per coupon. */
  uses: Map<number, number>;
  hasPaidOrder: boolean;
}

const ruleOf = (coupon: CouponRow): CouponRule => ({ ...coupon.rule, code: coupon.code });

async function customerFacts(db: Db | Tx, userId: number, couponIds: number[]): Promise<CustomerFacts> {
  const uses = new Map<number, number>();
  if (couponIds.length > 0) {
    const rows = await db
      .select({ couponId: bizCouponUse.couponId, count: sql<number>`count(*)::int` })
      .from(bizCouponUse)
      .where(
        and(
          eq(bizCouponUse.userId, userId),
          inArray(bizCouponUse.couponId, couponIds),
          isNull(bizCouponUse.releasedAt),
        ),
      )
      .groupBy(bizCouponUse.couponId);
    for (const row of rows) uses.set(row.couponId, row.count);
  }
  const paid = await db
    .select({ orderId: bizOrder.orderId })
    .from(bizOrder)
    .where(and(eq(bizOrder.userId, userId), inArray(bizOrder.status, ["paid", "refunded"]), ne(bizOrder.amount, 0)))
    .limit(1);
  return { uses, hasPaidOrder: paid.length > 0 };
}

/** The database's part of the rules: who may use it and how often. */
function capProblem(coupon: CouponRow, userId: number, facts: CustomerFacts): CouponProblem | null {
  if (coupon.status !== "active" || (coupon.userIds.length > 0 && !coupon.userIds.includes(userId)))
    return { field: "coupon", code: "coupon.unknown" };
  if ((facts.uses.get(coupon.couponId) ?? 0) >= coupon.perCustomer) return { field: "coupon", code: "coupon.used" };
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return { field: "coupon", code: "coupon.exhausted" };
  if (coupon.newCustomersOnly && facts.hasPaidOrder) return { field: "coupon", code: "coupon.newCustomersOnly" };
  return null;
}

/** The coupon on the order: the fee card with it taken off, or why it cannot be used. */
function evaluate(
  coupon: CouponRow,
  order: CouponOrder,
  facts: CustomerFacts,
): { ok: true; fee: FeeCard } | { ok: false; problem: CouponProblem } {
  const problem = capProblem(coupon, order.userId, facts);
  if (problem) return { ok: false, problem };
  const applied = applyCoupon(
    order.fee,
    ruleOf(coupon),
    { configuration: order.configuration, action: order.action, agentCode: order.agentCode, now: order.now },
    order.minimumAmount,
  );
  if (applied.refusal) {
    const { reason, ...params } = applied.refusal;
    return { ok: false, problem: { field: "coupon", code: `coupon.${reason}`, params } };
  }
  return { ok: true, fee: applied.fee };
}

/**
 * The coupons offered to a customer for this order: listed ones and those bound to them, each
 * usable (with what it takes off), used up, or unavailable with the reason; the best first.
 */
export async function couponOffers(db: Db, order: CouponOrder, language: Language): Promise<CouponOffer[]> {
  const coupons = await db
    .select()
    .from(bizCoupon)
    .where(
      and(
        eq(bizCoupon.status, "active"),
        or(
          and(eq(bizCoupon.listed, true), sql`cardinality(${bizCoupon.userIds}) = 0`),
          sql`${order.userId} = any(${bizCoupon.userIds})`,
        ),
      ),
    );
  const facts = await customerFacts(
    db,
    order.userId,
    coupons.map((c) => c.couponId),
  );
  // A coupon in another currency belongs to another site's customers: not offered here.
  const offers = coupons
    .filter((coupon) => !coupon.rule.currency || coupon.rule.currency === order.fee.currency)
    .map((coupon): CouponOffer => {
      const result = evaluate(coupon, order, facts);
      return {
        code: coupon.code,
        name: coupon.name[language] ?? coupon.name.en ?? coupon.code,
        kind: coupon.rule.kind,
        value: coupon.rule.value,
        threshold: coupon.rule.threshold ?? null,
        validUntil: coupon.rule.validUntil ?? null,
        state: result.ok ? "usable" : result.problem.code === "coupon.used" ? "used" : "unavailable",
        reason: result.ok ? null : result.problem.code,
        params: result.ok ? {} : (result.problem.params ?? {}),
        deduction: result.ok ? result.fee.couponDeduction : 0,
        rule: ruleOf(coupon) as unknown as Record<string, unknown>,
      };
    });
  const rank = { usable: 0, unavailable: 1, used: 2 } as const;
  return offers.sort(
    (a, b) => rank[a.state] - rank[b.state] || b.deduction - a.deduction || a.code.localeCompare(b.code),
  );
}

/**
 * Inside the order's transaction: locks the coupon's row (so that its caps hold under concurrent
 * orders), checks every rule, and answers the fee card with the coupon taken off.
 */
export async function takeCoupon(
  tx: Tx,
  code: string,
  order: CouponOrder,
): Promise<{ ok: true; couponId: number; fee: FeeCard } | { ok: false; problem: CouponProblem }> {
  const [coupon] = await tx.select().from(bizCoupon).where(eq(bizCoupon.code, code)).for("update");
  if (!coupon) return { ok: false, problem: { field: "coupon", code: "coupon.unknown" } };
  const facts = await customerFacts(tx, order.userId, [coupon.couponId]);
  const result = evaluate(coupon, order, facts);
  return result.ok ? { ok: true, couponId: coupon.couponId, fee: result.fee } : result;
}

/** Records the use (after the order row exists) and counts it against the global cap. */
export async function recordCouponUse(
  tx: Tx,
  use: { couponId: number; userId: number; orderNo: string; deduction: number; now: Date },
): Promise<void> {
  await tx.insert(bizCouponUse).values({
    couponId: use.couponId,
    userId: use.userId,
    orderNo: use.orderNo,
    deduction: use.deduction,
    usedAt: use.now,
  });
  await tx
    .update(bizCoupon)
    .set({ uses: sql`${bizCoupon.uses} + 1` })
    .where(eq(bizCoupon.couponId, use.couponId));
}
