import { createHash, randomBytes } from "node:crypto";

/**
 * The one-time tokens of mailed links (password reset, invitation, e-mail confirmation): 256
 * random bits in the link; only their SHA-256 is stored (sys_user_token).
 */
export const userTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export function newUserToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: userTokenHash(token) };
}
