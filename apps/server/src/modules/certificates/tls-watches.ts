import type { TlsWatchBody, TlsWatchView } from "@rampart/contracts";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { parse } from "tldts";
import type { Db } from "../../db/client.ts";
import { bizCertificate, bizTlsWatch } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { JobRunner } from "../../jobs/job-runner.ts";
import type { OutboundClient } from "../../outbound/outbound-client.ts";
import { identifierOf } from "./certificate-names.ts";

export const TLS_CHECK_QUEUE = "tls-check";
/** Endpoints one customer may watch (each is read once a day, and at once when added). */
export const TLS_WATCHES_PER_CUSTOMER = 20;

export interface WatchDeps {
  db: Db;
  outbound: OutboundClient;
  jobs: JobRunner;
  now: () => Date;
}

type WatchRow = typeof bizTlsWatch.$inferSelect;

const view = (row: WatchRow, certificateId: number | null): TlsWatchView => ({
  watchId: row.watchId,
  host: row.host,
  port: row.port,
  checkedAt: row.checkedAt?.toISOString() ?? null,
  subject: row.subject,
  issuer: row.issuer,
  names: row.names,
  notAfter: row.notAfter?.toISOString() ?? null,
  trusted: row.trusted,
  error: row.error,
  certificateId,
});

/** The customer's watched endpoints, each with the stored certificate it serves, if any. */
export async function listWatches(db: Db, userId: number): Promise<TlsWatchView[]> {
  const rows = await db
    .select()
    .from(bizTlsWatch)
    .where(eq(bizTlsWatch.userId, userId))
    .orderBy(desc(bizTlsWatch.watchId));
  const stored = await db
    .select({ certificateId: bizCertificate.certificateId, fingerprint: bizCertificate.fingerprint })
    .from(bizCertificate)
    .where(eq(bizCertificate.userId, userId));
  return rows.map((row) =>
    view(row, stored.find((c) => c.fingerprint && c.fingerprint === row.fingerprint)?.certificateId ?? null),
  );
}

/** A host (name or address) and port to watch: on the internet only; read at once, then daily. */
export async function addWatch(
  deps: WatchDeps,
  owner: { userId: number; siteId: number | null },
  body: TlsWatchBody,
): Promise<number> {
  const host = body.host.trim().toLowerCase().replace(/\.$/, "");
  const parsed = parse(host, { validateHostname: true });
  if (!parsed.hostname || (!parsed.isIp && !parsed.domain))
    throw new AppError(400, "certificate_name_invalid", { value: body.host });
  const problem = await deps.outbound.checkHost(host);
  if (problem)
    throw new AppError(
      400,
      problem.problem === "address_private" ? "outbound_address_private" : "outbound_name_unresolved",
      {
        value: problem.value,
      },
    );
  return deps.db.transaction(async (tx) => {
    // One customer's endpoints are added one at a time, within the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tls-watch-limit'), ${owner.userId})`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(bizTlsWatch)
      .where(eq(bizTlsWatch.userId, owner.userId));
    if (n >= TLS_WATCHES_PER_CUSTOMER) throw new AppError(409, "tls_watch_limit", { value: n });
    const [row] = await tx
      .insert(bizTlsWatch)
      .values({ ...owner, host, port: body.port, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ watchId: bizTlsWatch.watchId });
    if (!row) throw new AppError(409, "tls_watch_taken", { value: `${host}:${body.port}` });
    await deps.jobs.sendIn(tx, TLS_CHECK_QUEUE, { watchId: row.watchId });
    return row.watchId;
  });
}

export async function removeWatch(db: Db, userId: number, watchId: number): Promise<void> {
  const removed = await db
    .delete(bizTlsWatch)
    .where(and(eq(bizTlsWatch.watchId, watchId), eq(bizTlsWatch.userId, userId)))
    .returning({ id: bizTlsWatch.watchId });
  if (removed.length === 0) throw new AppError(404, "tls_watch_not_found");
}

/** Reads the certificate a watched endpoint serves (SNI: its host) and keeps what it found. */
export async function checkWatch(deps: { db: Db; outbound: OutboundClient; now: () => Date }, watchId: number) {
  const [row] = await deps.db.select().from(bizTlsWatch).where(eq(bizTlsWatch.watchId, watchId));
  if (!row) return;
  const { certificate, failure } = await deps.outbound.servedCertificate(row.host, row.port);
  await deps.db
    .update(bizTlsWatch)
    .set(
      certificate
        ? {
            checkedAt: deps.now(),
            subject: certificate.subject.slice(0, 300),
            issuer: certificate.issuer.slice(0, 300),
            names: certificate.names.slice(0, 100),
            notAfter: certificate.validTo,
            fingerprint: certificate.fingerprint256,
            trusted: certificate.authorized,
            error: certificate.authorized ? null : (certificate.authorizationError ?? "").slice(0, 100),
          }
        : { checkedAt: deps.now(), error: failure },
    )
    .where(eq(bizTlsWatch.watchId, watchId));
}

/**
 * Reads what a stored certificate's first name serves on port 443 and whether it is this
 * certificate (a mismatch means the site still serves another, or an old one).
 */
export async function checkServedCertificate(
  deps: { db: Db; outbound: OutboundClient; now: () => Date },
  certificateId: number,
) {
  const [row] = await deps.db.select().from(bizCertificate).where(eq(bizCertificate.certificateId, certificateId));
  if (row?.state !== "issued" || row.names.length === 0) return;
  const host = identifierOf(row.names.find((name) => !name.startsWith("*.")) ?? row.names[0]!);
  const { certificate, failure } = await deps.outbound.servedCertificate(host, 443);
  await deps.db
    .update(bizCertificate)
    .set({
      servedCheckedAt: deps.now(),
      servedNotAfter: certificate?.validTo ?? null,
      servedMatches: certificate ? certificate.fingerprint256 === row.fingerprint : null,
      servedError: failure,
    })
    .where(eq(bizCertificate.certificateId, certificateId));
}
