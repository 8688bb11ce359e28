import type * as X509 from "@peculiar/x509";
import type * as Asn1 from "asn1js";
import type * as Pkijs from "pkijs";

// The certificate libraries, imported when first needed: acme-client, @peculiar/x509, pkijs and
// asn1js (with axios and node-forge under acme-client) were about half a second of every start,
// measured, and a start issues, reads or packs no certificate. Node keeps a module once imported.

/** @peculiar/x509: reading certificates and CSRs. */
export const x509Library = (): Promise<typeof X509> => import("@peculiar/x509");

/** acme-client: the CA's protocol, keys and CSRs of issued certificates. */
export const acmeLibrary = async () => (await import("acme-client")).default;

/** pkijs and asn1js: PKCS#12 files. */
export const pkcs12Libraries = async (): Promise<{ pkijs: typeof Pkijs; asn1js: typeof Asn1 }> => {
  const [pkijs, asn1js] = await Promise.all([import("pkijs"), import("asn1js")]);
  return { pkijs, asn1js };
};
