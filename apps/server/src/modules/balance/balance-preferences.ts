import type { BalancePreferences, BalancePreferencesView, LowBalanceAlert } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysUser } from "../../db/schema.ts";
import type { PriceLists } from "../catalogue/price-lists.ts";
import { renewalsDue } from "./renewals-due.ts";

/** The alert as kept (sys_user.low_balance_threshold): null the renewals, 0 off, else the amount. */
const alertOf = (threshold: number | null): LowBalanceAlert =>
  threshold === null ? { mode: "renewals" } : threshold === 0 ? { mode: "off" } : { mode: "amount", amount: threshold };
const thresholdOf = (alert: LowBalanceAlert): number | null =>
  alert.mode === "renewals" ? null : alert.mode === "off" ? 0 : (alert.amount ?? null);

/**
 * A customer's balance preferences: whether their new packages renew from the balance (each
 * package is switched in My services), and when they are told it is low, with what the next 30
 * days of renewals from it cost (the default threshold).
 */
export async function balancePreferencesOf(
  db: Db,
  priceLists: PriceLists,
  userId: number,
  now: Date,
): Promise<BalancePreferencesView> {
  const [user] = await db
    .select({ autoRenewNew: sysUser.autoRenewNew, threshold: sysUser.lowBalanceThreshold })
    .from(sysUser)
    .where(eq(sysUser.userId, userId));
  const due = await renewalsDue(db, priceLists, [userId], now);
  return {
    autoRenewNew: user?.autoRenewNew ?? false,
    lowBalance: alertOf(user?.threshold ?? null),
    renewalsDue: due.get(userId) ?? [],
  };
}

/** Saves what was sent; an alert not sent stays as it was. */
export async function saveBalancePreferences(db: Db, userId: number, preferences: BalancePreferences): Promise<void> {
  await db
    .update(sysUser)
    .set({
      autoRenewNew: preferences.autoRenewNew,
      ...(preferences.lowBalance ? { lowBalanceThreshold: thresholdOf(preferences.lowBalance) } : {}),
    })
    .where(eq(sysUser.userId, userId));
}
