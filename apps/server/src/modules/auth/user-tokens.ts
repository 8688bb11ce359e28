import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysUserToken } from "../../db/schema.ts";

/**
 * The one-time tokens of mailed links (password reset, invitation, e-mail confirmation): 256
 * random bits in the link; only their SHA-256 is stored (sys_user_token).
 */
export const userTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export function newUserToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: userTokenHash(token) };
}

/** How long a token is kept after it expires (a late click is told "expired", not "unknown"). */
export const EXPIRED_TOKENS_KEPT_MS = 7 * 24 * 3600_000;

/**
 * Removes the tokens that expired more than EXPIRED_TOKENS_KEPT_MS ago, used or not (the spent ids
 * of two-factor challenges among them, one for every two-factor sign-in); how many.
 */
export async function removeExpiredTokens(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(sysUserToken)
    .where(lt(sysUserToken.expiresAt, new Date(now.getTime() - EXPIRED_TOKENS_KEPT_MS)))
    .returning({ tokenHash: sysUserToken.tokenHash });
  return removed.length;
}

/** Links of a kind for one account within an hour; more are not sent. */
export const LINKS_PER_HOUR = 3;

/** Whether an account has had its LINKS_PER_HOUR links of a kind in the hour before `now`. */
export async function linksUsedUp(tx: Tx, userId: number, purpose: string, now: Date): Promise<boolean> {
  const [recent] = await tx
    .select({ n: count() })
    .from(sysUserToken)
    .where(
      and(
        eq(sysUserToken.userId, userId),
        eq(sysUserToken.purpose, purpose),
        gt(sysUserToken.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  return (recent?.n ?? 0) >= LINKS_PER_HOUR;
}
