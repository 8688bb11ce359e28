import type { CaptchaChallenge, VerifyInfo } from "@rampart/contracts";
import { type Challenge, createChallenge, type Payload, randomInt, verifySolution } from "altcha-lib";
import { deriveKey as captchaDeriveKey } from "altcha-lib/algorithms/pbkdf2";
import { lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysCaptchaUse } from "../../db/schema.ts";
import { BadRequestError } from "../../http/errors.ts";

/**
 * The slider captcha behind one interface, so that a hosted captcha service could take the place
 * of the built-in one: hand out a challenge for a scene, and verify what the form sent back.
 */
export interface CaptchaService {
  readonly enabled: boolean;
  challenge(scene: string): Promise<CaptchaChallenge>;
  /** Resolves when verifyInfo proves a fresh, unused solution for the scene; throws otherwise. */
  verify(verifyInfo: VerifyInfo | undefined, scene: string): Promise<void>;
}

export const CAPTCHA_APP_KEY = "rampart-altcha";
const CHALLENGE_LIFETIME_MS = 5 * 60_000;

export { captchaDeriveKey };

/**
 * The work a challenge asks for. An attempt is one PBKDF2 of CAPTCHA_WORK.cost iterations, which
 * a browser runs natively in one WebCrypto call (a single SHA-256 per attempt, as before, spent a
 * phone's time on the calls, not the hashing: 0.5 s throttled 6x for 18 ms of a bot's work). The
 * solver needs between `attempts.min` and `attempts.max` attempts (the server picks the number and
 * signs the key it leads to, so creating a challenge costs it one attempt and checking a solution
 * one HMAC). `npm run bench` measures it: about 0.15 s in Chromium on a desktop core, 0.5 s
 * (median) with the CPU throttled 6x as for a mid-range phone, 0.15 s of CPU for a bot per solve.
 */
export const CAPTCHA_WORK = {
  algorithm: "PBKDF2/SHA-256",
  cost: 10_000,
  attempts: { min: 70, max: 130 },
} as const;

/** For private deployments and automated tests (CAPTCHA_ENABLED=false): every form passes. */
export class DisabledCaptcha implements CaptchaService {
  readonly enabled = false;
  async challenge(scene: string): Promise<CaptchaChallenge> {
    return { enabled: false, appKey: CAPTCHA_APP_KEY, scene };
  }
  async verify(): Promise<void> {}
}

/**
 * The built-in slider: an ALTCHA proof-of-work challenge (altcha-lib) that the browser solves
 * while the user drags the slider, signed with a key derived from the token secret. A solved
 * challenge is accepted once (recorded in the database, so on every server process) and only
 * within five minutes.
 */
export class AltchaCaptcha implements CaptchaService {
  readonly enabled = true;
  readonly #db: Db;
  readonly #secret: string;
  readonly #keySecret: string;
  readonly #now: () => Date;

  constructor(db: Db, secrets: { signature: string; keySignature: string }, now: () => Date) {
    this.#db = db;
    this.#secret = secrets.signature;
    this.#keySecret = secrets.keySignature;
    this.#now = now;
  }

  async challenge(scene: string): Promise<CaptchaChallenge> {
    const challenge = await createChallenge({
      algorithm: CAPTCHA_WORK.algorithm,
      cost: CAPTCHA_WORK.cost,
      // The counter of the key to find; the solver counts from 0.
      counter: randomInt(CAPTCHA_WORK.attempts.max - 1, CAPTCHA_WORK.attempts.min - 1),
      deriveKey: captchaDeriveKey,
      data: { scene },
      expiresAt: new Date(this.#now().getTime() + CHALLENGE_LIFETIME_MS),
      hmacSignatureSecret: this.#secret,
      hmacKeySignatureSecret: this.#keySecret,
    });
    return { enabled: true, appKey: CAPTCHA_APP_KEY, scene, challenge };
  }

  async verify(verifyInfo: VerifyInfo | undefined, scene: string): Promise<void> {
    if (!verifyInfo) throw new BadRequestError("captcha_required");
    const payload = decodePayload(verifyInfo.token);
    const challenge = payload?.challenge as Challenge | undefined;
    const fresh =
      payload !== undefined &&
      challenge !== undefined &&
      verifyInfo.appKey === CAPTCHA_APP_KEY &&
      verifyInfo.scene === scene &&
      challenge.parameters?.data?.scene === scene &&
      challenge.parameters.nonce === verifyInfo.sessionId &&
      challenge.signature === verifyInfo.sig;
    if (!fresh) throw new BadRequestError("captcha_invalid");
    const result = await verifySolution({
      challenge,
      solution: payload.solution,
      deriveKey: captchaDeriveKey,
      hmacSignatureSecret: this.#secret,
      hmacKeySignatureSecret: this.#keySecret,
    }).catch(() => null);
    if (!result?.verified) throw new BadRequestError("captcha_invalid");
    // Once only: the insert fails for a challenge that was already used.
    const now = this.#now();
    await this.#db.delete(sysCaptchaUse).where(lt(sysCaptchaUse.expiresAt, now));
    const inserted = await this.#db
      .insert(sysCaptchaUse)
      .values({
        challengeId: verifyInfo.sessionId,
        expiresAt: new Date((challenge.parameters.expiresAt ?? 0) * 1000 || now.getTime() + CHALLENGE_LIFETIME_MS),
      })
      .onConflictDoNothing()
      .returning({ id: sysCaptchaUse.challengeId });
    if (inserted.length === 0) throw new BadRequestError("captcha_invalid");
  }
}

function decodePayload(token: string): Payload | undefined {
  try {
    const value = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as Payload;
    return value && typeof value === "object" && value.challenge && value.solution ? value : undefined;
  } catch {
    return undefined;
  }
}

/** What the browser sends after solving: the same shape a hosted slider service would give. */
export function verifyInfoFor(challenge: Challenge, solution: Payload["solution"], scene: string): VerifyInfo {
  return {
    sessionId: challenge.parameters.nonce,
    sig: challenge.signature ?? "",
    token: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64url"),
    scene,
    appKey: CAPTCHA_APP_KEY,
  };
}
