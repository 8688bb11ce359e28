import { type CaptchaChallenge, LOGIN_CAPTCHA_SCENE, type VerifyInfo } from "@rampart/contracts";
import { type Challenge, createChallenge, type Payload, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
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
export const CAPTCHA_SCENES = [LOGIN_CAPTCHA_SCENE] as const;

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

  constructor(db: Db, secrets: { signature: string; keySignature: string }, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#secret = secrets.signature;
    this.#keySecret = secrets.keySignature;
    this.#now = now;
  }

  async challenge(scene: string): Promise<CaptchaChallenge> {
    const challenge = await createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      counter: randomInt(20_000, 5_000),
      deriveKey,
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
      deriveKey,
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
