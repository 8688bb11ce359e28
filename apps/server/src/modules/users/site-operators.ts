import { ADMIN_ROLE, isLanguage, type Language, OPERATOR_ROLE } from "@rampart/contracts";
import { and, eq, inArray, isNull, ne, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysRole, sysUser, sysUserRole } from "../../db/schema.ts";

/**
 * Who runs a site, to be told when something of it needs a person (an endpoint switched off, a
 * paid service the platform has not set up): the enabled administrators and operators with an
 * address who are bound to that site or to none (every site); for no site, those bound to none.
 */
export async function siteOperators(
  db: Db,
  siteId: number | null,
): Promise<{ to: string; name: string; language: Language; timeZone: string }[]> {
  const rows = await db
    .selectDistinct({
      email: sysUser.email,
      nickName: sysUser.nickName,
      userName: sysUser.userName,
      language: sysUser.language,
      timeZone: sysUser.timeZone,
    })
    .from(sysUser)
    .innerJoin(sysUserRole, eq(sysUserRole.userId, sysUser.userId))
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(
      and(
        inArray(sysRole.roleKey, [ADMIN_ROLE, OPERATOR_ROLE]),
        eq(sysRole.status, "0"),
        eq(sysUser.status, "0"),
        ne(sysUser.email, ""),
        siteId === null ? isNull(sysUser.siteId) : or(isNull(sysUser.siteId), eq(sysUser.siteId, siteId)),
      ),
    );
  return rows.map((row) => ({
    to: row.email,
    name: row.nickName || row.userName,
    language: isLanguage(row.language) ? row.language : "en",
    timeZone: row.timeZone,
  }));
}
