import type { AcmeRequestBody, CertificateCheckView } from "@rampart/contracts";
import type { Order } from "acme-client";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/client.ts";
import { bizCertificate, type StoredChallenge, sysSite, sysSiteDomain } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { JobRunner } from "../../jobs/job-runner.ts";
import type { OutboundClient } from "../../outbound/outbound-client.ts";
import type { RecordLookup } from "../../outbound/record-lookup.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { AcmeAccounts } from "./acme-accounts.ts";
import type { CertificateEvents } from "./certificate-events.ts";
import { acmeLibrary } from "./certificate-libraries.ts";
import { assertUnderCertificateLimit } from "./certificate-limit.ts";
import { certificateNames, identifierOf } from "./certificate-names.ts";
import { checkChallenges } from "./challenge-checks.ts";

export const CERTIFICATE_ISSUE_QUEUE = "certificate-issue";
/** An issuing run's claim older than this is taken to be a crashed one's (the job expires at 15 minutes). */
const CLAIM_MS = 20 * 60_000;

export { CERTIFICATE_LIMIT_SETTING } from "./certificate-limit.ts";

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

/**
 * The installation's own host names (its sites' domains, web and console domains) are the
 * provider's: no customer may ask for a certificate holding one of them.
 */
async function assertNotSiteNames(db: Db, names: string[]): Promise<void> {
  const bases = names.map(identifierOf);
  const own = new Set(
    [
      ...(await db.select({ name: sysSiteDomain.domainName }).from(sysSiteDomain)).map((row) => row.name),
      ...(await db.select({ web: sysSite.webDomain, console: sysSite.consoleDomain }).from(sysSite)).flatMap((row) => [
        row.web,
        row.console,
      ]),
    ]
      .filter(Boolean)
      .map((name) => name.toLowerCase().replace(/:\d+$/, "")),
  );
  const taken = bases.find((name) => own.has(name));
  if (taken) throw new AppError(400, "certificate_name_reserved", { value: taken });
}

/** What the CA said when it refused, in a line (its problem document's detail when it has one). */
export const caMessage = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 300);

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
  await assertNotSiteNames(deps.db, names);
  // The row is reserved first (under the customer's limit), so that a burst of requests cannot open
  // more orders at the CA than the limit allows; it goes again if the CA refuses.
  const certificateId = await deps.db.transaction(async (tx) => {
    if (renews === null) await assertUnderCertificateLimit(tx, owner.userId);
    const [row] = await tx
      .insert(bizCertificate)
      .values({
        userId: owner.userId,
        siteId: owner.siteId,
        source: "acme",
        state: "pending",
        names,
        validation: body.validation,
        keyType: "ec-p256",
        autoRenew: true,
        renews,
        createdAt: deps.now(),
      })
      .returning({ certificateId: bizCertificate.certificateId });
    return row!.certificateId;
  });
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
    await deps.db.delete(bizCertificate).where(eq(bizCertificate.certificateId, certificateId));
    if (error instanceof AppError) throw error;
    deps.log.warn({ err: error }, "ACME order refused");
    throw new AppError(502, "certificate_ca_refused", { value: caMessage(error) });
  }
  await deps.db
    .update(bizCertificate)
    .set({ acmeOrderUrl: orderUrl, challenges })
    .where(eq(bizCertificate.certificateId, certificateId));
  return certificateId;
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
  const now = deps.now();
  // Claimed first: a second run is turned away, one after a crash (a stale claim) carries on.
  const [row] = await deps.db
    .update(bizCertificate)
    .set({ issueStartedAt: now })
    .where(
      and(
        eq(bizCertificate.certificateId, certificateId),
        eq(bizCertificate.state, "validating"),
        or(
          isNull(bizCertificate.issueStartedAt),
          lt(bizCertificate.issueStartedAt, new Date(now.getTime() - CLAIM_MS)),
        ),
      ),
    )
    .returning();
  if (!row) return;
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
    let order = await client.getOrder({ url: row.acmeOrderUrl! } as Order);
    let key: string;
    if (order.status === "ready") {
      const acme = await acmeLibrary();
      // The key is kept (sealed) before the order is finalised: a run cut short after it is not lost.
      const [made, csr] = await acme.crypto.createCsr(
        { ...(row.names[0]!.length <= 64 ? { commonName: row.names[0] } : {}), altNames: row.names },
        await acme.crypto.createPrivateEcdsaKey(),
      );
      key = made.toString();
      await deps.db
        .update(bizCertificate)
        .set({ privateKeySealed: deps.seal.seal(key), challenges: row.challenges })
        .where(eq(bizCertificate.certificateId, certificateId));
      order = await client.finalizeOrder(order, csr);
    } else {
      // Finalised by a run that stopped before keeping the certificate: its key is the kept one.
      if (!row.privateKeySealed) throw new Error(`the order is ${order.status} and no key was kept for it`);
      key = deps.seal.open(row.privateKeySealed);
    }
    const pem = await client.getCertificate(await client.waitForValidStatus(order));
    await deps.events.issued(row, { pem, key, challenges: row.challenges });
  } catch (error) {
    const reason = caMessage(error);
    deps.log.warn({ err: error, certificateId }, "ACME issuance failed");
    await deps.db.transaction(async (tx: Tx) => {
      await tx
        .update(bizCertificate)
        .set({ state: "failed", lastError: reason, challenges: row.challenges, issueStartedAt: null })
        .where(eq(bizCertificate.certificateId, certificateId));
      await deps.events.failed(tx, row, reason);
    });
  }
}
