import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysLoginLock, sysLoginLog } from "../../db/schema.ts";

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 10 * 60_000;
/** The login-log message of a wrong password or unknown user. */
export const BAD_CREDENTIALS = "login_bad_credentials";

/**
 * The key an account's attempts are counted under: its name as sign-in matches it (trimmed,
 * case ignored), so `Admin` and `ADMIN` share one lock, and an unknown name is counted the same
 * way as a known one (probing names shows nothing).
 */
export function accountKey(userName: string): string {
  return userName.trim().toLowerCase().slice(0, 64);
}

/**
 * The lockout: five wrong attempts in a row within ten minutes lock an account until ten minutes
 * after the fifth. Every attempt at a secret of the account (a password, a second-factor code)
 * goes through three steps:
 *
 * 1. `reserveAttempt` before the secret is checked. It counts the attempt in one atomic statement
 *    (INSERT … ON CONFLICT DO UPDATE, so parallel requests on any number of processes are
 *    serialised by the row) and answers the lock's end when the account is locked: the sixth
 *    attempt of a burst is refused however the requests interleave.
 * 2. Nothing more on a failure: the reserved attempt stays counted.
 * 3. `clearAttempts` on a success: the count starts again.
 */
export async function reserveAttempt(db: Db, key: string, now: Date): Promise<Date | null> {
  return (await countAttempt(db, key, now)).refusedUntil;
}

/**
 * `reserveAttempt` with the count: `attempts` is this attempt's number in the window, so the one
 * that reaches MAX_FAILED_LOGINS (and fails) is the one that locked the account.
 */
export async function countAttempt(
  db: Db,
  key: string,
  now: Date,
): Promise<{ refusedUntil: Date | null; attempts: number; lockedUntil: Date | null }> {
  const windowOpened = new Date(now.getTime() - LOCKOUT_MS);
  const lockEnd = new Date(now.getTime() + LOCKOUT_MS);
  // A window that ended (its first attempt is over ten minutes old and no lock holds) or a lock
  // that ran out starts the count again.
  const restart = sql`(${sysLoginLock.lockedUntil} is not null and ${sysLoginLock.lockedUntil} <= ${now})
    or (${sysLoginLock.lockedUntil} is null and ${sysLoginLock.windowStart} <= ${windowOpened})`;
  const [row] = await db
    .insert(sysLoginLock)
    .values({
      accountKey: key,
      attempts: 1,
      windowStart: now,
      lockedUntil: MAX_FAILED_LOGINS <= 1 ? lockEnd : null,
    })
    .onConflictDoUpdate({
      target: sysLoginLock.accountKey,
      set: {
        attempts: sql`case when ${restart} then 1 else ${sysLoginLock.attempts} + 1 end`,
        windowStart: sql`case when ${restart} then ${now}::timestamptz else ${sysLoginLock.windowStart} end`,
        // The attempt that makes five sets the lock's end (a success among the five lifts it).
        lockedUntil: sql`case when ${restart} then null::timestamptz
          when ${sysLoginLock.lockedUntil} is not null then ${sysLoginLock.lockedUntil}
          when ${sysLoginLock.attempts} + 1 >= ${MAX_FAILED_LOGINS} then ${lockEnd}::timestamptz
          else null::timestamptz end`,
      },
    })
    .returning({ attempts: sysLoginLock.attempts, lockedUntil: sysLoginLock.lockedUntil });
  if (row!.attempts === 1) await pruneEndedWindows(db, key, windowOpened, now);
  const refusedUntil = row!.attempts > MAX_FAILED_LOGINS && row!.lockedUntil ? row!.lockedUntil : null;
  return { refusedUntil, attempts: row!.attempts, lockedUntil: row!.lockedUntil };
}

/** A right password (and second factor): the account's count starts again. */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(sysLoginLock).where(eq(sysLoginLock.accountKey, key));
}

/** Counters of names tried once and never again would pile up: those whose window ended go. */
async function pruneEndedWindows(db: Db, key: string, windowOpened: Date, now: Date): Promise<void> {
  await db
    .delete(sysLoginLock)
    .where(
      and(
        lt(sysLoginLock.windowStart, windowOpened),
        or(isNull(sysLoginLock.lockedUntil), lte(sysLoginLock.lockedUntil, now)),
        sql`${sysLoginLock.accountKey} <> ${key}`,
      ),
    );
}

export interface LoginAttempt {
  userName: string;
  ip: string;
  userAgent: string;
  success: boolean;
  message: string;
}

/** The login log: every attempt, for the operators' audit (the lock itself is counted above). */
export async function recordLoginAttempt(db: Db, attempt: LoginAttempt, now: Date): Promise<void> {
  await db.insert(sysLoginLog).values({
    ...attempt,
    userName: attempt.userName.slice(0, 64),
    userAgent: attempt.userAgent.slice(0, 500),
    createdAt: now,
  });
}
