import type * as X509 from "@peculiar/x509";
import type * as Asn1 from "asn1js";
import type * as Pkijs from "pkijs";

/**
 * The certificate libraries, imported when first needed: acme-client, @peculiar/x509, pkijs and
 * asn1js (with axios and node-forge under acme-client) were about half a second of every start,
 * measured, and a start issues, reads or packs no certificate.
 */
let x509: Promise<typeof X509> | undefined;
let acme: Promise<typeof import("acme-client")> | undefined;
let pkcs12: Promise<{ pkijs: typeof Pkijs; asn1js: typeof Asn1 }> | undefined;

/** @peculiar/x509: reading certificates and CSRs. */
export const x509Library = () => (x509 ??= import("@peculiar/x509"));

/** acme-client: the CA's protocol, keys and CSRs of issued certificates. */
export const acmeLibrary = () => (acme ??= import("acme-client").then((module) => module.default));

/** pkijs and asn1js: PKCS#12 files. */
export const pkcs12Libraries = () =>
  (pkcs12 ??= Promise.all([import("pkijs"), import("asn1js")]).then(([pkijs, asn1js]) => ({ pkijs, asn1js })));
