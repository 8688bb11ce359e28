import { isLanguage } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { and, eq, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizBalance, bizBalanceEntry, sysUser } from "../../db/schema.ts";
import type { PriceLists } from "../catalogue/price-lists.ts";
import { LOW_BALANCE_BASIS } from "../mail/balance-mail-texts.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import { renewalsDue } from "./renewals-due.ts";

/**
 * The low-balance alert (issue 41): each balance whose customer wants it is compared with their
 * threshold (by default what their packages renewing from it cost in the next 30 days, or an
 * amount they chose); one that has fallen below is mailed once, and marked so; once it is back at
 * or above the threshold the mark goes, and the next fall is mailed again. Answers how many were
 * mailed and how many marks were cleared.
 */
export async function checkLowBalances(
  deps: { db: Db; mail: MailOutbox; priceLists: PriceLists },
  now: Date,
): Promise<{ alerted: number; cleared: number }> {
  const { db, mail } = deps;
  const rows = await db
    .select({
      balance: bizBalance,
      threshold: sysUser.lowBalanceThreshold,
      email: sysUser.email,
      name: sql<string>`coalesce(nullif(${sysUser.nickName}, ''), ${sysUser.userName})`,
      language: sysUser.language,
      timeZone: sysUser.timeZone,
      siteId: sysUser.siteId,
      // The fall's own key: the entry that took the balance where it is.
      lastEntry: sql<string>`(select max(e.entry_id) from ${bizBalanceEntry} e where e.balance_id = ${bizBalance.balanceId})`,
    })
    .from(bizBalance)
    .innerJoin(sysUser, eq(sysUser.userId, bizBalance.userId))
    // Those who want the alert, and those marked (whose mark may have to go).
    .where(
      or(isNull(sysUser.lowBalanceThreshold), ne(sysUser.lowBalanceThreshold, 0), isNotNull(bizBalance.lowAlertedAt)),
    );
  const byRenewals = [...new Set(rows.filter((row) => row.threshold === null).map((row) => row.balance.userId))];
  const due = await renewalsDue(db, deps.priceLists, byRenewals, now);
  const done = { alerted: 0, cleared: 0 };
  for (const row of rows) {
    const { balance } = row;
    const threshold =
      row.threshold ?? due.get(balance.userId)?.find((account) => account.currency === balance.currency)?.amount ?? 0;
    const below = threshold > 0 && balance.amount < threshold;
    if (!below && balance.lowAlertedAt) {
      await db.update(bizBalance).set({ lowAlertedAt: null }).where(eq(bizBalance.balanceId, balance.balanceId));
      done.cleared++;
    }
    if (!below || balance.lowAlertedAt || !row.email) continue;
    const language = isLanguage(row.language) ? row.language : "en";
    const link = `${await siteOrigin(db, row.siteId, null, { console: true })}/control/balance`;
    const alerted = await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(bizBalance)
        .set({ lowAlertedAt: now })
        .where(and(eq(bizBalance.balanceId, balance.balanceId), isNull(bizBalance.lowAlertedAt)))
        .returning({ balanceId: bizBalance.balanceId });
      if (!marked) return false;
      await mail.enqueue(tx, {
        siteId: row.siteId,
        event: "balance_low",
        language,
        to: row.email,
        timeZone: row.timeZone,
        values: {
          name: row.name,
          balance: formatMoney({ minor: balance.amount, currency: balance.currency }, language),
          threshold: formatMoney({ minor: threshold, currency: balance.currency }, language),
          basis: LOW_BALANCE_BASIS[row.threshold === null ? "renewals" : "amount"][language],
          link,
        },
        key: `balance-low-${balance.balanceId}-${row.lastEntry}`,
      });
      return true;
    });
    if (alerted) done.alerted++;
  }
  return done;
}
