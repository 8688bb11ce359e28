import type { Language } from "@rampart/contracts";
import { and, desc, eq, gt, isNull, ne, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { sysConfig, sysUser, sysUserToken } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError, BadRequestError } from "../../http/errors.ts";
import type { LinkMail } from "../mail/one-time-links.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { accountLinkOrigin } from "../sites/site-origin.ts";
import { accountWithAddress, addressTaken, releaseUnconfirmedAddress } from "./email-address.ts";
import { linksUsedUp, newUserToken, userTokenHash } from "./user-tokens.ts";

/** The setting that makes customers confirm their e-mail address before they order ("true" / "false"). */
export const EMAIL_VERIFICATION_SETTING = "sys.account.emailVerification";

/** A link confirming the address an account registered (or was left) with. */
export const VERIFY_PURPOSE = "email_verify";
/** A link confirming the new address a user asked for in their profile. */
export const EMAIL_CHANGE_PURPOSE = "email_change";
/**
 * The token the page after registration holds to ask for the confirmation link again before its
 * account has a session: good as long as a link, for that account's registration link only.
 */
export const VERIFY_RESEND_PURPOSE = "email_verify_resend";
/** Either link works this long (and once). */
export const VERIFY_TTL_HOURS = 24;
/** Links sent to one account within an hour; one more is refused with a message. */

export interface VerificationDeps {
  db: Db;
  mail: MailOutbox;
  now: () => Date;
}

/** Whether customers must confirm their address before ordering (the setting; on unless "false"). */
export async function emailVerificationOn(db: Db | Tx): Promise<boolean> {
  const [row] = await db
    .select({ value: sysConfig.configValue })
    .from(sysConfig)
    .where(eq(sysConfig.configKey, EMAIL_VERIFICATION_SETTING));
  return row?.value !== "false";
}

interface Recipient {
  userId: number;
  userName: string;
  nickName: string;
  siteId: number | null;
  language: string;
  timeZone: string;
}

/**
 * In the caller's transaction: a one-time link confirming `email` for the user, and its mail to
 * that address (the link on the site's console domain, from the site record).
 */
export async function mailConfirmationLink(
  tx: Tx,
  deps: VerificationDeps,
  user: Recipient,
  input: {
    email: string;
    purpose: typeof VERIFY_PURPOSE | typeof EMAIL_CHANGE_PURPOSE;
    origin: string;
    language: Language;
    /** A page of the site (SitePath) the link's page leads back to after sign-in: the order they came with. */
    next?: string | undefined;
  },
): Promise<void> {
  const { token, tokenHash } = newUserToken();
  await tx.insert(sysUserToken).values({
    tokenHash,
    userId: user.userId,
    purpose: input.purpose,
    detail: input.email,
    expiresAt: new Date(deps.now().getTime() + VERIFY_TTL_HOURS * 3_600_000),
    createdAt: deps.now(),
  });
  await deps.mail.enqueue(tx, {
    siteId: user.siteId,
    event: input.purpose === VERIFY_PURPOSE ? "email_verification" : "email_change",
    language: input.language,
    to: input.email,
    values: {
      name: user.nickName || user.userName,
      email: input.email,
      link: `${input.origin}/cloud/verify-email?${new URLSearchParams({ token, ...(input.next ? { redirect: input.next } : {}) })}`,
      hours: String(VERIFY_TTL_HOURS),
    },
  });
}

/**
 * An address an operator typed for an account (a new one's, or in place of its address), in the
 * caller's transaction. It is not confirmed until its owner opens the link mailed to it (when
 * customers must confirm theirs), and the address it replaces is told, in the account's language:
 * an operator cannot quietly give a customer their own address and have the customer's reset
 * links mailed to themselves.
 */
export async function mailTypedAddress(
  tx: Tx,
  deps: VerificationDeps,
  user: Recipient & { email: string },
  input: { previous: string; origin: () => Promise<string>; language: Language },
): Promise<void> {
  if (user.email && (await emailVerificationOn(tx))) {
    await mailConfirmationLink(tx, deps, user, {
      email: user.email,
      purpose: VERIFY_PURPOSE,
      origin: await input.origin(),
      language: input.language,
    });
  }
  if (input.previous && input.previous.toLowerCase() !== user.email.toLowerCase()) {
    await deps.mail.enqueue(tx, {
      siteId: user.siteId,
      event: "email_changed",
      userId: user.userId,
      language: input.language,
      to: input.previous,
      timeZone: user.timeZone,
      values: { name: user.nickName || user.userName, email: user.email || "—", time: { at: deps.now() } },
    });
  }
}

/** Refuses a fourth link of a kind within an hour for one account (checked in the transaction that sends it). */
async function assertLinkAllowed(tx: Tx, userId: number, purpose: string, now: Date): Promise<void> {
  if (await linksUsedUp(tx, userId, purpose, now)) throw new AppError(429, "verify_too_many");
}

/** "Send the link again": to the account's own address, while it is unconfirmed. */
export async function resendVerification(
  deps: VerificationDeps,
  userId: number,
  input: { origin: (siteId: number | null) => Promise<string>; language: Language; next?: string | undefined },
): Promise<string> {
  const [user] = await deps.db.select().from(sysUser).where(eq(sysUser.userId, userId));
  if (!user?.email) throw new BadRequestError("email_missing");
  if (user.emailVerifiedAt) throw new BadRequestError("email_already_verified");
  const origin = await input.origin(user.siteId);
  await deps.db.transaction(async (tx) => {
    await assertLinkAllowed(tx, user.userId, VERIFY_PURPOSE, deps.now());
    await mailConfirmationLink(tx, deps, user, {
      email: user.email,
      purpose: VERIFY_PURPOSE,
      origin,
      language: input.language,
      next: input.next,
    });
  });
  return user.email;
}

/**
 * In the registration's transaction: the token with which the page after registration may ask for
 * the link again (the account has no session yet). Only its hash is kept.
 */
export async function issueResendToken(tx: Tx, userId: number, now: Date): Promise<string> {
  const { token, tokenHash } = newUserToken();
  await tx.insert(sysUserToken).values({
    tokenHash,
    userId,
    purpose: VERIFY_RESEND_PURPOSE,
    detail: "",
    expiresAt: new Date(now.getTime() + VERIFY_TTL_HOURS * 3_600_000),
    createdAt: now,
  });
  return token;
}

/**
 * "Send the link again" from the page after registration, with its token: the same as a signed-in
 * customer's, under the same limits (three links an hour), to the account's own address.
 */
export async function resendRegistrationLink(
  deps: VerificationDeps,
  token: string,
  input: { origin: (siteId: number | null) => Promise<string>; language: Language; next?: string | undefined },
): Promise<string> {
  const [row] = await deps.db
    .select({ userId: sysUserToken.userId, expiresAt: sysUserToken.expiresAt })
    .from(sysUserToken)
    .where(and(eq(sysUserToken.tokenHash, userTokenHash(token)), eq(sysUserToken.purpose, VERIFY_RESEND_PURPOSE)));
  if (!row || row.expiresAt <= deps.now()) throw new BadRequestError("registration_resend_expired");
  return resendVerification(deps, row.userId, input);
}

/**
 * A new address asked for in the profile: the account keeps its old one until the link mailed to
 * the new one is opened. An address another account of the site uses is refused.
 */
export async function requestEmailChange(
  deps: VerificationDeps,
  userId: number,
  input: { email: string; origin: (siteId: number | null) => Promise<string>; language: Language },
): Promise<void> {
  const [user] = await deps.db.select().from(sysUser).where(eq(sysUser.userId, userId));
  if (!user) throw new BadRequestError("verify_link_invalid");
  if (await addressTaken(deps.db, input.email, user.siteId, user.userId)) throw new AppError(409, "email_taken");
  const origin = await input.origin(user.siteId);
  await deps.db.transaction(async (tx) => {
    await assertLinkAllowed(tx, user.userId, EMAIL_CHANGE_PURPOSE, deps.now());
    await mailConfirmationLink(tx, deps, user, {
      email: input.email.trim(),
      purpose: EMAIL_CHANGE_PURPOSE,
      origin,
      language: input.language,
    });
  });
}

/**
 * A confirmation mail that failed, sent again from the mail log: a new link to the same address
 * for its account (the one that has it, or asked for it, on the mail's site), in the mail's
 * language, under the same rules and limits as when the account asks again itself. A change of
 * address is sent again only while it is its account's latest request, not yet done: an address
 * the account gave up, or asked to replace with another since, gets no link. An address already
 * confirmed is told to the operator as such (not as if it were theirs).
 */
export async function reissueConfirmationLink(deps: VerificationDeps, mail: LinkMail): Promise<void> {
  const origin = (siteId: number | null) => accountLinkOrigin(deps.db, siteId, null);
  const holder = await accountWithAddress(deps.db, mail.recipient, mail.siteId);
  if (holder?.emailVerifiedAt) throw new BadRequestError("mail_address_confirmed");
  if (mail.event === "email_verification") {
    if (!holder) throw new BadRequestError("mail_owner_gone", { value: mail.recipient });
    await resendVerification(deps, holder.userId, { origin, language: mail.language });
    return;
  }
  const toRecipient = and(
    eq(sysUserToken.purpose, EMAIL_CHANGE_PURPOSE),
    sql`lower(${sysUserToken.detail}) = lower(${mail.recipient})`,
    sql`coalesce(${sysUser.siteId}, 0) = ${mail.siteId ?? 0}`,
  );
  const later = alias(sysUserToken, "later_request");
  const [pending] = await deps.db
    .select({ userId: sysUser.userId, email: sysUser.email })
    .from(sysUserToken)
    .innerJoin(sysUser, eq(sysUser.userId, sysUserToken.userId))
    .where(
      and(
        toRecipient,
        isNull(sysUserToken.usedAt),
        // The account's latest request: none of its own made after it.
        notExists(
          deps.db
            .select({ userId: later.userId })
            .from(later)
            .where(
              and(
                eq(later.userId, sysUserToken.userId),
                eq(later.purpose, EMAIL_CHANGE_PURPOSE),
                gt(later.createdAt, sysUserToken.createdAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(sysUserToken.createdAt))
    .limit(1);
  if (!pending || pending.email.toLowerCase() === mail.recipient.toLowerCase()) {
    const [asked] = await deps.db
      .select({ userId: sysUserToken.userId })
      .from(sysUserToken)
      .innerJoin(sysUser, eq(sysUser.userId, sysUserToken.userId))
      .where(toRecipient)
      .limit(1);
    if (!asked) throw new BadRequestError("mail_owner_gone", { value: mail.recipient });
    throw new BadRequestError("mail_change_not_pending", { value: mail.recipient });
  }
  await requestEmailChange(deps, pending.userId, { email: mail.recipient, origin, language: mail.language });
}

/**
 * A confirmation link opened: the address it names becomes the account's, confirmed. A link for
 * an address the account no longer has, used, expired or of another purpose: refused. When the
 * address changed, the old one is told (the last mail it gets for this account).
 */
export async function confirmEmail(
  deps: VerificationDeps,
  token: string,
): Promise<{ email: string; userName: string }> {
  const { db, now } = deps;
  const [row] = await db
    .select()
    .from(sysUserToken)
    .where(eq(sysUserToken.tokenHash, userTokenHash(token)));
  const live =
    row &&
    (row.purpose === VERIFY_PURPOSE || row.purpose === EMAIL_CHANGE_PURPOSE) &&
    !row.usedAt &&
    row.expiresAt > now();
  if (!live) throw new BadRequestError("verify_link_invalid");
  const [user] = await db.select().from(sysUser).where(eq(sysUser.userId, row.userId));
  if (!user) throw new BadRequestError("verify_link_invalid");
  const changing = row.purpose === EMAIL_CHANGE_PURPOSE;
  // A registration link confirms the address the account still has, nothing else.
  if (!changing && user.email.toLowerCase() !== row.detail.toLowerCase())
    throw new BadRequestError("verify_link_invalid");
  try {
    await db.transaction(async (tx) => {
      const taken = await tx
        .update(sysUserToken)
        .set({ usedAt: now() })
        .where(and(eq(sysUserToken.tokenHash, row.tokenHash), isNull(sysUserToken.usedAt)))
        .returning({ userId: sysUserToken.userId });
      if (taken.length === 0) throw new BadRequestError("verify_link_invalid");
      await tx
        .update(sysUser)
        .set({ email: row.detail, emailVerifiedAt: now(), updatedAt: now() })
        .where(eq(sysUser.userId, user.userId));
      // Whoever proves the address wins it: the accounts that hold it unconfirmed lose it.
      await releaseUnconfirmedAddress(tx, row.detail, user.siteId, user.userId, now());
      if (changing && user.email && user.email.toLowerCase() !== row.detail.toLowerCase()) {
        await deps.mail.enqueue(tx, {
          siteId: user.siteId,
          event: "email_changed",
          userId: user.userId,
          language: (user.language as Language) ?? "en",
          to: user.email,
          timeZone: user.timeZone,
          values: { name: user.nickName || user.userName, email: row.detail, time: { at: now() } },
        });
      }
    });
  } catch (error) {
    // Another account of the site confirmed this address first.
    if (isUniqueViolation(error)) throw new AppError(409, "email_taken");
    throw error;
  }
  return { email: row.detail, userName: user.userName };
}

/**
 * A password chosen through a mailed link (a reset or an invitation) proves the address too: it
 * counts as confirmed, unless another account of the site confirmed it first; the accounts that
 * hold it unconfirmed then lose it. Answers how many lost it.
 */
export async function confirmByLink(
  tx: Tx,
  user: { userId: number; email: string; siteId: number | null },
  now: Date,
): Promise<number> {
  if (!user.email) return 0;
  const [other] = await tx
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(
      and(
        sql`lower(${sysUser.email}) = lower(${user.email})`,
        sql`coalesce(${sysUser.siteId}, 0) = ${user.siteId ?? 0}`,
        ne(sysUser.userId, user.userId),
        sql`${sysUser.emailVerifiedAt} is not null`,
      ),
    )
    .limit(1);
  if (other) return 0;
  await tx
    .update(sysUser)
    .set({ emailVerifiedAt: sql`coalesce(${sysUser.emailVerifiedAt}, ${now})` })
    .where(eq(sysUser.userId, user.userId));
  return releaseUnconfirmedAddress(tx, user.email, user.siteId, user.userId, now);
}
