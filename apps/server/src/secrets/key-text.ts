import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";

/** A PEM key, or the bare base64 that Antom's dashboard shows (PKCS#8 private, SPKI public). */
export function privateKeyOf(text: string): KeyObject {
  return text.includes("-----BEGIN")
    ? createPrivateKey(text)
    : createPrivateKey({ key: Buffer.from(text.replace(/\s+/g, ""), "base64"), format: "der", type: "pkcs8" });
}
export function publicKeyOf(text: string): KeyObject {
  return text.includes("-----BEGIN")
    ? createPublicKey(text)
    : createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ""), "base64"), format: "der", type: "spki" });
}
