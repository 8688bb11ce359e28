import {
  isLanguage,
  isTimeZone,
  type Language,
  LOGIN_CAPTCHA_SCENE,
  type LoginBody,
  type LoginResult,
  type LoginSuccess,
  type RegisterBody,
  type SiteRecord,
  type TwoFactorLoginBody,
} from "@rampart/contracts";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysConfig, sysUser } from "../../db/schema.ts";
import { AppError, BadRequestError } from "../../http/errors.ts";
import type { TokenSigner } from "../../secrets/tokens.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { CaptchaService } from "./captcha.ts";
import { addressTaken } from "./email-address.ts";
import { emailVerificationOn, issueResendToken, mailConfirmationLink, VERIFY_PURPOSE } from "./email-verification.ts";
import {
  accountKey,
  BAD_CREDENTIALS,
  clearAttempts,
  countAttempt,
  MAX_FAILED_LOGINS,
  recordLoginAttempt,
  reserveAttempt,
} from "./lockout.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { newPasswordProblem } from "./password-rules.ts";
import type { SessionDirectory } from "./sessions.ts";
import type { TwoFactorService } from "./two-factor.ts";

/** The setting that opens or closes customer self-registration ("true" / "false"). */
export const REGISTRATION_SETTING = "sys.account.registerUser";

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The language the request asks in (the user's mails follow the one they last signed in in). */
  language: Language;
}

export interface AuthDeps {
  db: Db;
  sessions: SessionDirectory;
  tokens: TokenSigner;
  captcha: CaptchaService;
  twoFactor: TwoFactorService;
  /** Security notices (an account locked by failed sign-ins). */
  mail?: MailOutbox;
  now: () => Date;
}

// Checked against when the user does not exist, so that a wrong user name takes as long as a
// wrong password (no user-name probing by timing).
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword("decoy password that matches nothing"));

/**
 * Signs a user in: captcha, lockout, password, account state, site. Every attempt is written to
 * the login log. The user name is trimmed; the password is taken exactly as typed.
 */
export async function login(
  deps: AuthDeps,
  body: LoginBody,
  client: ClientInfo,
  site: SiteRecord | null,
): Promise<LoginResult> {
  const { db, now } = deps;
  const userName = body.username.trim();
  const log = (success: boolean, message: string) =>
    recordLoginAttempt(db, { userName, ip: client.ip, userAgent: client.userAgent, success, message }, now());

  try {
    await deps.captcha.verify(body.verifyInfo, LOGIN_CAPTCHA_SCENE);
  } catch (error) {
    await log(false, error instanceof AppError ? error.key : "captcha_invalid");
    throw error;
  }

  // Counted before the password is checked: the sixth of a burst of guesses is refused.
  const account = accountKey(userName);
  const counted = await countAttempt(db, account, now());
  const lockEnd = counted.refusedUntil;
  if (lockEnd) {
    await log(false, "login_locked");
    const minutes = Math.max(1, Math.ceil((lockEnd.getTime() - now().getTime()) / 60_000));
    throw new AppError(429, "login_locked", { minutes });
  }

  const [user] = await db
    .select({
      userId: sysUser.userId,
      userName: sysUser.userName,
      nickName: sysUser.nickName,
      email: sysUser.email,
      language: sysUser.language,
      passwordHash: sysUser.passwordHash,
      status: sysUser.status,
      siteId: sysUser.siteId,
    })
    .from(sysUser)
    .where(sql`lower(${sysUser.userName}) = lower(${userName})`);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await decoy()), body.password).catch(() => false);
  // A customer signs in on the site they belong to (its agent code, or the host's site).
  const siteId = site?.siteId ?? null;
  const rightSite = user?.siteId == null || user.siteId === siteId;
  const passwordOk = Boolean(user) && passwordMatches && rightSite;

  // An account with a second factor is asked for its code whether or not the password was right:
  // the answer to both comes after the code, so a guessed password is not confirmed without it.
  if (user && (await deps.twoFactor.enabled(user.userId))) {
    if (!passwordOk) await log(false, BAD_CREDENTIALS);
    const token = await deps.twoFactor.issueChallenge({ userId: user.userId, userName: user.userName, passwordOk });
    return { two_factor_token: token };
  }
  if (!user || !passwordOk) {
    await log(false, BAD_CREDENTIALS);
    // The failure that locked the account: its owner is told (once per lock).
    if (user?.email && deps.mail && counted.attempts === MAX_FAILED_LOGINS && counted.lockedUntil) {
      const until = counted.lockedUntil;
      const owner = { ...user, email: user.email };
      await db.transaction((tx) =>
        deps.mail!.enqueue(tx, {
          siteId: owner.siteId,
          event: "account_locked",
          userId: owner.userId,
          language: isLanguage(owner.language) ? owner.language : "en",
          to: owner.email,
          values: {
            name: owner.nickName || owner.userName,
            minutes: String(Math.round((until.getTime() - now().getTime()) / 60_000)),
            ip: client.ip,
          },
        }),
      );
    }
    throw new BadRequestError(BAD_CREDENTIALS);
  }
  return signIn(deps, user, client, account, log);
}

/**
 * The second step of a sign-in with a second factor: the code (or a recovery code) for the
 * challenge the password step gave. A wrong password and a wrong code get the same answer; each
 * try counts toward the account's lock.
 */
export async function loginSecondStep(
  deps: AuthDeps,
  body: TwoFactorLoginBody,
  client: ClientInfo,
): Promise<LoginSuccess> {
  const { db, now } = deps;
  const challenge = await deps.twoFactor.readChallenge(body.two_factor_token);
  if (!challenge) throw new AppError(410, "two_factor_expired");
  const log = (success: boolean, message: string) =>
    recordLoginAttempt(
      db,
      { userName: challenge.userName, ip: client.ip, userAgent: client.userAgent, success, message },
      now(),
    );
  // A token signs in once (a recovery code or a later code would otherwise sign in with it again).
  if (await deps.twoFactor.challengeSpent(challenge)) throw new AppError(410, "two_factor_used");
  const account = accountKey(challenge.userName);
  const lockEnd = await reserveAttempt(db, account, now());
  if (lockEnd) {
    await log(false, "login_locked");
    const minutes = Math.max(1, Math.ceil((lockEnd.getTime() - now().getTime()) / 60_000));
    throw new AppError(429, "login_locked", { minutes });
  }
  // The code is checked (and a good one used up) only after a right password.
  const codeOk = challenge.passwordOk && (await deps.twoFactor.acceptCode(challenge.userId, body.otp));
  if (!codeOk) {
    await log(false, challenge.passwordOk ? "login_bad_second_factor" : BAD_CREDENTIALS);
    throw new BadRequestError("login_bad_password_or_code");
  }
  const [user] = await db
    .select({ userId: sysUser.userId, userName: sysUser.userName, status: sysUser.status })
    .from(sysUser)
    .where(eq(sysUser.userId, challenge.userId));
  if (!user) throw new AppError(410, "two_factor_expired");
  if (!(await deps.twoFactor.spendChallenge(challenge))) throw new AppError(410, "two_factor_used");
  return signIn(deps, user, client, account, log);
}

/** The last steps of every sign-in: the account's state, a new session, the login log. */
async function signIn(
  deps: AuthDeps,
  user: { userId: number; status: string },
  client: ClientInfo,
  account: string,
  log: (success: boolean, message: string) => Promise<void>,
): Promise<LoginSuccess> {
  const { db, now } = deps;
  if (user.status !== "0") {
    await log(false, "login_disabled");
    throw new AppError(403, "login_disabled");
  }
  await clearAttempts(db, account);
  const session = await deps.sessions.create(user.userId, client);
  const accessToken = await deps.tokens.sign({ userId: user.userId, sessionId: session.sessionId });
  await db
    .update(sysUser)
    .set({ loginIp: client.ip, loginDate: now(), language: client.language })
    .where(eq(sysUser.userId, user.userId));
  await log(true, "login_success");
  return { access_token: accessToken, expires_in: Math.round(deps.sessions.sessionTtlMs / 60_000) };
}

/**
 * A customer creates their own account on the site they are on. They hold no role (so they get
 * ROLE_DEFAULT) and belong to that site. One address is one account per site. When customers must
 * confirm their address, a link is mailed to it with the account (same transaction), and only a
 * confirmed address is taken: several accounts may hold one unconfirmed, and whichever opens its
 * link first keeps it (the others lose it then, in `confirmEmail`). Registering takes the address
 * from nobody: someone registering with another's address neither keeps its owner out nor breaks
 * the owner's link. Answers the address the link went to, if any.
 */
export async function register(
  deps: AuthDeps,
  body: RegisterBody,
  site: SiteRecord | null,
  language: Language,
  linkOrigin: (siteId: number | null) => Promise<string>,
): Promise<{ confirmTo: string | null; resendToken: string | null }> {
  const { db } = deps;
  const [open] = await db.select().from(sysConfig).where(eq(sysConfig.configKey, REGISTRATION_SETTING));
  if (open?.configValue === "false") throw new AppError(403, "register_closed");
  await deps.captcha.verify(body.verifyInfo, LOGIN_CAPTCHA_SCENE);
  const email = body.email?.trim() ?? "";
  const phone = body.phone?.replace(/[ -]/g, "") ?? "";
  if (!email && !phone) throw new BadRequestError("contact_required");
  const problem = await newPasswordProblem(body.password, body.username);
  if (problem) throw new BadRequestError(problem);
  const siteId = site?.siteId ?? null;
  const confirm = Boolean(email && deps.mail && (await emailVerificationOn(db)));
  if (email && (await addressTaken(db, email, siteId, 0, { confirmedOnly: confirm }))) {
    throw new AppError(409, "email_taken");
  }
  const origin = confirm ? await linkOrigin(siteId) : "";
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(sysUser)
      .values({
        userName: body.username,
        nickName: body.username,
        email,
        phone,
        passwordHash,
        siteId,
        language,
        // The browser's zone, for the mails; a zone we do not know is as good as none (the site's).
        timeZone: isTimeZone(body.timeZone ?? "") ? body.timeZone : "",
        emailSelfTyped: email !== "",
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw new AppError(409, "user_name_taken", { value: body.username });
    if (!confirm) return { confirmTo: null, resendToken: null };
    await mailConfirmationLink(tx, { db, mail: deps.mail!, now: deps.now }, user, {
      email,
      purpose: VERIFY_PURPOSE,
      origin,
      language,
      next: body.redirect,
    });
    return { confirmTo: email, resendToken: await issueResendToken(tx, user.userId, deps.now()) };
  });
}
