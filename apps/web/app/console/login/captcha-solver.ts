import { type CaptchaChallenge, LOGIN_CAPTCHA_SCENE, type VerifyInfo } from "@rampart/contracts";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";

const base64url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/**
 * Solves the server's proof-of-work challenge in the browser (WebCrypto's PBKDF2: each attempt is
 * one native call, see CAPTCHA_WORK in the server's modules/auth/captcha.ts) and packs the result as
 * the login form's verifyInfo. Resolves null when the challenge cannot be solved (expired, aborted,
 * another algorithm).
 */
export async function solveCaptcha(offer: CaptchaChallenge, signal: AbortSignal): Promise<VerifyInfo | null> {
  const challenge = offer.challenge as Challenge;
  const controller = new AbortController();
  signal.addEventListener("abort", () => controller.abort(), { once: true });
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  if (!solution) return null;
  return {
    sessionId: challenge.parameters.nonce,
    sig: challenge.signature ?? "",
    token: base64url(JSON.stringify({ challenge, solution })),
    scene: offer.scene || LOGIN_CAPTCHA_SCENE,
    appKey: offer.appKey,
  };
}
