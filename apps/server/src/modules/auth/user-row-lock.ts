import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { sysUser } from "../../db/schema.ts";

/**
 * In a transaction that changes a user's password: their row, locked first, before any of their
 * tokens. Every such change takes its locks in this one order (the user, then the links it spends),
 * so two at once (two links used together, a link and the personal center) wait for each other
 * instead of deadlocking on PostgreSQL.
 */
export async function lockUserRow(tx: Tx, userId: number): Promise<void> {
  await tx.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userId, userId)).for("update");
}
