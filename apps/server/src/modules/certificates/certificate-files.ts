import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate as NodeCertificate } from "node:crypto";
import type * as x509 from "@peculiar/x509";
import { x509Library } from "./certificate-libraries.ts";

/** Why a certificate, chain or key was refused (each a message in the user's language). */
export type CertificateProblem =
  | "certificate_unreadable"
  | "certificate_key_unreadable"
  | "certificate_key_password"
  | "certificate_key_mismatch"
  | "certificate_chain_broken"
  | "certificate_expired"
  | "certificate_not_yet_valid";

export class CertificateFileError extends Error {
  readonly problem: CertificateProblem;
  readonly value: string;
  constructor(problem: CertificateProblem, value = "") {
    super(problem);
    this.problem = problem;
    this.value = value;
  }
}

/** What the console lists of a certificate. */
export interface CertificateFacts {
  names: string[];
  subject: string;
  issuer: string;
  serialNumber: string;
  /** SHA-256 of the DER, hex in pairs (as browsers show it). */
  fingerprint: string;
  notBefore: Date;
  notAfter: Date;
  keyType: string;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/g;

/** The PEM blocks of a text with this label ("CERTIFICATE"), in order. */
export function pemBlocks(text: string, label: string): string[] {
  return [...text.matchAll(PEM_BLOCK)].filter((m) => m[1] === label).map((m) => m[0]);
}

/** Every certificate in a PEM text (a bundle too); refused when there is none or one is unreadable. */
export async function readCertificates(text: string): Promise<x509.X509Certificate[]> {
  const blocks = pemBlocks(text, "CERTIFICATE");
  if (blocks.length === 0) throw new CertificateFileError("certificate_unreadable");
  const { X509Certificate } = await x509Library();
  try {
    return blocks.map((block) => new X509Certificate(block));
  } catch {
    throw new CertificateFileError("certificate_unreadable");
  }
}

function keyTypeOf(key: KeyObject): string {
  const details = key.asymmetricKeyDetails;
  if (key.asymmetricKeyType === "rsa") return `rsa-${details?.modulusLength ?? 0}`;
  if (key.asymmetricKeyType === "ec") return details?.namedCurve === "secp384r1" ? "ec-p384" : "ec-p256";
  return key.asymmetricKeyType ?? "unknown";
}

/** The names, issuer, dates and fingerprint of a certificate. */
export async function factsOf(certificate: x509.X509Certificate): Promise<CertificateFacts> {
  const node = new NodeCertificate(Buffer.from(certificate.rawData));
  const { SubjectAlternativeNameExtension } = await x509Library();
  const san = certificate.getExtension(SubjectAlternativeNameExtension);
  const dnsNames = san?.names.items.filter((n) => n.type === "dns").map((n) => n.value) ?? [];
  const commonName = certificate.subjectName.getField("CN")[0];
  const names = dnsNames.length ? dnsNames : commonName ? [commonName] : [];
  const issuer =
    certificate.issuerName.getField("CN")[0] ?? certificate.issuerName.getField("O")[0] ?? certificate.issuer;
  return {
    names,
    subject: certificate.subject,
    issuer,
    serialNumber: certificate.serialNumber,
    fingerprint: node.fingerprint256,
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
    keyType: keyTypeOf(node.publicKey),
  };
}

/** A private key from PEM (PKCS#8, PKCS#1 or SEC1; encrypted ones with their password). */
export function readPrivateKey(text: string, passphrase?: string): KeyObject {
  const block = [...text.matchAll(PEM_BLOCK)].find((m) => m[1]?.endsWith("PRIVATE KEY"))?.[0];
  if (!block) throw new CertificateFileError("certificate_key_unreadable");
  const encrypted = block.startsWith("-----BEGIN ENCRYPTED") || /Proc-Type: 4,ENCRYPTED/.test(block);
  if (encrypted && !passphrase) throw new CertificateFileError("certificate_key_password");
  try {
    return createPrivateKey(encrypted ? { key: block, format: "pem", passphrase } : { key: block, format: "pem" });
  } catch {
    throw new CertificateFileError(encrypted ? "certificate_key_password" : "certificate_key_unreadable");
  }
}

/** Whether a private key is the one whose public half the certificate carries. */
export function keyMatches(certificate: x509.X509Certificate, key: KeyObject): boolean {
  const certified = new NodeCertificate(Buffer.from(certificate.rawData)).publicKey.export({
    type: "spki",
    format: "der",
  });
  return createPublicKey(key).export({ type: "spki", format: "der" }).equals(certified);
}

/**
 * The leaf and the certificates above it, in order, checked link by link: each is signed by the
 * next; the chain's certificates must all be used. The root may be left out (browsers have it).
 */
export async function buildChain(leaf: x509.X509Certificate, chain: x509.X509Certificate[]) {
  const ordered = [leaf];
  const left = [...chain];
  let current = leaf;
  while (left.length > 0) {
    const index = left.findIndex((candidate) => candidate.subject === current.issuer);
    if (index < 0) break;
    const issuer = left.splice(index, 1)[0]!;
    const signed = await current.verify({ publicKey: issuer.publicKey, signatureOnly: true });
    if (!signed) throw new CertificateFileError("certificate_chain_broken", current.subject);
    ordered.push(issuer);
    current = issuer;
  }
  // A certificate of the chain that signs nothing in it, or a leaf with no issuer given (not self-signed).
  if (left.length > 0) throw new CertificateFileError("certificate_chain_broken", left[0]!.subject);
  if (ordered.length === 1 && leaf.subject !== leaf.issuer && chain.length === 0)
    throw new CertificateFileError("certificate_chain_broken", leaf.issuer);
  return ordered;
}

/** A certificate refused unless it is valid now. */
export function assertCurrent(facts: CertificateFacts, now: Date): void {
  if (facts.notAfter.getTime() <= now.getTime())
    throw new CertificateFileError("certificate_expired", facts.notAfter.toISOString().slice(0, 10));
  if (facts.notBefore.getTime() > now.getTime())
    throw new CertificateFileError("certificate_not_yet_valid", facts.notBefore.toISOString().slice(0, 10));
}

/** PEM of a list of certificates, one after the other. */
export const pemOf = (certificates: x509.X509Certificate[]) =>
  `${certificates.map((certificate) => certificate.toString("pem")).join("\n")}\n`;
