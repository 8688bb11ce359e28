import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

/** Key types a CSR can be made with here. */
export const CSR_KEY_TYPES = ["rsa-2048", "rsa-3072", "rsa-4096", "ec-p256", "ec-p384"] as const;
export type CsrKeyType = (typeof CSR_KEY_TYPES)[number];

export interface CsrInput {
  keyType: CsrKeyType;
  commonName: string;
  /** Every name the certificate is for (the common name among them). */
  names: string[];
  organization?: string;
  unit?: string;
  locality?: string;
  state?: string;
  /** Two letters (ISO 3166). */
  country?: string;
  email?: string;
  /** Encrypts the private key (PKCS#8, PBES2 with AES-256-CBC). */
  password: string;
}

/** PBKDF2 rounds for the key's encryption (OpenSSL 3's default is 2,048; more is slower to guess). */
const ITERATIONS = 100_000;
const OID = {
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
  unit: "2.5.4.11",
  locality: "2.5.4.7",
  state: "2.5.4.8",
  country: "2.5.4.6",
  email: "1.2.840.113549.1.9.1",
  extensionRequest: "1.2.840.113549.1.9.14",
  subjectAltName: "2.5.29.17",
} as const;

function algorithmOf(keyType: CsrKeyType) {
  if (keyType.startsWith("rsa-")) {
    return {
      generate: {
        name: "RSASSA-PKCS1-v1_5",
        modulusLength: Number(keyType.slice(4)),
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: "SHA-256",
      },
      hash: "SHA-256",
    };
  }
  const p384 = keyType === "ec-p384";
  return { generate: { name: "ECDSA", namedCurve: p384 ? "P-384" : "P-256" }, hash: p384 ? "SHA-384" : "SHA-256" };
}

const pem = (label: string, der: ArrayBuffer) => {
  const base64 = btoa(String.fromCharCode(...new Uint8Array(der)));
  return `-----BEGIN ${label}-----\n${base64.match(/.{1,64}/g)!.join("\n")}\n-----END ${label}-----\n`;
};

/**
 * A key pair and a CSR made in the browser with WebCrypto (the private key never leaves it): the
 * CSR (PKCS#10, the names as subjectAltName) and the private key encrypted with the customer's
 * password as PKCS#8 (PBES2: PBKDF2 with HMAC-SHA-256, AES-256-CBC), which `openssl pkey -passin`,
 * nginx, Apache and Windows read.
 */
export async function makeCsr(input: CsrInput, crypto: Crypto = globalThis.crypto) {
  const engine = new pkijs.CryptoEngine({ name: "rampart", crypto });
  const algorithm = algorithmOf(input.keyType);
  const keys = (await crypto.subtle.generateKey(algorithm.generate, true, ["sign", "verify"])) as CryptoKeyPair;

  const csr = new pkijs.CertificationRequest();
  csr.version = 0;
  const subject: [string, string | undefined][] = [
    [OID.country, input.country?.toUpperCase()],
    [OID.state, input.state],
    [OID.locality, input.locality],
    [OID.organization, input.organization],
    [OID.unit, input.unit],
    [OID.commonName, input.commonName],
    [OID.email, input.email],
  ];
  // One attribute per RDN, as CAs expect (pkijs would put them all in one multi-valued RDN).
  const rdns: asn1js.Set[] = [];
  for (const [type, value] of subject) {
    if (!value?.trim()) continue;
    const text = value.trim();
    const encoded =
      type === OID.country
        ? new asn1js.PrintableString({ value: text })
        : type === OID.email
          ? new asn1js.IA5String({ value: text })
          : new asn1js.Utf8String({ value: text });
    rdns.push(new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value: encoded }).toSchema()] }));
  }
  const name = new asn1js.Sequence({ value: rdns });
  csr.subject = new pkijs.RelativeDistinguishedNames({ schema: asn1js.fromBER(name.toBER(false)).result });
  await csr.subjectPublicKeyInfo.importKey(keys.publicKey, engine);
  const altNames = new pkijs.GeneralNames({
    names: input.names.map((name) => new pkijs.GeneralName({ type: 2, value: name })),
  });
  csr.attributes = [
    new pkijs.Attribute({
      type: OID.extensionRequest,
      values: [
        new pkijs.Extensions({
          extensions: [
            new pkijs.Extension({
              extnID: OID.subjectAltName,
              critical: false,
              extnValue: altNames.toSchema().toBER(false),
            }),
          ],
        }).toSchema(),
      ],
    }),
  ];
  await csr.sign(keys.privateKey, algorithm.hash, engine);

  const keyInfo = pkijs.PrivateKeyInfo.fromBER(await crypto.subtle.exportKey("pkcs8", keys.privateKey));
  const shrouded = new pkijs.PKCS8ShroudedKeyBag({ parsedValue: keyInfo });
  await shrouded.makeInternalValues(
    {
      password: new TextEncoder().encode(input.password).buffer as ArrayBuffer,
      contentEncryptionAlgorithm: { name: "AES-CBC", length: 256 } as pkijs.ContentEncryptionAesCbcParams,
      hmacHashAlgorithm: "SHA-256",
      iterationCount: ITERATIONS,
    },
    engine,
  );
  return {
    csrPem: pem("CERTIFICATE REQUEST", csr.toSchema().toBER(false)),
    encryptedKeyPem: pem("ENCRYPTED PRIVATE KEY", shrouded.toSchema().toBER(false)),
  };
}
