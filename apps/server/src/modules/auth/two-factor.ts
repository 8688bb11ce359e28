import { createHmac, randomInt, randomUUID } from "node:crypto";
import { isLanguage, type TwoFactorSetup, type TwoFactorSetupBody, type TwoFactorStatus } from "@rampart/contracts";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { EncryptJWT, errors, jwtDecrypt } from "jose";
import { generateSecret, generateURI, verify } from "otplib";
import type { Db, Tx } from "../../db/client.ts";
import { sysRole, sysUser, sysUserRecoveryCode, sysUserToken, sysUserTwoFactor } from "../../db/schema.ts";
import { AppError, BadRequestError } from "../../http/errors.ts";
import { SecretSeal, sealingKey } from "../../secrets/sealed-secret.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { roleKeysOf } from "./grants.ts";
import { accountKey, clearAttempts, reserveAttempt } from "./lockout.ts";
import { verifyPassword } from "./password.ts";
import { userTokenHash } from "./user-tokens.ts";

/** How many recovery codes a user gets, each good once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may wait for its code. */
const CHALLENGE_TTL_SECONDS = 5 * 60;
/** A second step's token that has signed someone in, kept (by its id's hash) until it expires. */
const CHALLENGE_SPENT = "two_factor_challenge";
/** A code of the previous or next 30-second step is accepted (a phone's clock drifts). */
const EPOCH_TOLERANCE_SECONDS = 30;
// Recovery codes: ten characters a person reads without confusion (no 0/O, 1/I/L), in two groups.
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const TOTP_CODE = /^[0-9]{6}$/;
/** otplib's default step, which authenticator apps assume. */
const TOTP_PERIOD_SECONDS = 30;

/** The second step of a sign-in, as its token carries it (encrypted: the browser reads nothing). */
export interface TwoFactorChallenge {
  /** The token's own id: a token signs in once. */
  id: string;
  /** When the token stops working. */
  expiresAt: Date;
  userId: number;
  userName: string;
  /** The password (and the site) were right; only known after the code, so a guess learns nothing. */
  passwordOk: boolean;
}

/**
 * Two-factor sign-in with an authenticator app (TOTP, otplib) and one-time recovery codes. Every
 * code checked here counts toward the account's lock (auth/lockout.ts) as a password does, and a
 * code is accepted once: the time step of the last code taken is kept, and the next must be later.
 * Moving to a new authenticator takes the password and a current code, and its owner is mailed.
 */
export class TwoFactorService {
  readonly #db: Db;
  readonly #now: () => Date;
  readonly #mail: MailOutbox;
  /** Authenticator secrets, sealed in the database. */
  readonly #secrets: SecretSeal;
  readonly #codeKey: Buffer;
  readonly #challengeKey: Uint8Array;

  constructor(db: Db, tokenSecret: string, now: () => Date, mail: MailOutbox) {
    this.#db = db;
    this.#now = now;
    this.#mail = mail;
    const derive = (purpose: string) => sealingKey(tokenSecret, purpose);
    this.#secrets = new SecretSeal(derive("two-factor-secret"));
    this.#codeKey = derive("two-factor-recovery-code");
    this.#challengeKey = new Uint8Array(derive("two-factor-challenge"));
  }

  /** Whether the user has a second factor, whether a role of theirs demands one, codes left. */
  async status(userId: number): Promise<TwoFactorStatus> {
    const [row] = await this.#db.select().from(sysUserTwoFactor).where(eq(sysUserTwoFactor.userId, userId));
    const [left] = await this.#db
      .select({ count: sql<number>`count(*)::int` })
      .from(sysUserRecoveryCode)
      .where(and(eq(sysUserRecoveryCode.userId, userId), isNull(sysUserRecoveryCode.usedAt)));
    return {
      enabled: Boolean(row?.secret),
      enabledAt: row?.secret && row.enabledAt ? row.enabledAt.toISOString() : null,
      required: await this.requiredFor(userId),
      recoveryCodesLeft: row?.secret ? (left?.count ?? 0) : 0,
    };
  }

  /** Whether the user has an authenticator turned on. */
  async enabled(userId: number): Promise<boolean> {
    const [row] = await this.#db
      .select({ secret: sysUserTwoFactor.secret })
      .from(sysUserTwoFactor)
      .where(eq(sysUserTwoFactor.userId, userId));
    return Boolean(row?.secret);
  }

  requiredFor(userId: number): Promise<boolean> {
    return twoFactorRequired(this.#db, userId);
  }

  /**
   * A new secret to scan (kept aside until its first code confirms it; an authenticator in use
   * stays in use meanwhile, so replacing a phone is: set up the new one, confirm it). While one is
   * on, only its owner may start a replacement: the password and a current code (or a recovery
   * code) of the one in use, checked as a sign-in attempt.
   */
  async beginSetup(
    userId: number,
    userName: string,
    issuer: string,
    proof: TwoFactorSetupBody = {},
  ): Promise<TwoFactorSetup> {
    const replacing = await this.enabled(userId);
    // A session alone never sets up an authenticator: a stolen one would enrol the thief's.
    if (replacing) await this.#proveOwner(userId, userName, proof);
    else await this.#provePassword(userId, userName, proof.password);
    const secret = generateSecret();
    const sealed = this.#secrets.seal(secret);
    const written = await this.#db
      .insert(sysUserTwoFactor)
      .values({ userId, pendingSecret: sealed, updatedAt: this.#now() })
      .onConflictDoUpdate({
        target: sysUserTwoFactor.userId,
        set: { pendingSecret: sealed, updatedAt: this.#now() },
        // Unproven, only while none is on: one turned on since is not replaced by a secret nobody proved for.
        ...(replacing ? {} : { setWhere: isNull(sysUserTwoFactor.secret) }),
      })
      .returning({ userId: sysUserTwoFactor.userId });
    if (written.length === 0) throw new BadRequestError("two_factor_proof_needed");
    const uri = generateURI({ issuer, label: userName, secret });
    const { default: QRCode } = await import("qrcode");
    const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    return { secret, uri, qrSvg };
  }

  /**
   * The first code from the new authenticator: it becomes the one in use, and the user gets a new
   * set of recovery codes (shown once). When it replaces one in use, its owner is mailed in the same
   * transaction (from `ip`): a replacement they did not make is how an account is taken.
   */
  async confirmSetup(userId: number, userName: string, code: string, ip: string): Promise<string[]> {
    const [row] = await this.#db.select().from(sysUserTwoFactor).where(eq(sysUserTwoFactor.userId, userId));
    if (!row?.pendingSecret) throw new BadRequestError("two_factor_setup_missing");
    const step = await this.#counted(userName, () =>
      this.#totpStep(this.#secrets.open(row.pendingSecret!), code, null),
    );
    if (step === null) throw new BadRequestError("two_factor_code_wrong");
    const now = this.#now();
    const codes = newRecoveryCodes();
    await this.#db.transaction(async (tx) => {
      await tx
        .update(sysUserTwoFactor)
        .set({ secret: row.pendingSecret, pendingSecret: null, enabledAt: now, lastStep: step, updatedAt: now })
        .where(eq(sysUserTwoFactor.userId, userId));
      await tx.delete(sysUserRecoveryCode).where(eq(sysUserRecoveryCode.userId, userId));
      await tx.insert(sysUserRecoveryCode).values(codes.map((c) => ({ userId, codeHash: this.#hashCode(c) })));
      if (row.secret) await this.#mailReplaced(tx, userId, now, ip);
    });
    return codes;
  }

  /** A fresh set of recovery codes (the old ones stop working), for a current code. */
  async regenerateRecoveryCodes(userId: number, userName: string, code: string): Promise<string[]> {
    await this.#requireCode(userId, userName, code);
    const codes = newRecoveryCodes();
    await this.#db.transaction(async (tx) => {
      await tx.delete(sysUserRecoveryCode).where(eq(sysUserRecoveryCode.userId, userId));
      await tx.insert(sysUserRecoveryCode).values(codes.map((c) => ({ userId, codeHash: this.#hashCode(c) })));
    });
    return codes;
  }

  /** The user turns their second factor off with a current code (not while a role demands it). */
  async disable(userId: number, userName: string, code: string): Promise<void> {
    if (await this.requiredFor(userId)) throw new AppError(403, "two_factor_required_by_role");
    await this.#requireCode(userId, userName, code);
    await this.remove(userId);
  }

  /** Removes a user's second factor and recovery codes (the user, or an administrator's reset). */
  async remove(userId: number, db: Db | Tx = this.#db): Promise<boolean> {
    const rows = await db
      .delete(sysUserTwoFactor)
      .where(eq(sysUserTwoFactor.userId, userId))
      .returning({ secret: sysUserTwoFactor.secret });
    await db.delete(sysUserRecoveryCode).where(eq(sysUserRecoveryCode.userId, userId));
    return rows.some((row) => row.secret !== null);
  }

  /**
   * Checks a sign-in's code (an authenticator's, or a recovery code, which is then used up)
   * without counting it: the caller counted the attempt. True when it is good and unused.
   */
  async acceptCode(userId: number, code: string): Promise<boolean> {
    const normalised = code.trim().replace(/\s+/g, "");
    if (TOTP_CODE.test(normalised)) {
      const [row] = await this.#db.select().from(sysUserTwoFactor).where(eq(sysUserTwoFactor.userId, userId));
      if (!row?.secret) return false;
      const step = await this.#totpStep(this.#secrets.open(row.secret), normalised, row.lastStep);
      if (step === null) return false;
      // Taken once, whatever the timing: only the request that moves the step forward wins.
      const taken = await this.#db
        .update(sysUserTwoFactor)
        .set({ lastStep: step })
        .where(
          and(
            eq(sysUserTwoFactor.userId, userId),
            or(isNull(sysUserTwoFactor.lastStep), lt(sysUserTwoFactor.lastStep, step)),
          ),
        )
        .returning({ userId: sysUserTwoFactor.userId });
      return taken.length > 0;
    }
    const recovery = normalised.toLowerCase().replace(/-/g, "");
    if (!/^[a-z0-9]{10}$/.test(recovery) || !(await this.enabled(userId))) return false;
    const used = await this.#db
      .update(sysUserRecoveryCode)
      .set({ usedAt: this.#now() })
      .where(
        and(
          eq(sysUserRecoveryCode.userId, userId),
          eq(sysUserRecoveryCode.codeHash, this.#hashCode(recovery)),
          isNull(sysUserRecoveryCode.usedAt),
        ),
      )
      .returning({ userId: sysUserRecoveryCode.userId });
    return used.length > 0;
  }

  /** The encrypted token of a sign-in's second step. */
  issueChallenge(challenge: Pick<TwoFactorChallenge, "userId" | "userName" | "passwordOk">): Promise<string> {
    return new EncryptJWT({ uid: challenge.userId, name: challenge.userName, ok: challenge.passwordOk })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
      .setJti(randomUUID())
      .setIssuedAt(Math.floor(this.#now().getTime() / 1000))
      .setExpirationTime(Math.floor(this.#now().getTime() / 1000) + CHALLENGE_TTL_SECONDS)
      .encrypt(this.#challengeKey);
  }

  /** The challenge a token carries, or null when it is forged, altered or expired. */
  async readChallenge(token: string): Promise<TwoFactorChallenge | null> {
    try {
      const { payload } = await jwtDecrypt(token, this.#challengeKey, { currentDate: this.#now() });
      const { uid, name, ok, jti, exp } = payload as Record<string, unknown>;
      if (typeof uid !== "number" || typeof name !== "string" || typeof ok !== "boolean") return null;
      if (typeof jti !== "string" || typeof exp !== "number") return null;
      return { id: jti, expiresAt: new Date(exp * 1000), userId: uid, userName: name, passwordOk: ok };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  /** Whether a challenge has already signed someone in. */
  async challengeSpent(challenge: TwoFactorChallenge): Promise<boolean> {
    const rows = await this.#db
      .select({ tokenHash: sysUserToken.tokenHash })
      .from(sysUserToken)
      .where(eq(sysUserToken.tokenHash, userTokenHash(challenge.id)));
    return rows.length > 0;
  }

  /**
   * Marks a challenge as having signed someone in: true for the one request that does it, false
   * when another already has (atomically: two requests with one token, one sign-in).
   */
  async spendChallenge(challenge: TwoFactorChallenge): Promise<boolean> {
    const now = this.#now();
    const spent = await this.#db
      .insert(sysUserToken)
      .values({
        tokenHash: userTokenHash(challenge.id),
        userId: challenge.userId,
        purpose: CHALLENGE_SPENT,
        expiresAt: challenge.expiresAt,
        usedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ tokenHash: sysUserToken.tokenHash });
    return spent.length > 0;
  }

  /**
   * The password and a current code (or a recovery code, then used up) of the user, as one attempt
   * on the account: the code is checked only after a right password, and either mistake gets the
   * sign-in's answer.
   */
  /** The password, for a first setup (one attempt toward the account's lock). */
  async #provePassword(userId: number, userName: string, password: string | undefined): Promise<void> {
    if (!password) throw new BadRequestError("two_factor_password_needed");
    const good = await this.#counted(userName, async () => {
      const [user] = await this.#db
        .select({ passwordHash: sysUser.passwordHash })
        .from(sysUser)
        .where(eq(sysUser.userId, userId));
      return Boolean(user) && (await verifyPassword(user!.passwordHash, password).catch(() => false));
    });
    if (!good) throw new BadRequestError("old_password_wrong");
  }

  async #proveOwner(userId: number, userName: string, proof: TwoFactorSetupBody): Promise<void> {
    const { password, otp } = proof;
    if (!password || !otp) throw new BadRequestError("two_factor_proof_needed");
    const good = await this.#counted(userName, async () => {
      const [user] = await this.#db
        .select({ passwordHash: sysUser.passwordHash })
        .from(sysUser)
        .where(eq(sysUser.userId, userId));
      const passwordOk = Boolean(user) && (await verifyPassword(user!.passwordHash, password).catch(() => false));
      return passwordOk && (await this.acceptCode(userId, otp));
    });
    if (!good) throw new BadRequestError("login_bad_password_or_code");
  }

  /** In the transaction that replaced it: the owner hears of their new authenticator. */
  async #mailReplaced(tx: Tx, userId: number, now: Date, ip: string): Promise<void> {
    const [user] = await tx.select().from(sysUser).where(eq(sysUser.userId, userId));
    if (!user?.email) return;
    await this.#mail.enqueue(tx, {
      siteId: user.siteId,
      event: "two_factor_changed",
      userId,
      language: isLanguage(user.language) ? user.language : "en",
      to: user.email,
      timeZone: user.timeZone,
      values: { name: user.nickName || user.userName, time: { at: now }, ip },
    });
  }

  /** A current code of the user's authenticator (or a recovery code), counted toward the lock. */
  async #requireCode(userId: number, userName: string, code: string): Promise<void> {
    if (!(await this.enabled(userId))) throw new BadRequestError("two_factor_not_enabled");
    const good = await this.#counted(userName, () => this.acceptCode(userId, code));
    if (!good) throw new BadRequestError("two_factor_code_wrong");
  }

  /** Runs a check of a code as an attempt on the account: refused while locked, cleared when good. */
  async #counted<T>(userName: string, check: () => Promise<T>): Promise<T> {
    const key = accountKey(userName);
    const lockEnd = await reserveAttempt(this.#db, key, this.#now());
    if (lockEnd) {
      const minutes = Math.max(1, Math.ceil((lockEnd.getTime() - this.#now().getTime()) / 60_000));
      throw new AppError(429, "login_locked", { minutes });
    }
    const result = await check();
    if (result !== null && result !== false) await clearAttempts(this.#db, key);
    return result;
  }

  /** The time step a code belongs to when it is right (and later than `after`), else null. */
  async #totpStep(secret: string, code: string, after: number | null): Promise<number | null> {
    const token = code.trim().replace(/\s+/g, "");
    if (!TOTP_CODE.test(token)) return null;
    const epoch = Math.floor(this.#now().getTime() / 1000);
    const result = await verify({
      secret,
      token,
      epoch,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(after === null ? {} : { afterTimeStep: after }),
    });
    // The step the code belongs to: the current one, moved by the drift it matched at.
    return result.valid ? Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta : null;
  }

  #hashCode(code: string): string {
    return createHmac("sha256", this.#codeKey).update(code.toLowerCase().replace(/-/g, "")).digest("hex");
  }
}

/** Whether an enabled role the user holds says its members must use a second factor. */
export async function twoFactorRequired(db: Db, userId: number): Promise<boolean> {
  const keys = await roleKeysOf(db, userId);
  const [row] = await db
    .select({ roleId: sysRole.roleId })
    .from(sysRole)
    .where(and(inArray(sysRole.roleKey, keys), eq(sysRole.status, "0"), eq(sysRole.requireTwoFactor, true)))
    .limit(1);
  return Boolean(row);
}

/** A role demands a second factor the user has not set up: they enrol before anything else. */
export async function twoFactorEnrolmentDue(db: Db, userId: number): Promise<boolean> {
  if (!(await twoFactorRequired(db, userId))) return false;
  const [row] = await db
    .select({ secret: sysUserTwoFactor.secret })
    .from(sysUserTwoFactor)
    .where(eq(sysUserTwoFactor.userId, userId));
  return !row?.secret;
}

/** Ten codes of ten characters, written `xxxxx-xxxxx`. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
