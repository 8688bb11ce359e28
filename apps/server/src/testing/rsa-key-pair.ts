import { generateKeyPairSync } from "node:crypto";

/** A 2048-bit RSA key pair in PEM (PKCS#8 private, SPKI public), for a test's signer. */
export function rsaKeyPair() {
  return generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
}
