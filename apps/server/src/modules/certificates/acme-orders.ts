import { type AcmeRequestBody, CERTIFICATES_PER_CUSTOMER, type CertificateCheckView } from "@rampart/contracts";
import acme from "acme-client";
import { and, count, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { bizCertificate, type StoredChallenge, sysConfig } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { JobRunner } from "../../jobs/job-runner.ts";
import type { OutboundClient } from "../../outbound/outbound-client.ts";
import type { RecordLookup } from "../../outbound/record-lookup.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { AcmeAccounts } from "./acme-accounts.ts";
import type { CertificateEvents } from "./certificate-events.ts";
import { certificateNames } from "./certificate-names.ts";
import { checkChallenges } from "./challenge-checks.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const CERTIFICATE_ISSUE_QUEUE = "certificate-issue";
/** System → Settings: how many certificates one customer may hold. */
export const CERTIFICATE_LIMIT_SETTING = "sys.certificate.maxPerCustomer";

export interface AcmeDeps {
  db: Db;
  accounts: AcmeAccounts;
  records: RecordLookup;
  outbound: OutboundClient;
  jobs: JobRunner;
  seal: SecretSeal;
  mail: MailOutbox;
  events: CertificateEvents;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** What the CA said when it refused, in a line (its problem document's detail when it has one). */
export const caMessage = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 300);

async function certificateLimit(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: sysConfig.configValue })
    .from(sysConfig)
    .where(eq(sysConfig.configKey, CERTIFICATE_LIMIT_SETTING));
  const n = Number(row?.value.trim());
  return Number.isInteger(n) && n >= 0 ? n : CERTIFICATES_PER_CUSTOMER;
}

/**
 * Opens an order at the CA for the names and records what proves control of each (a TXT record or
 * a file), to be put in place by the customer and then checked. Answers the new certificate's id.
 */
export async function openAcmeOrder(
  deps: AcmeDeps,
  owner: { userId: number; siteId: number | null },
  body: AcmeRequestBody,
  renews: number | null = null,
): Promise<number> {
  const names = certificateNames(body.names, body.validation);
  if (renews === null) {
    const limit = await certificateLimit(deps.db);
    const [{ n } = { n: 0 }] = await deps.db
      .select({ n: count() })
      .from(bizCertificate)
      .where(eq(bizCertificate.userId, owner.userId));
    if (n >= limit) throw new AppError(409, "certificate_limit", { value: n });
  }
  let challenges: StoredChallenge[];
  let orderUrl: string;
  try {
    const client = await deps.accounts.client();
    const order = await client.createOrder({ identifiers: names.map((value) => ({ type: "dns", value })) });
    orderUrl = order.url;
    const authorizations = await client.getAuthorizations(order);
    challenges = await Promise.all(
      authorizations.map(async (authorization) => {
        const challenge = authorization.challenges.find((c) => c.type === body.validation);
        if (!challenge)
          throw new Error(`the CA offers no ${body.validation} challenge for ${authorization.identifier.value}`);
        const name = authorization.wildcard ? `*.${authorization.identifier.value}` : authorization.identifier.value;
        return {
          name,
          type: body.validation,
          token: challenge.token,
          keyAuthorization: await client.getChallengeKeyAuthorization(challenge),
          authorizationUrl: authorization.url,
          challengeUrl: challenge.url,
          // An authorization the CA already holds as valid (reused) needs nothing more.
          status: authorization.status === "valid" ? ("valid" as const) : ("pending" as const),
        };
      }),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.log.warn({ err: error }, "ACME order refused");
    throw new AppError(502, "certificate_ca_refused", { value: caMessage(error) });
  }
  const [row] = await deps.db
    .insert(bizCertificate)
    .values({
      userId: owner.userId,
      siteId: owner.siteId,
      source: "acme",
      state: "pending",
      names,
      validation: body.validation,
      keyType: "ec-p256",
      acmeOrderUrl: orderUrl,
      challenges,
      autoRenew: true,
      renews,
      createdAt: deps.now(),
    })
    .returning({ certificateId: bizCertificate.certificateId });
  return row!.certificateId;
}

/**
 * "Check": every record is looked up first; only when all are in place is the certificate set to
 * be validated and issued (a job asks the CA). Nothing is sent to the CA otherwise.
 */
export async function checkAcmeOrder(
  deps: AcmeDeps,
  certificateId: number,
  userId: number | null,
): Promise<CertificateCheckView> {
  const [row] = await deps.db
    .select()
    .from(bizCertificate)
    .where(
      and(
        eq(bizCertificate.certificateId, certificateId),
        userId === null ? sql`true` : eq(bizCertificate.userId, userId),
      ),
    );
  if (!row) throw new AppError(404, "certificate_not_found");
  if (row.source !== "acme" || row.state !== "pending") throw new AppError(409, "certificate_not_checkable");
  const open = row.challenges.filter((challenge) => challenge.status !== "valid");
  const checks = await checkChallenges(open, {
    records: deps.records,
    outbound: deps.outbound,
    http01Port: deps.accounts.settings.http01Port,
  });
  const ready = checks.every((check) => check.ok);
  if (ready) {
    await deps.db.transaction(async (tx) => {
      const moved = await tx
        .update(bizCertificate)
        .set({ state: "validating", lastError: null })
        .where(and(eq(bizCertificate.certificateId, certificateId), eq(bizCertificate.state, row.state)))
        .returning({ id: bizCertificate.certificateId });
      if (moved.length) await deps.jobs.sendIn(tx, CERTIFICATE_ISSUE_QUEUE, { certificateId });
    });
  }
  return { ready, checks };
}

/**
 * The job that asks the CA: each challenge is answered and awaited, a new key (ECDSA P-256) and
 * its CSR are made, the order finalised and the certificate with its chain kept (the key sealed).
 * A failure is recorded and mailed; the certificate this one renews, if any, keeps serving.
 */
export async function issueAcmeCertificate(deps: AcmeDeps, certificateId: number): Promise<void> {
  const [row] = await deps.db.select().from(bizCertificate).where(eq(bizCertificate.certificateId, certificateId));
  if (row?.state !== "validating") return;
  try {
    const client = await deps.accounts.client();
    for (const challenge of row.challenges) {
      if (challenge.status === "valid") continue;
      const sent = {
        type: challenge.type,
        url: challenge.challengeUrl,
        token: challenge.token,
        status: "pending" as const,
      };
      await client.completeChallenge(sent);
      await client.waitForValidStatus(sent);
      challenge.status = "valid";
    }
    const order = await client.getOrder({ url: row.acmeOrderUrl! } as acme.Order);
    const [key, csr] = await acme.crypto.createCsr(
      { ...(row.names[0]!.length <= 64 ? { commonName: row.names[0] } : {}), altNames: row.names },
      await acme.crypto.createPrivateEcdsaKey(),
    );
    const finalized = await client.finalizeOrder(order, csr);
    const pem = await client.getCertificate(finalized);
    await deps.events.issued(row, { pem, key: key.toString(), challenges: row.challenges });
  } catch (error) {
    const reason = caMessage(error);
    deps.log.warn({ err: error, certificateId }, "ACME issuance failed");
    await deps.db.transaction(async (tx: Tx) => {
      await tx
        .update(bizCertificate)
        .set({ state: "failed", lastError: reason, challenges: row.challenges })
        .where(eq(bizCertificate.certificateId, certificateId));
      await deps.events.failed(tx, row, reason);
    });
  }
}
