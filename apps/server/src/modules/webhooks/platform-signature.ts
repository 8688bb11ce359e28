import { createHmac, timingSafeEqual } from "node:crypto";

/** A signature's timestamp may be this far from the clock, either way (Standard Webhooks' tolerance). */
const TOLERANCE_SECONDS = 5 * 60;

/** The longest `webhook-id` taken: Rampart keeps the ids it received to refuse a replay, in 100 characters. */
export const MESSAGE_ID_MAX_LENGTH = 100;

/** One Standard Webhooks `v1` signature: the base64 of an HMAC-SHA256 (32 bytes). */
const V1_SIGNATURE = /^v1,([A-Za-z0-9+/]{43}=)$/;

const keyOf = (secret: string) => Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");

/** A request's signature headers, read: its id, its timestamp (seconds) and its `v1` signatures. */
export interface SignatureHeaders {
  id: string;
  timestamp: number;
  signatures: Buffer[];
}

/**
 * The Standard Webhooks signature of a message (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`),
 * with Node's own HMAC: the library's pure-JavaScript one takes several milliseconds over a
 * batch of a thousand buckets (300 kB), a tenth of the batch's whole time.
 */
export function platformSignature(secret: string, id: string, timestamp: number, raw: string): string {
  return `v1,${createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.`).update(raw).digest("base64")}`;
}

/**
 * A request's signature headers when they can be those of a signed request, judged from the
 * headers alone (no body read, no HMAC): `webhook-id` present and at most 100 characters,
 * `webhook-timestamp` a number of seconds within five minutes of `nowMs` (the real clock: the
 * platform's and Rampart's must agree), `webhook-signature` holding at least one `v1` signature of
 * the right length (space-separated, others ignored). Null otherwise.
 */
export function signatureHeadersOf(
  headers: Record<string, string | string[] | undefined>,
  nowMs = Date.now(),
): SignatureHeaders | null {
  const id = headers["webhook-id"];
  const stamp = headers["webhook-timestamp"];
  const signature = headers["webhook-signature"];
  if (typeof id !== "string" || typeof stamp !== "string" || typeof signature !== "string") return null;
  if (id.length === 0 || id.length > MESSAGE_ID_MAX_LENGTH || !/^\d{1,15}$/.test(stamp)) return null;
  const timestamp = Number(stamp);
  if (Math.abs(Math.floor(nowMs / 1000) - timestamp) > TOLERANCE_SECONDS) return null;
  const signatures = signature.split(" ").flatMap((one) => {
    const value = V1_SIGNATURE.exec(one)?.[1];
    return value ? [Buffer.from(value, "base64")] : [];
  });
  return signatures.length > 0 ? { id, timestamp, signatures } : null;
}

/** Whether one of the request's signatures is the HMAC of `raw` under `secret` (compared in constant time). */
export function signedWith(secret: string, raw: string, headers: SignatureHeaders): boolean {
  const expected = Buffer.from(platformSignature(secret, headers.id, headers.timestamp, raw).slice(3), "base64");
  return headers.signatures.some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}

/**
 * Whether a platform request is signed with `secret` as Standard Webhooks verifies it: its
 * signature headers as `signatureHeadersOf` takes them, one of its signatures the message's HMAC.
 * The same answer as the library's `Webhook.verify` (for ids of up to 100 characters), checked
 * by the tests.
 */
export function verifiesPlatformSignature(
  secret: string,
  raw: string,
  headers: { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string },
  nowMs = Date.now(),
): boolean {
  const signature = signatureHeadersOf(headers, nowMs);
  return signature !== null && signedWith(secret, raw, signature);
}
