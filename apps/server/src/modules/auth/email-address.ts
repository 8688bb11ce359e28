import { and, ne, sql } from "drizzle-orm";
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
