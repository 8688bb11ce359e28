import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizRefundClaim } from "../../db/schema.ts";

/** How long a claim holds before another refund may take it over (its process stopped mid-refund). */
const CLAIM_MINUTES = 5;

/**
 * Claims an order's refund before any money moves: true when this request may go on, false while
 * another refund of it is under way (two operators at once, one sending it to the balance and the
 * other through the channel, would otherwise pay it back twice).
 */
export async function claimRefund(db: Db, orderNo: string, now: Date): Promise<boolean> {
  const stale = new Date(now.getTime() - CLAIM_MINUTES * 60_000);
  const [claimed] = await db
    .insert(bizRefundClaim)
    .values({ orderNo, claimedAt: now })
    .onConflictDoUpdate({
      target: bizRefundClaim.orderNo,
      set: { claimedAt: now },
      setWhere: sql`${bizRefundClaim.claimedAt} < ${stale}`,
    })
    .returning({ orderNo: bizRefundClaim.orderNo });
  return claimed !== undefined;
}

/** The refund is done or refused: the order's claim goes (a refunded order is not refunded again anyway). */
export async function releaseRefund(db: Db, orderNo: string): Promise<void> {
  await db.delete(bizRefundClaim).where(eq(bizRefundClaim.orderNo, orderNo));
}
