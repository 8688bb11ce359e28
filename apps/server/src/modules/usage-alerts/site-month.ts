import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysSite } from "../../db/schema.ts";

/** The time zone of a package's site (the default site's for a package of no site): its days, as its purge quota counts them. */
export async function siteTimeZone(db: Db | Tx, siteId: number | null): Promise<string> {
  const [site] = await db
    .select({ timeZone: sysSite.timeZone })
    .from(sysSite)
    .where(siteId === null ? eq(sysSite.isDefault, true) : eq(sysSite.siteId, siteId));
  return site?.timeZone || "UTC";
}
