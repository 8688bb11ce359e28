import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysUser } from "../../db/schema.ts";

/** A user's own time zone ("" when they have none: their site's is theirs). */
export async function timeZoneOf(db: Db | Tx, userId: number): Promise<string> {
  const [user] = await db.select({ timeZone: sysUser.timeZone }).from(sysUser).where(eq(sysUser.userId, userId));
  return user?.timeZone ?? "";
}
