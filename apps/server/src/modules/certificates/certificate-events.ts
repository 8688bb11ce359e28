import type * as x509 from "@peculiar/x509";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizCertificate, type StoredChallenge } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import type { JobRunner } from "../../jobs/job-runner.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { factsOf, pemOf, readCertificates } from "./certificate-files.ts";
import { mailCertificateOwner } from "./certificate-mails.ts";
import { TLS_CHECK_QUEUE } from "./tls-watches.ts";

type CertificateRow = typeof bizCertificate.$inferSelect;

/**
 * What follows a certificate's issue or failure, in one transaction with it: the certificate kept
 * (its key sealed), the platform told (certificate.issued, or certificate.renewed for a renewal) so
 * that it deploys it, the customer mailed.
 */
export class CertificateEvents {
  readonly #db: Db;
  readonly #seal: SecretSeal;
  readonly #mail: MailOutbox;
  readonly #emitEvent: EmitEvent | null;
  readonly #now: () => Date;
  readonly #jobs: JobRunner | null;

  constructor(deps: {
    db: Db;
    seal: SecretSeal;
    mail: MailOutbox;
    /** Announces an issued certificate (the platform deploys it); none in tests of the ACME exchange alone. */
    emitEvent?: EmitEvent;
    now: () => Date;
    /** Reads what the first name serves as soon as the certificate is kept (then daily). */
    jobs?: JobRunner;
  }) {
    this.#jobs = deps.jobs ?? null;
    this.#db = deps.db;
    this.#seal = deps.seal;
    this.#mail = deps.mail;
    this.#emitEvent = deps.emitEvent ?? null;
    this.#now = deps.now;
  }

  /** An ACME certificate issued: its chain and key kept, the renewed one no longer renewed. */
  async issued(
    row: CertificateRow,
    issued: { pem: string; key: string; challenges: StoredChallenge[] },
  ): Promise<void> {
    const [leaf, ...chain] = await readCertificates(issued.pem);
    await this.#db.transaction(async (tx) => {
      await this.store(tx, row, { leaf: leaf!, chain, key: issued.key, extra: { challenges: issued.challenges } });
      if (row.renews !== null) {
        await tx.update(bizCertificate).set({ autoRenew: false }).where(eq(bizCertificate.certificateId, row.renews));
      }
    });
  }

  /** A certificate (and its key, when Rampart has it) kept as issued, announced and mailed. */
  async store(
    tx: Tx,
    row: Pick<CertificateRow, "certificateId" | "userId" | "siteId" | "renews">,
    certificate: { leaf: x509.X509Certificate; chain: x509.X509Certificate[]; key: string | null; extra?: object },
  ): Promise<void> {
    const facts = await factsOf(certificate.leaf);
    await tx
      .update(bizCertificate)
      .set({
        state: "issued",
        names: facts.names,
        keyType: facts.keyType,
        certificatePem: pemOf([certificate.leaf]),
        chainPem: certificate.chain.length ? pemOf(certificate.chain) : null,
        ...(certificate.key ? { privateKeySealed: this.#seal.seal(certificate.key) } : {}),
        issuer: facts.issuer.slice(0, 300),
        serialNumber: facts.serialNumber.slice(0, 80),
        fingerprint: facts.fingerprint,
        notBefore: facts.notBefore,
        notAfter: facts.notAfter,
        issuedAt: this.#now(),
        lastError: null,
        ...certificate.extra,
      })
      .where(eq(bizCertificate.certificateId, row.certificateId));
    await this.#emitEvent?.(tx, {
      type: row.renews === null ? "certificate.issued" : "certificate.renewed",
      certificateId: row.certificateId,
    });
    await this.#jobs?.sendIn(tx, TLS_CHECK_QUEUE, { certificateId: row.certificateId });
    await mailCertificateOwner(
      this.#mail,
      tx,
      row,
      "certificate_issued",
      `certificate-issued-${row.certificateId}`,
      () => ({
        names: facts.names.join(", "),
        date: { at: facts.notAfter, day: true },
      }),
    );
  }

  /** The CA did not issue: the customer is told why. */
  async failed(tx: Tx, row: CertificateRow, reason: string): Promise<void> {
    await mailCertificateOwner(
      this.#mail,
      tx,
      row,
      "certificate_failed",
      `certificate-failed-${row.certificateId}-${this.#now().getTime()}`,
      () => ({ names: row.names.join(", "), reason }),
    );
  }
}
