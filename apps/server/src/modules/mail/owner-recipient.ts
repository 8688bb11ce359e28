import { isLanguage, type Language } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysUser } from "../../db/schema.ts";
import { siteOrigin } from "../sites/site-origin.ts";

/**
 * Who a mail about a customer's own record goes to: their address, language, name and time zone, and a link
 * to a console page on their site (from the site record, never a request). Null without an address.
 */
export async function ownerRecipient(
  db: Db | Tx,
  owner: { userId: number; siteId: number | null },
  consolePath: string,
): Promise<{ to: string; language: Language; name: string; link: string; timeZone: string } | null> {
  const [user] = await db.select().from(sysUser).where(eq(sysUser.userId, owner.userId));
  if (!user?.email) return null;
  return {
    to: user.email,
    language: isLanguage(user.language) ? user.language : "en",
    name: user.nickName || user.userName,
    timeZone: user.timeZone,
    link: `${await siteOrigin(db, owner.siteId, null, { console: true })}${consolePath}`,
  };
}
