import type { BalancePreferences } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysUser } from "../../db/schema.ts";

/** Whether a customer's new packages renew from their balance (each package is switched in My services). */
export async function balancePreferencesOf(db: Db, userId: number): Promise<BalancePreferences> {
  const [user] = await db
    .select({ autoRenewNew: sysUser.autoRenewNew })
    .from(sysUser)
    .where(eq(sysUser.userId, userId));
  return { autoRenewNew: user?.autoRenewNew ?? false };
}

export async function saveBalancePreferences(db: Db, userId: number, preferences: BalancePreferences): Promise<void> {
  await db.update(sysUser).set({ autoRenewNew: preferences.autoRenewNew }).where(eq(sysUser.userId, userId));
}
