import { CERTIFICATE_REMINDER_DAYS, CERTIFICATE_RENEW_DAYS, type ChallengeType } from "@rampart/contracts";
import { and, eq, gt, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import { bizCertificate, bizCertificateReminder, bizTlsWatch } from "../../db/schema.ts";
import { type AcmeDeps, checkAcmeOrder, openAcmeOrder } from "./acme-orders.ts";
import { mailCertificateOwner } from "./certificate-mails.ts";
import { challengeFileUrl, txtRecordName } from "./challenge-checks.ts";
import { TLS_CHECK_QUEUE } from "./tls-watches.ts";

const DAY = 86_400_000;

/**
 * Once a day (once across processes): ACME certificates within 30 days of their end get a renewal
 * order (HTTP-01 ones are checked at once: Rampart answers the CA's request for the file itself
 * when the name's /.well-known/acme-challenge/ reaches it; DNS-01 ones need the new TXT value, which
 * is mailed); renewals still waiting are checked again; every stored certificate and every watched
 * endpoint is read (a job each); reminders go out at 30, 7 and 1 days for certificates that do not
 * renew here and for what watched endpoints serve.
 */
export async function certificateDaily(
  deps: AcmeDeps,
): Promise<{ renewals: number; reads: number; reminders: number }> {
  const now = deps.now();
  const renewals = await startRenewals(deps, now);
  await recheckRenewals(deps);
  const reads = await queueReads(deps);
  const reminders = await sendReminders(deps, now);
  return { renewals, reads, reminders };
}

async function startRenewals(deps: AcmeDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select()
    .from(bizCertificate)
    .where(
      and(
        eq(bizCertificate.source, "acme"),
        eq(bizCertificate.state, "issued"),
        eq(bizCertificate.autoRenew, true),
        lte(bizCertificate.notAfter, new Date(now.getTime() + CERTIFICATE_RENEW_DAYS * DAY)),
      ),
    );
  let started = 0;
  for (const old of due) {
    // One renewal at a time: one open is not doubled, and one the CA refused is tried again after a week
    // (not every day: each try is an order at the CA and a mail).
    const [open] = await deps.db
      .select({ id: bizCertificate.certificateId })
      .from(bizCertificate)
      .where(
        and(
          eq(bizCertificate.renews, old.certificateId),
          or(
            inArray(bizCertificate.state, ["pending", "validating"]),
            and(eq(bizCertificate.state, "failed"), gt(bizCertificate.createdAt, new Date(now.getTime() - 7 * DAY))),
          ),
        ),
      );
    if (open) continue;
    try {
      const renewalId = await openAcmeOrder(
        deps,
        { userId: old.userId, siteId: old.siteId },
        { names: old.names, validation: old.validation as ChallengeType },
        old.certificateId,
      );
      started += 1;
      const { ready } = await checkAcmeOrder(deps, renewalId, null);
      if (!ready) await mailRenewalRecords(deps, renewalId);
    } catch (error) {
      deps.log.warn({ err: error, certificateId: old.certificateId }, "certificate renewal not started");
    }
  }
  return started;
}

/** What a renewal waits for (new TXT records, or new files), mailed once. */
async function mailRenewalRecords(deps: AcmeDeps, renewalId: number): Promise<void> {
  const [renewal] = await deps.db.select().from(bizCertificate).where(eq(bizCertificate.certificateId, renewalId));
  if (!renewal) return;
  await deps.db.transaction((tx) =>
    mailCertificateOwner(
      deps.mail,
      tx,
      renewal,
      "certificate_renewal_action",
      `certificate-renewal-${renewalId}`,
      () => ({
        names: renewal.names.join(", "),
        records: renewal.challenges
          .filter((challenge) => challenge.status !== "valid")
          .map((challenge) =>
            challenge.type === "dns-01"
              ? `${txtRecordName(challenge.name)}  TXT  "${challenge.keyAuthorization}"`
              : `${challengeFileUrl(challenge, deps.accounts.settings.http01Port)}  →  ${challenge.keyAuthorization}`,
          )
          .join("\n"),
      }),
    ),
  );
}

async function recheckRenewals(deps: AcmeDeps): Promise<void> {
  const waiting = await deps.db
    .select({ id: bizCertificate.certificateId })
    .from(bizCertificate)
    .where(and(eq(bizCertificate.state, "pending"), isNotNull(bizCertificate.renews)));
  for (const { id } of waiting) {
    try {
      await checkAcmeOrder(deps, id, null);
    } catch (error) {
      deps.log.warn({ err: error, certificateId: id }, "certificate renewal check failed");
    }
  }
}

async function queueReads(deps: AcmeDeps): Promise<number> {
  const certificates = await deps.db
    .select({ id: bizCertificate.certificateId })
    .from(bizCertificate)
    .where(eq(bizCertificate.state, "issued"));
  const watches = await deps.db.select({ id: bizTlsWatch.watchId }).from(bizTlsWatch);
  for (const { id } of certificates) await deps.jobs.send(TLS_CHECK_QUEUE, { certificateId: id });
  for (const { id } of watches) await deps.jobs.send(TLS_CHECK_QUEUE, { watchId: id });
  return certificates.length + watches.length;
}

/** The smallest threshold a date has crossed (of 30, 7, 1 days, or those given), or null. */
function thresholdOf(
  notAfter: Date,
  now: Date,
  thresholds: readonly number[] = CERTIFICATE_REMINDER_DAYS,
): number | null {
  const left = (notAfter.getTime() - now.getTime()) / DAY;
  if (left <= 0) return null;
  const crossed = thresholds.filter((days) => left <= days);
  return crossed.length ? Math.min(...crossed) : null;
}

async function sendReminders(deps: AcmeDeps, now: Date): Promise<number> {
  const soon = new Date(now.getTime() + Math.max(...CERTIFICATE_REMINDER_DAYS) * DAY);
  // Issued certificates ending soon that nothing has replaced yet (a renewal issued replaces one).
  const certificates = await deps.db
    .select()
    .from(bizCertificate)
    .where(
      and(
        eq(bizCertificate.state, "issued"),
        lte(bizCertificate.notAfter, soon),
        sql`not exists (select 1 from ${bizCertificate} as next
          where next.renews = ${bizCertificate.certificateId} and next.state = 'issued')`,
      ),
    );
  const watches = await deps.db.select().from(bizTlsWatch).where(lte(bizTlsWatch.notAfter, soon));
  const due = [
    ...certificates.map((c) => ({
      subject: `cert-${c.certificateId}`,
      owner: c,
      names: c.names,
      notAfter: c.notAfter!,
      // One that renews here is reminded of only when its renewal is late (7 and 1 days before its end).
      thresholds: c.autoRenew ? [7, 1] : CERTIFICATE_REMINDER_DAYS,
    })),
    ...watches.map((w) => ({
      subject: `watch-${w.watchId}`,
      owner: w,
      names: [`${w.host}:${w.port}`],
      notAfter: w.notAfter!,
      thresholds: CERTIFICATE_REMINDER_DAYS,
    })),
  ];
  let sent = 0;
  for (const item of due) {
    const days = thresholdOf(item.notAfter, now, item.thresholds);
    if (days === null) continue;
    await deps.db.transaction(async (tx) => {
      const [taken] = await tx
        .insert(bizCertificateReminder)
        .values({ subject: item.subject, notAfter: item.notAfter, days, sentAt: now })
        .onConflictDoNothing()
        .returning({ days: bizCertificateReminder.days });
      if (!taken) return;
      sent += 1;
      await mailCertificateOwner(
        deps.mail,
        tx,
        item.owner,
        "certificate_expiring",
        `certificate-expiring-${item.subject}-${item.notAfter.getTime()}-${days}`,
        () => ({
          names: item.names.join(", "),
          date: { at: item.notAfter, day: true },
          days: String(Math.max(1, Math.ceil((item.notAfter.getTime() - now.getTime()) / DAY))),
        }),
      );
    });
  }
  return sent;
}
