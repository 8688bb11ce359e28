import { createSign, createVerify, type KeyObject } from "node:crypto";

/**
 * Antom's message signatures (docs.antom.com, "Sign a request and verify the signature"): RSA with
 * SHA-256 over `<METHOD> <path>\n<client-id>.<time>.<body>`, base64 then URL-encoded, carried in the
 * header `signature: algorithm=RSA256,keyVersion=1,signature=<value>`. The same shape signs our
 * requests (with our key), Antom's answers and Antom's notifications (with Antom's).
 */

/** The text that is signed. `path` includes the query string, if any; `body` is the exact bytes sent. */
export function contentToSign(method: string, path: string, clientId: string, time: string, body: string): string {
  return `${method.toUpperCase()} ${path}\n${clientId}.${time}.${body}`;
}

/** The value of the `signature` header for a content, signed with a private key. */
export function signatureHeader(content: string, key: KeyObject): string {
  const signature = createSign("RSA-SHA256").update(content, "utf8").sign(key, "base64");
  return `algorithm=RSA256,keyVersion=1,signature=${encodeURIComponent(signature)}`;
}

/**
 * Whether a `signature` header signs the content with the public key. Only RSA256 is accepted,
 * decided before anything is verified; a malformed header is simply not a signature.
 */
export function verifySignatureHeader(header: string | undefined, content: string, key: KeyObject): boolean {
  if (!header) return false;
  const parts = new Map<string, string>();
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const value = parts.get("signature");
  if (parts.get("algorithm") !== "RSA256" || !value) return false;
  try {
    const signature = Buffer.from(decodeURIComponent(value), "base64");
    return createVerify("RSA-SHA256").update(content, "utf8").verify(key, signature);
  } catch {
    return false;
  }
}
