import { and, asc, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysUser } from "../../db/schema.ts";

/**
 * Whether another account of the same site (operators: of no site) has this address: one address
 * is one account per site. Confirmed or not, unless `confirmedOnly` (a registration while addresses
 * are confirmed by mail: an address nobody proved belongs to nobody yet).
 */
export async function addressTaken(
  db: Db | Tx,
  email: string,
  siteId: number | null,
  userId = 0,
  { confirmedOnly = false } = {},
): Promise<boolean> {
  const rows = await db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(
      and(
        sql`lower(${sysUser.email}) = lower(${email.trim()})`,
        sql`coalesce(${sysUser.siteId}, 0) = ${siteId ?? 0}`,
        ne(sysUser.userId, userId),
        confirmedOnly ? isNotNull(sysUser.emailVerifiedAt) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * In the transaction that confirms this address for `keeperId` (its owner opened a link mailed to
 * it): the other accounts of the site that hold it unconfirmed lose it (their link stops working
 * with it). Whoever proves the address wins it; registering with it takes it from nobody. Nothing
 * else of theirs changes: an account is never removed for this, whatever it holds (orders,
 * services). Answers how many lost it.
 */
export async function releaseUnconfirmedAddress(
  tx: Tx,
  email: string,
  siteId: number | null,
  keeperId: number,
  now: Date,
) {
  const released = await tx
    .update(sysUser)
    .set({ email: "", emailSelfTyped: false, updatedAt: now })
    .where(
      and(
        sql`lower(${sysUser.email}) = lower(${email.trim()})`,
        sql`coalesce(${sysUser.siteId}, 0) = ${siteId ?? 0}`,
        ne(sysUser.userId, keeperId),
        isNull(sysUser.emailVerifiedAt),
      ),
    )
    .returning({ userId: sysUser.userId });
  return released.length;
}

/**
 * The account that has this address on this site (no site: an account of no site), the oldest if
 * a race left two: the owner of a mail sent to it.
 */
export async function accountWithAddress(db: Db | Tx, email: string, siteId: number | null) {
  const [user] = await db
    .select()
    .from(sysUser)
    .where(
      and(sql`lower(${sysUser.email}) = lower(${email.trim()})`, sql`coalesce(${sysUser.siteId}, 0) = ${siteId ?? 0}`),
    )
    .orderBy(asc(sysUser.userId))
    .limit(1);
  return user;
}
