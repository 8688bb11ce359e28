import { and, eq, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Job } from "pg-boss";
import { Webhook } from "standardwebhooks";
import type { Db } from "../../db/client.ts";
import { sysWebhook, sysWebhookAttempt, sysWebhookMessage } from "../../db/schema.ts";
import type { JobRunner, QueuePolicy } from "../../jobs/job-runner.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import { siteOperators } from "../users/site-operators.ts";
import type { WebhookPoster } from "./webhook-post.ts";

export const WEBHOOK_QUEUE = "webhook-delivery";
/**
 * An endpoint down or refusing: tried again with doubling waits (30 s, 1 min, … capped at 4 h),
 * fourteen times, a little over 24 hours; then the message is "failed" (replayable).
 */
export const WEBHOOK_POLICY: QueuePolicy = {
  retryLimit: 14,
  retryDelaySeconds: 30,
  backoff: true,
  retryDelayMaxSeconds: 4 * 3600,
  expireInSeconds: 60,
};
/** An endpoint that has failed every try for this long is switched off. */
const FAILING_LIMIT_MS = 24 * 3600_000;

export interface WebhookDeliveryDeps {
  db: Db;
  jobs: JobRunner;
  seal: SecretSeal;
  poster: WebhookPoster;
  mail: MailOutbox;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Delivers the platform's messages: signed as Standard Webhooks says (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature` = `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, by
 * the `standardwebhooks` library), each try written down (status, duration, the start of the
 * answer); a 2xx answer is "delivered", anything else is tried again by the policy. An endpoint
 * failing for a day is switched off and its site's operators are mailed.
 */
export class WebhookDelivery {
  readonly #deps: WebhookDeliveryDeps;

  constructor(deps: WebhookDeliveryDeps) {
    this.#deps = deps;
  }

  /** Sends a message again (from the console): pending, one more job. */
  async replay(messageId: string): Promise<void> {
    await this.#deps.db
      .update(sysWebhookMessage)
      .set({ status: "pending" })
      .where(eq(sysWebhookMessage.messageId, messageId));
    await this.#deps.jobs.send(WEBHOOK_QUEUE, { messageId });
  }

  /** The job of one message (the webhooks module's delivery queue). */
  async deliver(messageId: string, job: Job<{ messageId: string }>): Promise<void> {
    const { db, seal, poster, now } = this.#deps;
    const [row] = await db
      .select({ message: sysWebhookMessage, endpoint: sysWebhook })
      .from(sysWebhookMessage)
      .innerJoin(sysWebhook, eq(sysWebhook.webhookId, sysWebhookMessage.webhookId))
      .where(eq(sysWebhookMessage.messageId, messageId));
    if (row?.message.status !== "pending") return;
    const { message, endpoint } = row;
    if (!endpoint.enabled) {
      // Switched off meanwhile: nothing is sent; a replay sends it once the endpoint is on again.
      await db.update(sysWebhookMessage).set({ status: "failed" }).where(eq(sysWebhookMessage.messageId, messageId));
      return;
    }
    const body = JSON.stringify(message.payload);
    const sentAt = now();
    const signature = new Webhook(seal.open(endpoint.secret)).sign(messageId, sentAt, body);
    const answer = await poster.post(
      endpoint.url,
      {
        "content-type": "application/json",
        "user-agent": "Rampart-Webhooks/1",
        "webhook-id": messageId,
        "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body,
    );
    const delivered = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
    const last = job.retryCount >= WEBHOOK_POLICY.retryLimit;
    const at = now();
    await db.transaction(async (tx) => {
      await tx.insert(sysWebhookAttempt).values({
        messageId,
        statusCode: answer.statusCode,
        durationMs: answer.durationMs,
        response: answer.response,
        createdAt: at,
      });
      await tx
        .update(sysWebhookMessage)
        .set({
          attempts: message.attempts + 1,
          status: delivered ? "delivered" : last ? "failed" : "pending",
          ...(delivered ? { deliveredAt: at } : {}),
        })
        .where(eq(sysWebhookMessage.messageId, messageId));
      await tx
        .update(sysWebhook)
        .set({ failingSince: delivered ? null : (endpoint.failingSince ?? at) })
        .where(eq(sysWebhook.webhookId, endpoint.webhookId));
    });
    if (delivered) return;
    await this.#switchOffWhenFailingLong(endpoint, at);
    if (!last) throw new Error(`endpoint answered ${answer.statusCode ?? "nothing"}: ${answer.response.slice(0, 200)}`);
  }

  /**
   * An endpoint failing every try for a day is switched off (once), and its site's operators told.
   * Nothing is read unless the failures are a day old (most failed tries stop at the first line).
   */
  async #switchOffWhenFailingLong(endpoint: typeof sysWebhook.$inferSelect, at: Date): Promise<void> {
    const { db, mail } = this.#deps;
    const limit = new Date(at.getTime() - FAILING_LIMIT_MS);
    if ((endpoint.failingSince ?? at) > limit) return;
    const { webhookId } = endpoint;
    const people = await siteOperators(db, endpoint.siteId);
    const link = `${await siteOrigin(db, endpoint.siteId, null, { console: true })}/system/webhook`;
    await db.transaction(async (tx) => {
      const [off] = await tx
        .update(sysWebhook)
        .set({ enabled: false, disabledReason: "failing for 24 hours", updatedAt: at })
        .where(
          and(eq(sysWebhook.webhookId, webhookId), eq(sysWebhook.enabled, true), lte(sysWebhook.failingSince, limit)),
        )
        .returning();
      if (!off) return;
      for (const person of people) {
        await mail.enqueue(tx, {
          siteId: endpoint.siteId,
          event: "webhook_disabled",
          language: person.language,
          to: person.to,
          timeZone: person.timeZone,
          values: { name: person.name, url: endpoint.url, since: { at: off.failingSince ?? at }, link },
          key: `webhook-disabled-${webhookId}-${at.getTime()}-${person.to}`,
        });
      }
      this.#deps.log.warn({ webhookId, url: endpoint.url }, "webhook endpoint switched off after failing for a day");
    });
  }
}
