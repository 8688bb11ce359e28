import type { BillingProfile } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysUser } from "../../db/schema.ts";

/** Who a customer's invoices are made out to (new invoices take it; issued ones keep theirs). */
export async function billingProfileOf(db: Db, userId: number): Promise<BillingProfile | null> {
  const [row] = await db
    .select({
      billingName: sysUser.billingName,
      billingTaxId: sysUser.billingTaxId,
      billingAddress: sysUser.billingAddress,
      invoiceEmail: sysUser.invoiceEmail,
    })
    .from(sysUser)
    .where(eq(sysUser.userId, userId));
  return row ?? null;
}

export async function saveBillingProfile(db: Db, userId: number, profile: BillingProfile, now: Date): Promise<void> {
  await db
    .update(sysUser)
    .set({
      billingName: profile.billingName.trim(),
      billingTaxId: profile.billingTaxId.trim(),
      billingAddress: profile.billingAddress.trim(),
      invoiceEmail: profile.invoiceEmail.trim(),
      updatedAt: now,
    })
    .where(eq(sysUser.userId, userId));
}
