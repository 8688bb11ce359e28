import type { Language } from "@rampart/contracts";
import type { Db } from "../../db/client.ts";
import type { JobRunner, QueuePolicy } from "../../jobs/job-runner.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { accountLinkOrigin, type RequestOrigin } from "../sites/site-origin.ts";
import { requestPasswordReset } from "./password-recovery.ts";
import type { SessionDirectory } from "./sessions.ts";

export const PASSWORD_RESET_QUEUE = "password-reset-request";
/** Finding the account and writing its link and mail only touch the database: retried close together. */
export const PASSWORD_RESET_POLICY: QueuePolicy = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  backoff: true,
  retryDelayMaxSeconds: 300,
  expireInSeconds: 60,
};

type ResetDeps = { db: Db; jobs: JobRunner; mail: MailOutbox; sessions: SessionDirectory; now: () => Date };

/** A "forgot password" as it waits for its job: what was asked, where, and where its link may lead. */
export interface ResetAsked {
  account: string;
  siteId: number | null;
  language: Language;
  /** The link's origin for an account of the site asked on, and for an account of no site. */
  origins: { site: string; noSite: string };
}

/**
 * "Forgot password" answered before anything about the account is known: the request only queues
 * what was asked (the same work and the same answer whoever it names, so its timing tells nothing),
 * and a job then finds the account and writes its one-time link and mail (password-recovery.ts,
 * which renders a mail for nobody when there is none). The link's origins are taken from the
 * request as it is answered (the site's record; a request's own origin only on one of its domains),
 * both of them, so the job needs nothing of the request.
 */
export class PasswordResetRequests {
  readonly #db: Db;
  readonly #jobs: JobRunner;
  readonly #deps: ResetDeps;

  constructor(deps: ResetDeps) {
    this.#db = deps.db;
    this.#jobs = deps.jobs;
    this.#deps = deps;
  }

  /** The job of one "forgot password" (the auth module's queue). */
  async run(asked: ResetAsked, job: { id: string }): Promise<void> {
    // A customer recovers on the site asked on; an account of no site is of no site wherever asked.
    await requestPasswordReset(this.#deps, {
      account: asked.account,
      siteId: asked.siteId,
      language: asked.language,
      linkOrigin: async (siteId) => (siteId === null ? asked.origins.noSite : asked.origins.site),
      key: `password-reset-${job.id}`,
    });
  }

  /** Queues a "forgot password" asked on a site (null: none) in a language, from a request. */
  async ask(
    input: { account: string; siteId: number | null; language: Language },
    request: RequestOrigin,
  ): Promise<void> {
    const origins = {
      site: await accountLinkOrigin(this.#db, input.siteId, request),
      noSite: await accountLinkOrigin(this.#db, null, request),
    };
    const asked: ResetAsked = { ...input, origins };
    await this.#jobs.send(PASSWORD_RESET_QUEUE, asked);
  }
}
