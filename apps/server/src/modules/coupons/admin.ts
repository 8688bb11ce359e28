import type { CouponAdminView, CouponInput, CouponListQuery } from "@rampart/contracts";
import { type CouponRule, couponRuleProblems } from "@rampart/pricing";
import { and, count, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likeAnywhere } from "../../db/like-pattern.ts";
import { bizCoupon, bizCouponUse, sysSite } from "../../db/schema.ts";

type CouponRow = typeof bizCoupon.$inferSelect;

/** The rule part of an operator's input (what the engine evaluates), without empty scopes. */
function ruleOf(input: CouponInput): Omit<CouponRule, "code"> {
  const rule: Omit<CouponRule, "code"> = { kind: input.kind, value: input.value };
  if (input.currency) rule.currency = input.currency;
  if (input.threshold !== undefined) rule.threshold = input.threshold;
  if (input.products?.length) rule.products = input.products;
  if (input.editions?.length) rule.editions = input.editions as CouponRule["editions"];
  if (input.actions?.length) rule.actions = input.actions;
  if (input.durationUnits?.length) rule.durationUnits = input.durationUnits;
  if (input.agentCodes?.length) rule.agentCodes = input.agentCodes;
  if (input.validFrom) rule.validFrom = input.validFrom;
  if (input.validUntil) rule.validUntil = input.validUntil;
  return rule;
}

export function adminView(row: CouponRow): CouponAdminView {
  const { rule } = row;
  return {
    couponId: row.couponId,
    code: row.code,
    name: { en: row.name.en ?? row.code, ...row.name },
    kind: rule.kind,
    value: rule.value,
    ...(rule.currency ? { currency: rule.currency } : {}),
    ...(rule.threshold !== undefined ? { threshold: rule.threshold } : {}),
    ...(rule.products ? { products: rule.products } : {}),
    ...(rule.editions ? { editions: rule.editions } : {}),
    ...(rule.actions ? { actions: rule.actions } : {}),
    ...(rule.durationUnits ? { durationUnits: rule.durationUnits } : {}),
    ...(rule.agentCodes ? { agentCodes: rule.agentCodes } : {}),
    ...(rule.validFrom ? { validFrom: rule.validFrom } : {}),
    ...(rule.validUntil ? { validUntil: rule.validUntil } : {}),
    maxUses: row.maxUses,
    perCustomer: row.perCustomer,
    newCustomersOnly: row.newCustomersOnly,
    listed: row.listed,
    status: row.status as CouponAdminView["status"],
    uses: row.uses,
    boundCustomers: row.userIds.length,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The agent code an operator bound to a site works for (null: not bound, sees every coupon). */
export async function scopeAgentCode(db: Db, siteScope: number | null): Promise<string | null> {
  if (siteScope === null) return null;
  const [site] = await db.select({ agentCode: sysSite.agentCode }).from(sysSite).where(eq(sysSite.siteId, siteScope));
  // A site without an agent code has no channel of its own: its operator may touch no coupon.
  return site?.agentCode || "\u0000";
}

/** Coupons whose only channel is this agent code (what a site's operator may see and change). */
const ownChannel = (agentCode: string) =>
  sql`${bizCoupon.rule} -> 'agentCodes' = ${JSON.stringify([agentCode])}::jsonb`;

export async function listCoupons(db: Db, query: CouponListQuery, agentCode: string | null) {
  const filters: (SQL | undefined)[] = [
    agentCode === null ? undefined : ownChannel(agentCode),
    query.code ? ilike(bizCoupon.code, likeAnywhere(query.code)) : undefined,
    query.status ? eq(bizCoupon.status, query.status) : undefined,
  ];
  const where = and(...filters);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(bizCoupon)
      .where(where)
      .orderBy(desc(bizCoupon.createdAt), desc(bizCoupon.couponId))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(bizCoupon).where(where),
  ]);
  return { rows: rows.map(adminView), total: totals[0]?.total ?? 0 };
}

export type CouponWriteResult =
  | { ok: true; coupon: CouponAdminView; before?: CouponAdminView }
  | { ok: false; reason: "invalid"; problems: { field: string; code: string }[] }
  | { ok: false; reason: "taken" | "missing" | "inUse" };

/** Checks an operator's input; a site's operator always writes for their own channel. */
function prepare(input: CouponInput, agentCode: string | null) {
  const scoped = agentCode === null ? input : { ...input, agentCodes: [agentCode] };
  const rule = ruleOf(scoped);
  return { rule, problems: couponRuleProblems(rule) };
}

export async function createCoupon(db: Db, input: CouponInput, agentCode: string | null): Promise<CouponWriteResult> {
  const { rule, problems } = prepare(input, agentCode);
  if (problems.length > 0) return { ok: false, reason: "invalid", problems };
  const [row] = await db
    .insert(bizCoupon)
    .values({
      code: input.code.toUpperCase(),
      name: input.name,
      rule,
      maxUses: input.maxUses ?? null,
      perCustomer: input.perCustomer,
      newCustomersOnly: input.newCustomersOnly,
      listed: input.listed,
      status: input.status,
    })
    .onConflictDoNothing()
    .returning();
  return row ? { ok: true, coupon: adminView(row) } : { ok: false, reason: "taken" };
}

/** Changes everything but the code (customers and orders know a coupon by it). */
export async function updateCoupon(
  db: Db,
  couponId: number,
  input: CouponInput,
  agentCode: string | null,
  now: Date,
): Promise<CouponWriteResult> {
  const { rule, problems } = prepare(input, agentCode);
  if (problems.length > 0) return { ok: false, reason: "invalid", problems };
  return db.transaction(async (tx) => {
    const scoped = and(eq(bizCoupon.couponId, couponId), agentCode === null ? undefined : ownChannel(agentCode));
    const [before] = await tx.select().from(bizCoupon).where(scoped).for("update");
    if (!before) return { ok: false, reason: "missing" } as const;
    const [row] = await tx
      .update(bizCoupon)
      .set({
        name: input.name,
        rule,
        maxUses: input.maxUses ?? null,
        perCustomer: input.perCustomer,
        newCustomersOnly: input.newCustomersOnly,
        listed: input.listed,
        status: input.status,
        updatedAt: now,
      })
      .where(scoped)
      .returning();
    return { ok: true, coupon: adminView(row!), before: adminView(before) } as const;
  });
}

/** Removes a coupon nobody has used; one that was used is kept (orders name it): disable it instead. */
export async function removeCoupon(db: Db, couponId: number, agentCode: string | null): Promise<CouponWriteResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bizCoupon)
      .where(and(eq(bizCoupon.couponId, couponId), agentCode === null ? undefined : ownChannel(agentCode)))
      .for("update");
    if (!row) return { ok: false, reason: "missing" } as const;
    const [used] = await tx.select({ n: count() }).from(bizCouponUse).where(eq(bizCouponUse.couponId, couponId));
    if ((used?.n ?? 0) > 0) return { ok: false, reason: "inUse" } as const;
    await tx.delete(bizCoupon).where(eq(bizCoupon.couponId, couponId));
    return { ok: true, coupon: adminView(row) } as const;
  });
}
