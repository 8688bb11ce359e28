import { webcrypto } from "node:crypto";
import * as x509 from "@peculiar/x509";

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
const DAY = 86_400_000;

export interface IssuedPair {
  certificate: x509.X509Certificate;
  keys: webcrypto.CryptoKeyPair;
  pem: string;
  keyPem: string;
}

async function keyPemOf(keys: webcrypto.CryptoKeyPair): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", keys.privateKey)).toString("base64");
  return `-----BEGIN PRIVATE KEY-----\n${der.match(/.{1,64}/g)!.join("\n")}\n-----END PRIVATE KEY-----\n`;
}

const newKeys = () =>
  webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]) as Promise<webcrypto.CryptoKeyPair>;

/**
 * A small CA for tests: a root, an intermediate it signs, and leaves the intermediate signs (valid
 * now, expired, or for other names), as a real CA's would be.
 */
export async function testCa(now = new Date()) {
  const rootKeys = await newKeys();
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    name: "CN=Rampart Test Root",
    notBefore: new Date(now.getTime() - 10 * DAY),
    notAfter: new Date(now.getTime() + 3650 * DAY),
    keys: rootKeys,
    signingAlgorithm: ALGORITHM,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  const intermediateKeys = await newKeys();
  const intermediate = await x509.X509CertificateGenerator.create({
    subject: "CN=Rampart Test Intermediate",
    issuer: root.subject,
    notBefore: new Date(now.getTime() - 10 * DAY),
    notAfter: new Date(now.getTime() + 1825 * DAY),
    signingKey: rootKeys.privateKey,
    publicKey: intermediateKeys.publicKey,
    signingAlgorithm: ALGORITHM,
    extensions: [new x509.BasicConstraintsExtension(true, 0, true)],
  });
  const sign = (publicKey: webcrypto.CryptoKey, names: string[], from: Date, to: Date) =>
    x509.X509CertificateGenerator.create({
      subject: `CN=${names[0]}`,
      issuer: intermediate.subject,
      notBefore: from,
      notAfter: to,
      signingKey: intermediateKeys.privateKey,
      publicKey,
      signingAlgorithm: ALGORITHM,
      extensions: [new x509.SubjectAlternativeNameExtension(names.map((value) => ({ type: "dns" as const, value })))],
    });
  const leaf = async (names: string[], from: Date, to: Date): Promise<IssuedPair> => {
    const keys = await newKeys();
    const certificate = await sign(keys.publicKey, names, from, to);
    return { certificate, keys, pem: certificate.toString("pem"), keyPem: await keyPemOf(keys) };
  };
  return {
    root,
    intermediate,
    chainPem: intermediate.toString("pem"),
    /** A leaf valid from ten days ago for `days` more days. */
    leaf: (names: string[], days = 90) =>
      leaf(names, new Date(now.getTime() - 10 * DAY), new Date(now.getTime() + days * DAY)),
    expiredLeaf: (names: string[]) => leaf(names, new Date(now.getTime() - 100 * DAY), new Date(now.getTime() - DAY)),
    /** The CA's certificate for a key it was sent (a CSR's). */
    signKey: (publicKey: webcrypto.CryptoKey, names: string[]) =>
      sign(publicKey, names, new Date(now.getTime() - DAY), new Date(now.getTime() + 90 * DAY)),
  };
}
