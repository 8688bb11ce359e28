import { hkdfSync } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import { LRUCache } from "lru-cache";

const ISSUER = "rampart";
const AUDIENCE = "rampart-console";
/** The only algorithm a token may claim: `none` or a public-key algorithm is refused. */
const ALGORITHMS = ["HS256"];

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

/**
 * Signs and reads session tokens (JWT, HS256). A token only names a session; whether that session
 * is still live (not logged out, revoked or expired) is the session record's to say, so a token has
 * no expiry of its own beyond the longest a session could last.
 */
export class TokenSigner {
  readonly #key: Uint8Array;
  readonly #maxLifetimeSeconds: number;
  /**
   * Tokens whose signature was checked, with their claims and expiry: a token is a fixed string, so
   * its check need not be repeated on every request (an HMAC through WebCrypto each time). Only
   * good tokens are kept, each until it expires.
   */
  readonly #verified = new LRUCache<string, { claims: TokenClaims; expiresAtMs: number }>({ max: 10_000 });

  constructor(secret: string, maxLifetimeMs: number) {
    // A key of its own, so that the same secret can derive other keys (the captcha's) safely.
    this.#key = new Uint8Array(hkdfSync("sha256", secret, "rampart", "session-token", 32));
    this.#maxLifetimeSeconds = Math.ceil(maxLifetimeMs / 1000);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.#maxLifetimeSeconds}s`)
      .sign(this.#key);
  }

  /**
   * The claims of a token whose signature was checked already, without waiting: null when it has
   * expired since, undefined when it must be checked (`verify`).
   */
  knownClaims(token: string): TokenClaims | null | undefined {
    const known = this.#verified.get(token);
    if (!known) return undefined;
    if (known.expiresAtMs > Date.now()) return known.claims;
    this.#verified.delete(token);
    return null;
  }

  /** The claims of a well-signed token, or null for anything else (never throws). */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.knownClaims(token);
    if (known !== undefined) return known;
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ALGORITHMS,
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.sid !== "string") return null;
      const claims = { userId, sessionId: payload.sid };
      if (typeof payload.exp === "number") this.#verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}

/** A key for another purpose derived from the token secret (HKDF), e.g. the captcha's HMAC. */
export function deriveSecret(secret: string, purpose: string): string {
  return Buffer.from(hkdfSync("sha256", secret, "rampart", purpose, 32)).toString("base64url");
}
