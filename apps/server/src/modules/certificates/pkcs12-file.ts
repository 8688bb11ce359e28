import type { KeyObject } from "node:crypto";
import { webcrypto } from "node:crypto";
import type * as x509 from "@peculiar/x509";
import { pkcs12Libraries } from "./certificate-libraries.ts";

/** PBKDF2 rounds for the key's and the certificates' encryption and for the file's MAC. */
const ITERATIONS = 100_000;
const OID_KEY_BAG = "1.2.840.113549.1.12.10.1.2";
const OID_CERT_BAG = "1.2.840.113549.1.12.10.1.3";
const OID_LOCAL_KEY_ID = "1.2.840.113549.1.9.21";

/**
 * A PKCS#12 (.pfx) file of a key and its certificates (leaf first), for IIS, Tomcat and Windows:
 * the key in a shrouded bag and the certificates encrypted, both with AES-256-CBC under PBKDF2
 * (SHA-256), the whole file MACed with SHA-256; readable by OpenSSL 3 and Windows.
 */
export async function pkcs12Of(
  key: KeyObject,
  certificates: x509.X509Certificate[],
  password: string,
): Promise<Buffer> {
  const { pkijs, asn1js } = await pkcs12Libraries();
  const engine = new pkijs.CryptoEngine({
    name: "node",
    crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]["crypto"],
  });
  const passwordBytes = new TextEncoder().encode(password).buffer as ArrayBuffer;
  const keyInfo = pkijs.PrivateKeyInfo.fromBER(new Uint8Array(key.export({ type: "pkcs8", format: "der" })));
  const localKeyId = new Uint8Array(await webcrypto.subtle.digest("SHA-256", certificates[0]!.rawData));
  const keyIdAttribute = new pkijs.Attribute({
    type: OID_LOCAL_KEY_ID,
    values: [new asn1js.OctetString({ valueHex: localKeyId.buffer as ArrayBuffer })],
  });
  const encryption = {
    password: passwordBytes,
    contentEncryptionAlgorithm: { name: "AES-CBC", length: 256 },
    hmacHashAlgorithm: "SHA-256",
    iterationCount: ITERATIONS,
  };
  const keyBag = new pkijs.PKCS8ShroudedKeyBag({ parsedValue: keyInfo });
  await keyBag.makeInternalValues(encryption, engine);
  const certificateBags = certificates.map(
    (certificate, index) =>
      new pkijs.SafeBag({
        bagId: OID_CERT_BAG,
        bagValue: new pkijs.CertBag({ parsedValue: pkijs.Certificate.fromBER(certificate.rawData) }),
        ...(index === 0 ? { bagAttributes: [keyIdAttribute] } : {}),
      }),
  );
  const pfx = new pkijs.PFX({
    parsedValue: {
      integrityMode: 0,
      authenticatedSafe: new pkijs.AuthenticatedSafe({
        parsedValue: {
          safeContents: [
            {
              privacyMode: 0,
              value: new pkijs.SafeContents({
                safeBags: [
                  new pkijs.SafeBag({ bagId: OID_KEY_BAG, bagValue: keyBag, bagAttributes: [keyIdAttribute] }),
                ],
              }),
            },
            { privacyMode: 1, value: new pkijs.SafeContents({ safeBags: certificateBags }) },
          ],
        },
      }),
    },
  });
  await pfx.parsedValue!.authenticatedSafe!.makeInternalValues({ safeContents: [{}, encryption] }, engine);
  await pfx.makeInternalValues(
    { password: passwordBytes, iterations: ITERATIONS, pbkdf2HashAlgorithm: "SHA-256", hmacHashAlgorithm: "SHA-256" },
    engine,
  );
  return Buffer.from(pfx.toSchema().toBER(false));
}
