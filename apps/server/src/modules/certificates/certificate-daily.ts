import { CERTIFICATE_REMINDER_DAYS, CERTIFICATE_RENEW_DAYS, type ChallengeType } from "@rampart/contracts";
import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { bizCertificate, bizCertificateReminder, bizTlsWatch } from "../../db/schema.ts";
import { type AcmeDeps, checkAcmeOrder, openAcmeOrder } from "./acme-orders.ts";
import { mailCertificateOwner, mailDate } from "./certificate-mails.ts";
import { txtRecordName } from "./challenge-checks.ts";
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
    // One renewal at a time: one already open (or failed, waiting for the customer) is not doubled.
    const [open] = await deps.db
      .select({ id: bizCertificate.certificateId })
      .from(bizCertificate)
      .where(
        and(eq(bizCertificate.renews, old.certificateId), inArray(bizCertificate.state, ["pending", "validating"])),
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
      if (!ready && old.validation === "dns-01") await mailRenewalRecords(deps, renewalId);
    } catch (error) {
      deps.log.warn({ err: error, certificateId: old.certificateId }, "certificate renewal not started");
    }
  }
  return started;
}

/** The TXT records a DNS-01 renewal waits for, mailed once. */
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
          .map((challenge) => `${txtRecordName(challenge.name)}  TXT  "${challenge.keyAuthorization}"`)
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

/** The smallest threshold a date has crossed (30, 7, 1 days), or null. */
function thresholdOf(notAfter: Date, now: Date): number | null {
  const left = (notAfter.getTime() - now.getTime()) / DAY;
  if (left <= 0) return null;
  const crossed = CERTIFICATE_REMINDER_DAYS.filter((days) => left <= days);
  return crossed.length ? Math.min(...crossed) : null;
}

async function sendReminders(deps: AcmeDeps, now: Date): Promise<number> {
  const soon = new Date(now.getTime() + Math.max(...CERTIFICATE_REMINDER_DAYS) * DAY);
  const certificates = await deps.db
    .select()
    .from(bizCertificate)
    .where(
      and(eq(bizCertificate.state, "issued"), eq(bizCertificate.autoRenew, false), lte(bizCertificate.notAfter, soon)),
    );
  const watches = await deps.db.select().from(bizTlsWatch).where(lte(bizTlsWatch.notAfter, soon));
  const due = [
    ...certificates
      // A certificate that a renewal replaced needs no reminder.
      .filter((c) => c.source !== "acme" || c.renews === null)
      .map((c) => ({ subject: `cert-${c.certificateId}`, owner: c, names: c.names, notAfter: c.notAfter! })),
    ...watches.map((w) => ({
      subject: `watch-${w.watchId}`,
      owner: w,
      names: [`${w.host}:${w.port}`],
      notAfter: w.notAfter!,
    })),
  ];
  let sent = 0;
  for (const item of due) {
    const days = thresholdOf(item.notAfter, now);
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
          date: mailDate(item.notAfter),
          days: String(Math.max(1, Math.ceil((item.notAfter.getTime() - now.getTime()) / DAY))),
        }),
      );
    });
  }
  return sent;
}
