import type { CaptchaChallenge, VerifyInfo } from "@rampart/contracts";
import { type Challenge, solveChallenge } from "altcha-lib";
import { captchaDeriveKey, verifyInfoFor } from "../modules/auth/captcha.ts";

/**
 * Solves a slider challenge (GET /prod-api/auth/captcha's answer) the way a client without a
 * browser would: Node and altcha-lib's own solver, one attempt after another. Returns the proof as
 * the login form sends it. Used by the tests, and by the benchmark to price one solve for a bot.
 */
export async function solveCaptchaChallenge(offer: CaptchaChallenge): Promise<VerifyInfo> {
  const challenge = offer.challenge as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey: captchaDeriveKey });
  if (!solution) throw new Error("the captcha challenge could not be solved");
  return verifyInfoFor(challenge, solution, offer.scene);
}
