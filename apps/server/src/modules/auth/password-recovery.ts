import type { Language } from "@rampart/contracts";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysUser, sysUserToken } from "../../db/schema.ts";
import { AppError, BadRequestError } from "../../http/errors.ts";
import { mailTime } from "../mail/mail-texts.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { confirmByLink } from "./email-verification.ts";
import { accountKey, clearAttempts } from "./lockout.ts";
import { hashPassword } from "./password.ts";
import { newPasswordProblem } from "./password-rules.ts";
import type { SessionDirectory } from "./sessions.ts";
import { newUserToken, userTokenHash } from "./user-tokens.ts";

export const RESET_PURPOSE = "password_reset";
/** A reset link works once, this long. */
export const RESET_TTL_MINUTES = 30;
/** An invitation: an operator created the account, its owner chooses the password. */
export const INVITE_PURPOSE = "invitation";
/** An invitation's link works once, this long. */
export const INVITE_TTL_HOURS = 72;
/** Links asked for one account within an hour; more are quietly not sent. */
const RESETS_PER_HOUR = 3;

export interface RecoveryDeps {
  db: Db;
  mail: MailOutbox;
  sessions: SessionDirectory;
  now: () => Date;
}

/**
 * "Forgot password": a one-time link by mail to the account named by its user name or e-mail
 * address. The caller answers the same whether or not such an account exists, and this does the
 * same work either way (the mail is rendered for nobody when there is no account), so neither the
 * answer nor its timing tells. `linkOrigin` is the site's own origin, from its record.
 */
export async function requestPasswordReset(
  deps: RecoveryDeps,
  input: {
    account: string;
    siteId: number | null;
    language: Language;
    linkOrigin: (siteId: number | null) => Promise<string>;
  },
): Promise<void> {
  const { db, now } = deps;
  const account = input.account.trim();
  const [user] = await db
    .select({
      userId: sysUser.userId,
      userName: sysUser.userName,
      nickName: sysUser.nickName,
      email: sysUser.email,
      siteId: sysUser.siteId,
      status: sysUser.status,
    })
    .from(sysUser)
    .where(sql`(lower(${sysUser.userName}) = lower(${account}) or lower(${sysUser.email}) = lower(${account}))`)
    .limit(1);
  // A customer recovers on their own site; an operator on any.
  const usable = user?.email && user.status === "0" && (user.siteId === null || user.siteId === input.siteId);
  const { token, tokenHash } = newUserToken();
  const origin = await input.linkOrigin(usable ? (user.siteId ?? input.siteId) : input.siteId);
  const link = `${origin}/cloud/reset-password?token=${token}`;
  const mail = {
    siteId: usable ? (user.siteId ?? input.siteId) : input.siteId,
    event: "password_reset" as const,
    language: input.language,
    to: usable ? user.email : "nobody@invalid",
    values: { name: usable ? user.nickName || user.userName : "", link, minutes: String(RESET_TTL_MINUTES) },
  };
  if (!usable) {
    await deps.mail.renderOnly(mail);
    return;
  }
  await db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ n: count() })
      .from(sysUserToken)
      .where(
        and(
          eq(sysUserToken.userId, user.userId),
          eq(sysUserToken.purpose, RESET_PURPOSE),
          gt(sysUserToken.createdAt, new Date(now().getTime() - 3_600_000)),
        ),
      );
    if ((recent?.n ?? 0) >= RESETS_PER_HOUR) return; // quietly: the answer stays the same
    await tx.insert(sysUserToken).values({
      tokenHash,
      userId: user.userId,
      purpose: RESET_PURPOSE,
      expiresAt: new Date(now().getTime() + RESET_TTL_MINUTES * 60_000),
      createdAt: now(),
    });
    await deps.mail.enqueue(tx, mail);
  });
}

/**
 * A new password through a reset link or an invitation: the token must be a live one of those
 * (used once), the password must pass the rules; every session of the user ends, the lock is
 * lifted, the address counts as confirmed (the link reached it), and after a reset they are told by
 * mail that the password changed.
 */
export async function resetPassword(
  deps: RecoveryDeps,
  input: { token: string; password: string; language: Language; ip: string },
): Promise<void> {
  const { db, now } = deps;
  const [row] = await db
    .select({
      userId: sysUserToken.userId,
      expiresAt: sysUserToken.expiresAt,
      usedAt: sysUserToken.usedAt,
      purpose: sysUserToken.purpose,
    })
    .from(sysUserToken)
    .where(eq(sysUserToken.tokenHash, userTokenHash(input.token)));
  const purposeFits = row?.purpose === RESET_PURPOSE || row?.purpose === INVITE_PURPOSE;
  if (!row || !purposeFits || row.usedAt || row.expiresAt <= now()) {
    throw new BadRequestError("reset_link_invalid");
  }
  const [user] = await db.select().from(sysUser).where(eq(sysUser.userId, row.userId));
  if (!user) throw new BadRequestError("reset_link_invalid");
  const problem = await newPasswordProblem(input.password, user.userName);
  if (problem) throw new BadRequestError(problem);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Used once, whatever the timing: only the request that marks it used goes on.
    const taken = await tx
      .update(sysUserToken)
      .set({ usedAt: now() })
      .where(and(eq(sysUserToken.tokenHash, userTokenHash(input.token)), isNull(sysUserToken.usedAt)))
      .returning({ userId: sysUserToken.userId });
    if (taken.length === 0) throw new AppError(400, "reset_link_invalid");
    await tx.update(sysUser).set({ passwordHash, updatedAt: now() }).where(eq(sysUser.userId, user.userId));
    await confirmByLink(tx, user, now());
    if (user.email && row.purpose === RESET_PURPOSE) {
      await deps.mail.enqueue(tx, {
        siteId: user.siteId,
        event: "password_changed",
        language: input.language,
        to: user.email,
        values: {
          name: user.nickName || user.userName,
          time: mailTime(now()),
          ip: input.ip,
        },
      });
    }
  });
  await clearAttempts(db, accountKey(user.userName));
  await deps.sessions.revokeUser(user.userId, "forced");
}

/**
 * An invitation, in the transaction that creates the account: a one-time link (72 hours) to choose
 * the password, mailed to the new user's address in the inviting operator's language. Using it
 * confirms the address; when it has expired, "Forgot password?" sends a new link.
 */
export async function sendInvitation(
  tx: Tx,
  deps: { mail: MailOutbox; now: () => Date },
  user: { userId: number; userName: string; nickName: string; email: string; siteId: number | null },
  input: { origin: string; language: Language },
): Promise<void> {
  const { token, tokenHash } = newUserToken();
  await tx.insert(sysUserToken).values({
    tokenHash,
    userId: user.userId,
    purpose: INVITE_PURPOSE,
    expiresAt: new Date(deps.now().getTime() + INVITE_TTL_HOURS * 3_600_000),
    createdAt: deps.now(),
  });
  await deps.mail.enqueue(tx, {
    siteId: user.siteId,
    event: "invitation",
    language: input.language,
    to: user.email,
    values: {
      name: user.nickName || user.userName,
      userName: user.userName,
      link: `${input.origin}/cloud/reset-password?token=${token}`,
      hours: String(INVITE_TTL_HOURS),
    },
  });
}
