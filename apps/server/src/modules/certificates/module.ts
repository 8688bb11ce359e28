import { defineModule } from "../../define-module.ts";
import { SecretSeal, sealingKey } from "../../secrets/sealed-secret.ts";
import { AcmeAccounts, LETS_ENCRYPT_DIRECTORY } from "./acme-accounts.ts";
import { acmeChallengeRoutes } from "./acme-challenge-routes.ts";
import { type AcmeDeps, CERTIFICATE_ISSUE_QUEUE, issueAcmeCertificate } from "./acme-orders.ts";
import { certificateDaily } from "./certificate-daily.ts";
import { CertificateEvents } from "./certificate-events.ts";
import { certificateRoutes } from "./routes.ts";
import { checkServedCertificate, checkWatch, TLS_CHECK_QUEUE } from "./tls-watches.ts";

export const CERTIFICATE_DAILY_QUEUE = "certificate-daily";

/** The CA may be slow: an issuance may take minutes (its own failures are recorded, not retried). */
const ISSUE_POLICY = { retryLimit: 2, retryDelaySeconds: 60, backoff: true, expireInSeconds: 900 };
const READ_POLICY = { retryLimit: 1, retryDelaySeconds: 600, backoff: false, expireInSeconds: 60 };
const DAILY_POLICY = { retryLimit: 0, retryDelaySeconds: 60, backoff: false, expireInSeconds: 1800 };

/**
 * Certificates: the installation's ACME account (keys sealed under their own derived key), issuing
 * at the CA, uploads, reading what endpoints serve, the daily renewals and reminders.
 */
export const certificatesModule = defineModule({
  name: "certificates",
  services: ({ db, tokenSecret, config, records, outbound, jobs, mail, now, log, emitEvent }) => {
    const seal = new SecretSeal(sealingKey(tokenSecret, "certificate-key"));
    const acme = config.acme ?? { directoryUrl: LETS_ENCRYPT_DIRECTORY, caFile: undefined, http01Port: 80 };
    const acmeDeps: AcmeDeps = {
      db,
      accounts: new AcmeAccounts({ db, seal, now }, acme),
      records,
      outbound,
      jobs,
      seal,
      mail,
      events: new CertificateEvents({ db, seal, mail, emitEvent, now, jobs }),
      now,
      log,
    };
    return { acmeDeps, http01Port: acme.http01Port };
  },
  routes: async (server, { acmeDeps, http01Port, db }) => {
    await server.register(certificateRoutes, { ...acmeDeps, http01Port });
    await server.register(acmeChallengeRoutes, { db });
  },
  jobs: [
    {
      queue: CERTIFICATE_ISSUE_QUEUE,
      policy: ISSUE_POLICY,
      run: (data: { certificateId: number }, { acmeDeps }) => issueAcmeCertificate(acmeDeps, data.certificateId),
    },
    {
      queue: TLS_CHECK_QUEUE,
      policy: READ_POLICY,
      run: async (data: { certificateId?: number; watchId?: number }, { acmeDeps }) => {
        if (data.watchId) await checkWatch(acmeDeps, data.watchId);
        if (data.certificateId) await checkServedCertificate(acmeDeps, data.certificateId);
      },
    },
    {
      queue: CERTIFICATE_DAILY_QUEUE,
      policy: DAILY_POLICY,
      run: async (_data, { acmeDeps, log }) => {
        const done = await certificateDaily(acmeDeps);
        if (done.renewals || done.reminders) log.info(done, "certificates: renewals and reminders");
      },
    },
  ],
  schedules: [{ queue: CERTIFICATE_DAILY_QUEUE, cron: "13 3 * * *" }],
});
