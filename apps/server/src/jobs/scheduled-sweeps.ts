import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { removeExpiredTokens } from "../modules/auth/user-tokens.ts";
import type { PriceLists } from "../modules/catalogue/price-lists.ts";
import { sweepUnreferencedUploads } from "../modules/files/unreferenced-uploads.ts";
import { sweepServices } from "../modules/lifecycle/lifecycle-sweep.ts";
import type { MailOutbox } from "../modules/mail/outbox.ts";
import type { PaymentChannels } from "../modules/payments/payment-channel.ts";
import type { OrderEvents } from "../modules/services/lifecycle-events.ts";
import { closeStaleOrders } from "./close-unpaid-orders.ts";
import type { JobRunner, QueuePolicy } from "./job-runner.ts";

export const CLOSE_UNPAID_ORDERS = "close-unpaid-orders";
export const SWEEP_UNREFERENCED_UPLOADS = "sweep-unreferenced-uploads";
export const SERVICE_LIFECYCLE = "service-lifecycle";
export const SWEEP_EXPIRED_TOKENS = "sweep-expired-tokens";

/** A sweep that fails is not retried: the next occurrence does the same work. */
const SWEEP_POLICY: QueuePolicy = { retryLimit: 0, retryDelaySeconds: 60, backoff: false, expireInSeconds: 600 };

/**
 * The housekeeping that runs on a schedule, once per occurrence however many processes run
 * (the job runner's cron): unpaid orders close after their time (every minute; an online order's
 * channel is asked first), services move through their lives (reminders, renewal orders, grace,
 * suspension, termination: every five minutes), uploads nothing refers to are removed (every
 * hour), and so are one-time tokens a week past their expiry (daily).
 */
export function scheduleSweeps(
  jobs: JobRunner,
  deps: {
    db: Db;
    now: () => Date;
    log: FastifyBaseLogger;
    unpaidOrderTtlMs: number;
    payments: PaymentChannels;
    events: OrderEvents;
    mail: MailOutbox;
    priceLists: PriceLists;
  },
): void {
  jobs.define(CLOSE_UNPAID_ORDERS, SWEEP_POLICY, async () => {
    const closed = await closeStaleOrders(
      deps.db,
      deps.now(),
      deps.unpaidOrderTtlMs,
      deps.payments,
      deps.log,
      deps.events,
    );
    if (closed > 0) deps.log.info({ closed }, "closed unpaid orders");
  });
  jobs.schedule(CLOSE_UNPAID_ORDERS, "* * * * *");
  jobs.define(SWEEP_UNREFERENCED_UPLOADS, SWEEP_POLICY, async () => {
    const removed = await sweepUnreferencedUploads(deps.db, deps.now());
    if (removed > 0) deps.log.info({ removed }, "removed uploads nothing refers to");
  });
  jobs.schedule(SWEEP_UNREFERENCED_UPLOADS, "17 * * * *");
  jobs.define(SERVICE_LIFECYCLE, SWEEP_POLICY, async () => {
    const done = await sweepServices(deps, deps.now());
    if (Object.values(done).some((n) => n > 0)) deps.log.info(done, "service lifecycle");
  });
  jobs.schedule(SERVICE_LIFECYCLE, "*/5 * * * *");
  jobs.define(SWEEP_EXPIRED_TOKENS, SWEEP_POLICY, async () => {
    const removed = await removeExpiredTokens(deps.db, deps.now());
    if (removed > 0) deps.log.info({ removed }, "removed expired one-time tokens");
  });
  jobs.schedule(SWEEP_EXPIRED_TOKENS, "43 3 * * *");
}
