import type { JobRunner, QueuePolicy } from "../../jobs/job-runner.ts";
import { type AcmeDeps, CERTIFICATE_ISSUE_QUEUE, issueAcmeCertificate } from "./acme-orders.ts";
import { certificateDaily } from "./certificate-daily.ts";
import { checkServedCertificate, checkWatch, TLS_CHECK_QUEUE } from "./tls-watches.ts";

export const CERTIFICATE_DAILY_QUEUE = "certificate-daily";

/** The CA may be slow: an issuance may take minutes (its own failures are recorded, not retried). */
const ISSUE_POLICY: QueuePolicy = { retryLimit: 2, retryDelaySeconds: 60, backoff: true, expireInSeconds: 900 };
const READ_POLICY: QueuePolicy = { retryLimit: 1, retryDelaySeconds: 600, backoff: false, expireInSeconds: 60 };
const SWEEP_POLICY: QueuePolicy = { retryLimit: 0, retryDelaySeconds: 60, backoff: false, expireInSeconds: 1800 };

/** Certificates' jobs: issuing at the CA, reading what endpoints serve, the daily renewals and reminders. */
export function defineCertificateJobs(jobs: JobRunner, deps: AcmeDeps): void {
  jobs.define<{ certificateId: number }>(CERTIFICATE_ISSUE_QUEUE, ISSUE_POLICY, (data) =>
    issueAcmeCertificate(deps, data.certificateId),
  );
  jobs.define<{ certificateId?: number; watchId?: number }>(TLS_CHECK_QUEUE, READ_POLICY, async (data) => {
    if (data.watchId) await checkWatch(deps, data.watchId);
    if (data.certificateId) await checkServedCertificate(deps, data.certificateId);
  });
  jobs.define(CERTIFICATE_DAILY_QUEUE, SWEEP_POLICY, async () => {
    const done = await certificateDaily(deps);
    if (done.renewals || done.reminders) deps.log.info(done, "certificates: renewals and reminders");
  });
  jobs.schedule(CERTIFICATE_DAILY_QUEUE, "13 3 * * *");
}
