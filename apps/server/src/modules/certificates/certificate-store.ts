import type * as x509 from "@peculiar/x509";
import type {
  CertificateSource,
  CertificateState,
  CertificateUploadBody,
  CertificateView,
  ChallengeType,
  CsrCertificateBody,
} from "@rampart/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizCertificate } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";
import type { CertificateEvents } from "./certificate-events.ts";
import {
  assertCurrent,
  buildChain,
  CertificateFileError,
  factsOf,
  keyMatches,
  pemBlocks,
  pemOf,
  readCertificates,
  readPrivateKey,
} from "./certificate-files.ts";
import { x509Library } from "./certificate-libraries.ts";
import { assertUnderCertificateLimit } from "./certificate-limit.ts";
import { challengeFileUrl, txtRecordName } from "./challenge-checks.ts";
import { pkcs12Of } from "./pkcs12-file.ts";

type CertificateRow = typeof bizCertificate.$inferSelect;

export interface StoreDeps {
  db: Db;
  seal: SecretSeal;
  events: CertificateEvents;
  now: () => Date;
  http01Port: number;
}

/** A certificate file problem as the answer's message (in the caller's language). */
function refused(error: unknown): never {
  if (error instanceof CertificateFileError) throw new AppError(400, error.problem, { value: error.value });
  throw error;
}

export function certificateView(row: CertificateRow, http01Port: number): CertificateView {
  return {
    certificateId: row.certificateId,
    source: row.source as CertificateSource,
    state: row.state as CertificateState,
    names: row.names,
    validation: row.validation as ChallengeType | null,
    keyType: row.keyType,
    issuer: row.issuer,
    notBefore: row.notBefore?.toISOString() ?? null,
    notAfter: row.notAfter?.toISOString() ?? null,
    fingerprint: row.fingerprint,
    hasKey: row.privateKeySealed !== null,
    autoRenew: row.autoRenew,
    challenges:
      row.state === "issued"
        ? []
        : row.challenges.map((challenge) => ({
            name: challenge.name,
            type: challenge.type,
            recordName: challenge.type === "dns-01" ? txtRecordName(challenge.name) : null,
            recordValue: challenge.type === "dns-01" ? challenge.keyAuthorization : null,
            fileUrl: challenge.type === "http-01" ? challengeFileUrl(challenge, http01Port) : null,
            fileContent: challenge.type === "http-01" ? challenge.keyAuthorization : null,
            status: challenge.status,
          })),
    lastError: row.lastError,
    served: row.servedCheckedAt
      ? {
          checkedAt: row.servedCheckedAt.toISOString(),
          notAfter: row.servedNotAfter?.toISOString() ?? null,
          matches: row.servedMatches,
          error: row.servedError,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCertificates(db: Db, userId: number, http01Port: number): Promise<CertificateView[]> {
  const rows = await db
    .select()
    .from(bizCertificate)
    .where(eq(bizCertificate.userId, userId))
    .orderBy(desc(bizCertificate.certificateId));
  return rows.map((row) => certificateView(row, http01Port));
}

/** One of the customer's certificates (404 when it is not theirs). */
export async function certificateOf(db: Db, userId: number, certificateId: number): Promise<CertificateRow> {
  const [row] = await db
    .select()
    .from(bizCertificate)
    .where(and(eq(bizCertificate.certificateId, certificateId), eq(bizCertificate.userId, userId)));
  if (!row) throw new AppError(404, "certificate_not_found");
  return row;
}

/**
 * A certificate from any CA: the certificate (a bundle is split: the first is the certificate, the
 * rest its chain), its chain, and its key (optional; an encrypted one with its password). Refused
 * with the reason when the key is not its key, the chain does not build or it is not valid now.
 */
export async function uploadCertificate(
  deps: StoreDeps,
  owner: { userId: number; siteId: number | null },
  body: CertificateUploadBody,
): Promise<number> {
  try {
    const [leaf, ...bundled] = await readCertificates(body.certificate);
    const chain = [...bundled, ...(body.chain?.trim() ? await readCertificates(body.chain) : [])];
    const key = body.privateKey?.trim() ? readPrivateKey(body.privateKey, body.passphrase || undefined) : null;
    if (key && !keyMatches(leaf!, key)) throw new CertificateFileError("certificate_key_mismatch");
    const ordered = await buildChain(leaf!, chain);
    assertCurrent(await factsOf(leaf!), deps.now());
    return await deps.db.transaction(async (tx) => {
      await assertUnderCertificateLimit(tx, owner.userId);
      const [row] = await tx
        .insert(bizCertificate)
        .values({ ...owner, source: "upload", state: "issued", names: [], createdAt: deps.now() })
        .returning();
      await deps.events.store(tx, row!, {
        leaf: leaf!,
        chain: ordered.slice(1),
        key: key ? key.export({ type: "pkcs8", format: "pem" }).toString() : null,
      });
      return row!.certificateId;
    });
  } catch (error) {
    refused(error);
  }
}

/**
 * A CSR made in the customer's browser (its key stays there, encrypted with their password): kept,
 * with the names it asks for, until the CA's certificate for it is brought back.
 */
export async function recordCsr(
  deps: StoreDeps,
  owner: { userId: number; siteId: number | null },
  csrText: string,
): Promise<number> {
  const block = pemBlocks(csrText, "CERTIFICATE REQUEST")[0];
  if (!block) throw new AppError(400, "csr_unreadable");
  const { Pkcs10CertificateRequest, SubjectAlternativeNameExtension } = await x509Library();
  let csr: x509.Pkcs10CertificateRequest;
  try {
    csr = new Pkcs10CertificateRequest(block);
    if (!(await csr.verify())) throw new Error("signature");
  } catch {
    throw new AppError(400, "csr_unreadable");
  }
  const san = csr.extensions.find((extension) => extension instanceof SubjectAlternativeNameExtension);
  const names = san?.names.items.filter((n) => n.type === "dns").map((n) => n.value) ?? [];
  const commonName = csr.subjectName.getField("CN")[0];
  const algorithm = csr.publicKey.algorithm as { name: string; modulusLength?: number; namedCurve?: string };
  const keyType =
    algorithm.name === "ECDSA"
      ? `ec-${(algorithm.namedCurve ?? "").replace("P-", "p")}`
      : `rsa-${algorithm.modulusLength ?? ""}`;
  const [row] = await deps.db.transaction(async (tx) => {
    await assertUnderCertificateLimit(tx, owner.userId);
    return tx
      .insert(bizCertificate)
      .values({
        ...owner,
        source: "csr",
        state: "awaiting",
        names: names.length ? names : commonName ? [commonName] : [],
        keyType,
        csrPem: csr.toString("pem"),
        createdAt: deps.now(),
      })
      .returning({ certificateId: bizCertificate.certificateId });
  });
  return row!.certificateId;
}

/** The CA's certificate for a CSR made here: it must carry the CSR's key, build its chain and be valid now. */
export async function attachCsrCertificate(
  deps: StoreDeps,
  userId: number,
  certificateId: number,
  body: CsrCertificateBody,
): Promise<void> {
  const row = await certificateOf(deps.db, userId, certificateId);
  if (row.source !== "csr" || row.state !== "awaiting" || !row.csrPem)
    throw new AppError(409, "certificate_not_checkable");
  try {
    const [leaf, ...bundled] = await readCertificates(body.certificate);
    const { Pkcs10CertificateRequest } = await x509Library();
    const csr = new Pkcs10CertificateRequest(row.csrPem);
    const leafKey = Buffer.from(leaf!.publicKey.rawData);
    if (!leafKey.equals(Buffer.from(csr.publicKey.rawData))) throw new AppError(400, "csr_mismatch");
    const ordered = await buildChain(leaf!, [
      ...bundled,
      ...(body.chain?.trim() ? await readCertificates(body.chain) : []),
    ]);
    assertCurrent(await factsOf(leaf!), deps.now());
    await deps.db.transaction((tx) => deps.events.store(tx, row, { leaf: leaf!, chain: ordered.slice(1), key: null }));
  } catch (error) {
    refused(error);
  }
}

export async function removeCertificate(db: Db, userId: number, certificateId: number): Promise<void> {
  const removed = await db
    .delete(bizCertificate)
    .where(and(eq(bizCertificate.certificateId, certificateId), eq(bizCertificate.userId, userId)))
    .returning({ id: bizCertificate.certificateId });
  if (removed.length === 0) throw new AppError(404, "certificate_not_found");
}

/** The certificate followed by its chain, as nginx's ssl_certificate and Apache take it. */
export function fullChainOf(row: CertificateRow): string {
  if (row.state !== "issued" || !row.certificatePem) throw new AppError(409, "certificate_not_issued");
  return `${row.certificatePem.trim()}\n${row.chainPem ? `${row.chainPem.trim()}\n` : ""}`;
}

/** The private key (PKCS#8 PEM), when Rampart holds it. */
export function privateKeyOf(row: CertificateRow, seal: SecretSeal): string {
  if (row.state !== "issued") throw new AppError(409, "certificate_not_issued");
  if (!row.privateKeySealed) throw new AppError(409, "certificate_no_key");
  return readPrivateKey(seal.open(row.privateKeySealed)).export({ type: "pkcs8", format: "pem" }).toString();
}

/** A PKCS#12 file of the key and the chain, under the customer's password (IIS, Tomcat, Windows). */
export async function pfxOf(row: CertificateRow, seal: SecretSeal, password: string): Promise<Buffer> {
  const key = readPrivateKey(privateKeyOf(row, seal));
  return pkcs12Of(key, await readCertificates(fullChainOf(row)), password);
}

export { pemOf };
