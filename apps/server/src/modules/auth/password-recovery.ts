import type { Language } from "@rampart/contracts";
import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysUser, sysUserToken } from "../../db/schema.ts";
import { AppError, BadRequestError } from "../../http/errors.ts";
import type { LinkMail } from "../mail/one-time-links.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { accountLinkOrigin } from "../sites/site-origin.ts";
import { addressGetsAccountLinks } from "./account-link-address.ts";
import { accountWithAddress } from "./email-address.ts";
import { confirmByLink, emailVerificationOn } from "./email-verification.ts";
import { accountKey, clearAttempts } from "./lockout.ts";
import { hashPassword } from "./password.ts";
import { newPasswordProblem } from "./password-rules.ts";
import type { SessionDirectory } from "./sessions.ts";
import { lockUserRow } from "./user-row-lock.ts";
import { linksUsedUp, newUserToken, userTokenHash } from "./user-tokens.ts";

export const RESET_PURPOSE = "password_reset";
/** A reset link works once, this long. */
export const RESET_TTL_MINUTES = 30;
/** An invitation: an operator created the account, its owner chooses the password. */
export const INVITE_PURPOSE = "invitation";
/** An invitation's link works once, this long. */
export const INVITE_TTL_HOURS = 72;

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
 * answer nor its timing tells. `linkOrigin` is a site's own origin, from its record.
 *
 * A customer recovers on their own site. An account of no site (an operator, the administrator)
 * recovers from any site, but its mail is of no site: in the default site's branding, with a link
 * on the default site, out of every site-bound operator's mail log. The site it was asked from has
 * no say in where the link leads. While addresses are confirmed by mail, an unconfirmed address
 * gets no link unless the account's owner typed it (an operator's typing grants nobody the account).
 */
export async function requestPasswordReset(
  deps: RecoveryDeps,
  input: {
    account: string;
    siteId: number | null;
    language: Language;
    linkOrigin: (siteId: number | null) => Promise<string>;
    /**
     * What makes this request one of a kind (its job's id): run twice (a process killed between
     * the job's commit and its completion), it mails once.
     */
    key?: string;
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
      emailVerifiedAt: sysUser.emailVerifiedAt,
      emailSelfTyped: sysUser.emailSelfTyped,
      siteId: sysUser.siteId,
      status: sysUser.status,
    })
    .from(sysUser)
    .where(
      and(
        sql`(lower(${sysUser.userName}) = lower(${account}) or lower(${sysUser.email}) = lower(${account}))`,
        or(isNull(sysUser.siteId), input.siteId === null ? undefined : eq(sysUser.siteId, input.siteId)),
      ),
    )
    // The account of that name first; of an address several hold unconfirmed, the one that proved it.
    .orderBy(sql`lower(${sysUser.userName}) = lower(${account}) desc`, sql`${sysUser.emailVerifiedAt} is null`)
    .limit(1);
  // While addresses are confirmed by mail, an unconfirmed address gets no link unless the account's
  // owner typed it: an address an operator typed must not receive the account (issue 37, item 3).
  const usable =
    user?.email &&
    user.status === "0" &&
    (user.siteId === null || user.siteId === input.siteId) &&
    addressGetsAccountLinks(user, await emailVerificationOn(db));
  if (!usable) {
    const origin = await input.linkOrigin(input.siteId);
    await deps.mail.renderOnly(
      resetMail(
        { siteId: input.siteId, userName: "", nickName: "", email: "" },
        {
          link: `${origin}/cloud/reset-password?token=${newUserToken().token}`,
          language: input.language,
        },
      ),
    );
    return;
  }
  const origin = await input.linkOrigin(user.siteId);
  await db.transaction(async (tx) => {
    // Quietly: the answer stays the same.
    if (await linksUsedUp(tx, user.userId, RESET_PURPOSE, now())) return;
    await mailResetLink(tx, deps, user, { origin, language: input.language, key: input.key });
  });
}

interface ResetRecipient {
  userName: string;
  nickName: string;
  email: string;
  siteId: number | null;
}

const resetMail = (user: ResetRecipient, input: { link: string; language: Language }) => ({
  siteId: user.siteId,
  event: "password_reset" as const,
  language: input.language,
  to: user.email || "nobody@invalid",
  values: { name: user.nickName || user.userName, link: input.link, minutes: String(RESET_TTL_MINUTES) },
});

/** In the caller's transaction: a new reset link (30 minutes, once) and its mail to the account's address. */
async function mailResetLink(
  tx: Tx,
  deps: { mail: MailOutbox; now: () => Date },
  user: ResetRecipient & { userId: number },
  input: { origin: string; language: Language; key?: string | undefined },
): Promise<void> {
  const { token, tokenHash } = newUserToken();
  await tx.insert(sysUserToken).values({
    tokenHash,
    userId: user.userId,
    purpose: RESET_PURPOSE,
    expiresAt: new Date(deps.now().getTime() + RESET_TTL_MINUTES * 60_000),
    createdAt: deps.now(),
  });
  await deps.mail.enqueue(tx, {
    ...resetMail(user, { link: `${input.origin}/cloud/reset-password?token=${token}`, language: input.language }),
    ...(input.key ? { key: input.key } : {}),
  });
}

/**
 * A reset mail that failed, sent again from the mail log: a new link to the account that has the
 * mail's address on the mail's site (an account of no site: no site), in the mail's language, on
 * the account's own site. The link's limit holds (429 past three in the hour).
 */
export async function reissueResetLink(deps: RecoveryDeps, mail: LinkMail): Promise<void> {
  const { db, now } = deps;
  const user = await accountWithAddress(db, mail.recipient, mail.siteId);
  if (user?.status !== "0" || !addressGetsAccountLinks(user, await emailVerificationOn(db)))
    throw new BadRequestError("mail_owner_gone", { value: mail.recipient });
  const origin = await accountLinkOrigin(db, user.siteId, null);
  await db.transaction(async (tx) => {
    if (await linksUsedUp(tx, user.userId, RESET_PURPOSE, now())) throw new AppError(429, "verify_too_many");
    await mailResetLink(tx, deps, user, { origin, language: mail.language });
  });
}

/**
 * Whether the account's owner has chosen (or been given) a password since it was created: they
 * signed in, or a link to choose one was used or spent by a change of the password.
 */
async function passwordChosen(db: Db, user: { userId: number; loginDate: Date | null }): Promise<boolean> {
  if (user.loginDate) return true;
  const [spent] = await db
    .select({ userId: sysUserToken.userId })
    .from(sysUserToken)
    .where(
      and(
        eq(sysUserToken.userId, user.userId),
        inArray(sysUserToken.purpose, [RESET_PURPOSE, INVITE_PURPOSE]),
        isNotNull(sysUserToken.usedAt),
      ),
    )
    .limit(1);
  return spent !== undefined;
}

/**
 * Every live link of the user to choose a password (reset links, an invitation), spent: once the
 * password changes, whichever way (a link, the personal center, an operator), an older mail no
 * longer opens the account.
 */
export async function spendPasswordLinks(db: Db | Tx, userId: number, now: Date): Promise<void> {
  await db
    .update(sysUserToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(sysUserToken.userId, userId),
        inArray(sysUserToken.purpose, [RESET_PURPOSE, INVITE_PURPOSE]),
        isNull(sysUserToken.usedAt),
      ),
    );
}

/**
 * A new password through a reset link or an invitation: the token must be a live one of those
 * (used once), the password must pass the rules; every session of the user ends, every other
 * live link of theirs is spent, the lock is lifted, the address counts as confirmed (the link
 * reached it), and after a reset they are told by mail that the password changed.
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
  let released = 0;
  await db.transaction(async (tx) => {
    await lockUserRow(tx, user.userId);
    // Used once, whatever the timing: only the request that marks it used goes on.
    const taken = await tx
      .update(sysUserToken)
      .set({ usedAt: now() })
      .where(and(eq(sysUserToken.tokenHash, userTokenHash(input.token)), isNull(sysUserToken.usedAt)))
      .returning({ userId: sysUserToken.userId });
    if (taken.length === 0) throw new AppError(400, "reset_link_invalid");
    await tx.update(sysUser).set({ passwordHash, updatedAt: now() }).where(eq(sysUser.userId, user.userId));
    await spendPasswordLinks(tx, user.userId, now());
    released = await confirmByLink(tx, user, now());
    if (user.email && row.purpose === RESET_PURPOSE) {
      await deps.mail.enqueue(tx, {
        siteId: user.siteId,
        event: "password_changed",
        userId: user.userId,
        language: input.language,
        to: user.email,
        timeZone: user.timeZone,
        values: {
          name: user.nickName || user.userName,
          time: { at: now() },
          ip: input.ip,
        },
      });
    }
  });
  await clearAttempts(db, accountKey(user.userName));
  await deps.sessions.revokeUser(user.userId, "forced");
  // The sessions of accounts that lost the address stop carrying it.
  if (released > 0) await deps.sessions.userChanged();
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
  input: { origin: string; language: Language; key?: string | undefined },
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

/**
 * An invitation that failed, sent again from the mail log: a new link (72 hours) to the account
 * that has the mail's address on the mail's site, in the mail's language, while its owner has not
 * chosen a password yet (afterwards an invitation would be a password link the owner never asked
 * for). Three in the hour at most.
 */
export async function reissueInvitation(deps: { db: Db; mail: MailOutbox; now: () => Date }, mail: LinkMail) {
  const { db, now } = deps;
  const user = await accountWithAddress(db, mail.recipient, mail.siteId);
  if (user?.status !== "0") throw new BadRequestError("mail_owner_gone", { value: mail.recipient });
  if (await passwordChosen(db, user)) throw new BadRequestError("invitation_password_chosen");
  const origin = await accountLinkOrigin(db, user.siteId, null);
  await db.transaction(async (tx) => {
    if (await linksUsedUp(tx, user.userId, INVITE_PURPOSE, now())) throw new AppError(429, "verify_too_many");
    await sendInvitation(tx, deps, user, { origin, language: mail.language });
  });
}
