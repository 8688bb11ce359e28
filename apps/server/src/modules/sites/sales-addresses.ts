import { ADMIN_ROLE } from "@rampart/contracts";
import { and, eq, isNotNull, isNull, ne, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysRole, sysSite, sysUser, sysUserRole } from "../../db/schema.ts";

/** A site's sales addresses: comma- or space-separated, each one checked. */
export function salesAddresses(list: string): string[] {
  return [
    ...new Set(
      list
        .split(/[\s,;]+/)
        .map((a) => a.trim().toLowerCase())
        .filter((a) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(a)),
    ),
  ];
}

/**
 * Who is alerted to a site's new leads and orders: the site's own sales addresses (System → Sites)
 * or, while it has none, the confirmed addresses of the enabled administrators of that site or of
 * every site (the first administrator gives theirs at first sign-in), so that alerts reach someone
 * out of the box. For no site, the administrators of every site. Where addresses are not confirmed
 * (`confirmedOnly` false: the setting sys.account.emailVerification is off), their addresses as
 * they are.
 */
export async function salesAlertRecipients(
  db: Db | Tx,
  siteId: number | null,
  { confirmedOnly }: { confirmedOnly: boolean },
): Promise<string[]> {
  if (siteId !== null) {
    const [site] = await db
      .select({ salesEmails: sysSite.salesEmails })
      .from(sysSite)
      .where(eq(sysSite.siteId, siteId));
    const own = salesAddresses(site?.salesEmails ?? "");
    if (own.length > 0) return own;
  }
  const admins = await db
    .selectDistinct({ email: sysUser.email })
    .from(sysUser)
    .innerJoin(sysUserRole, eq(sysUserRole.userId, sysUser.userId))
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(
      and(
        eq(sysRole.roleKey, ADMIN_ROLE),
        eq(sysRole.status, "0"),
        eq(sysUser.status, "0"),
        ne(sysUser.email, ""),
        confirmedOnly ? isNotNull(sysUser.emailVerifiedAt) : undefined,
        siteId === null ? isNull(sysUser.siteId) : or(isNull(sysUser.siteId), eq(sysUser.siteId, siteId)),
      ),
    );
  return salesAddresses(admins.map((row) => row.email).join(","));
}
