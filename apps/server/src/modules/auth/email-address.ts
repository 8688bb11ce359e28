import { and, asc, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysUser } from "../../db/schema.ts";

/**
 * Whether another account of the same site (operators: of no site) has this address, confirmed or
 * not: one address is one account per site.
 */
export async function addressTaken(db: Db | Tx, email: string, siteId: number | null, userId = 0): Promise<boolean> {
  const rows = await db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(
      and(
        sql`lower(${sysUser.email}) = lower(${email.trim()})`,
        sql`coalesce(${sysUser.siteId}, 0) = ${siteId ?? 0}`,
        ne(sysUser.userId, userId),
      ),
    )
    .limit(1);
  return rows.length > 0;
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
