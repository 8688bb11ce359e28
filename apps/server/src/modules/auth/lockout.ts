import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysLoginLog } from "../../db/schema.ts";

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 10 * 60_000;
/** The login-log message of a wrong password or unknown user: only these count toward a lockout. */
export const BAD_CREDENTIALS = "login_bad_credentials";

/**
 * When a user name is locked: five wrong passwords in a row within ten minutes lock it until ten
 * minutes after the fifth. Read from the login log, so every server process agrees.
 */
export async function lockedUntil(db: Db, userName: string, now: Date): Promise<Date | null> {
  const recent = await db
    .select({ success: sysLoginLog.success, message: sysLoginLog.message, at: sysLoginLog.createdAt })
    .from(sysLoginLog)
    .where(and(eq(sysLoginLog.userName, userName), gt(sysLoginLog.createdAt, new Date(now.getTime() - LOCKOUT_MS))))
    .orderBy(desc(sysLoginLog.createdAt), desc(sysLoginLog.logId))
    .limit(50);
  const failures: Date[] = [];
  for (const attempt of recent) {
    if (attempt.success) break;
    if (attempt.message === BAD_CREDENTIALS) failures.push(attempt.at);
  }
  if (failures.length < MAX_FAILED_LOGINS) return null;
  // The newest failure that completed the run of five decides when the lock ends.
  const until = new Date(failures[0]!.getTime() + LOCKOUT_MS);
  return until > now ? until : null;
}

export interface LoginAttempt {
  userName: string;
  ip: string;
  userAgent: string;
  success: boolean;
  message: string;
}

export async function recordLoginAttempt(db: Db, attempt: LoginAttempt, now: Date): Promise<void> {
  await db.insert(sysLoginLog).values({
    ...attempt,
    userName: attempt.userName.slice(0, 64),
    userAgent: attempt.userAgent.slice(0, 500),
    createdAt: now,
  });
}
