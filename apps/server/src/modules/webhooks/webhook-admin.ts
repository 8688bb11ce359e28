import { randomBytes } from "node:crypto";
import type { WebhookBody, WebhookMessageQuery, WebhookMessageView, WebhookView } from "@rampart/contracts";
import { and, asc, count, desc, eq, gte, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysSite, sysWebhook, sysWebhookAttempt, sysWebhookMessage } from "../../db/schema.ts";
import type { SecretSeal } from "../../secrets/sealed-secret.ts";

const WEEK_MS = 7 * 86_400_000;

/** A Standard Webhooks signing secret: `whsec_` and 24 random bytes in base64. */
export const newSigningSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/** An endpoint in the operator's scope: every one, or their site's only when bound to one. */
const inScope = (webhookId: number, siteScope: number | null): SQL | undefined =>
  and(eq(sysWebhook.webhookId, webhookId), siteScope === null ? undefined : eq(sysWebhook.siteId, siteScope));

/** The endpoints an operator may see, oldest first, each with its last week's messages counted. */
export async function listWebhooks(db: Db, siteScope: number | null, now: Date): Promise<WebhookView[]> {
  const rows = await db
    .select({ endpoint: sysWebhook, siteName: sysSite.company })
    .from(sysWebhook)
    .leftJoin(sysSite, eq(sysSite.siteId, sysWebhook.siteId))
    .where(siteScope === null ? undefined : eq(sysWebhook.siteId, siteScope))
    .orderBy(asc(sysWebhook.webhookId));
  const ids = rows.map((row) => row.endpoint.webhookId);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({ webhookId: sysWebhookMessage.webhookId, status: sysWebhookMessage.status, n: count() })
          .from(sysWebhookMessage)
          .where(
            and(
              inArray(sysWebhookMessage.webhookId, ids),
              gte(sysWebhookMessage.createdAt, new Date(now.getTime() - WEEK_MS)),
            ),
          )
          .groupBy(sysWebhookMessage.webhookId, sysWebhookMessage.status);
  return rows.map(({ endpoint, siteName }) => {
    const of = (status: string) =>
      counts.find((c) => c.webhookId === endpoint.webhookId && c.status === status)?.n ?? 0;
    return {
      webhookId: endpoint.webhookId,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      siteId: endpoint.siteId,
      siteName,
      enabled: endpoint.enabled,
      failingSince: endpoint.failingSince?.toISOString() ?? null,
      disabledReason: endpoint.disabledReason,
      recent: { pending: of("pending"), delivered: of("delivered"), failed: of("failed") },
      createdBy: endpoint.createdBy,
      createdAt: endpoint.createdAt.toISOString(),
    };
  });
}

/** A new endpoint (its address already checked); answers its id and its secret, shown this once. */
export async function createWebhook(
  db: Db,
  seal: SecretSeal,
  body: WebhookBody,
  actor: string,
): Promise<{ webhookId: number; secret: string }> {
  const secret = newSigningSecret();
  const [row] = await db
    .insert(sysWebhook)
    .values({
      url: body.url.trim(),
      description: body.description?.trim() ?? "",
      events: body.events,
      siteId: body.siteId,
      enabled: body.enabled ?? true,
      secret: seal.seal(secret),
      createdBy: actor,
    })
    .returning({ webhookId: sysWebhook.webhookId });
  return { webhookId: row!.webhookId, secret };
}

/** Changes an endpoint; switching it on again forgets its failures. False when not in scope. */
export async function updateWebhook(
  db: Db,
  webhookId: number,
  body: WebhookBody,
  siteScope: number | null,
  now: Date,
): Promise<boolean> {
  const on = body.enabled ?? true;
  const updated = await db
    .update(sysWebhook)
    .set({
      url: body.url.trim(),
      description: body.description?.trim() ?? "",
      events: body.events,
      siteId: body.siteId,
      enabled: on,
      ...(on ? { failingSince: null, disabledReason: null } : {}),
      updatedAt: now,
    })
    .where(inScope(webhookId, siteScope))
    .returning({ webhookId: sysWebhook.webhookId });
  return updated.length > 0;
}

export async function removeWebhook(db: Db, webhookId: number, siteScope: number | null): Promise<boolean> {
  const removed = await db
    .delete(sysWebhook)
    .where(inScope(webhookId, siteScope))
    .returning({ webhookId: sysWebhook.webhookId });
  return removed.length > 0;
}

/** A new secret for an endpoint (the old one stops signing at once); shown this once. Null when not in scope. */
export async function rollSecret(
  db: Db,
  seal: SecretSeal,
  webhookId: number,
  siteScope: number | null,
  now: Date,
): Promise<string | null> {
  const secret = newSigningSecret();
  const rolled = await db
    .update(sysWebhook)
    .set({ secret: seal.seal(secret), updatedAt: now })
    .where(inScope(webhookId, siteScope))
    .returning({ webhookId: sysWebhook.webhookId });
  return rolled.length > 0 ? secret : null;
}

/** An endpoint's messages, newest first, each with its tries; null when the endpoint is not in scope. */
export async function listMessages(
  db: Db,
  webhookId: number,
  query: WebhookMessageQuery,
  siteScope: number | null,
): Promise<{ rows: WebhookMessageView[]; total: number } | null> {
  const [endpoint] = await db
    .select({ webhookId: sysWebhook.webhookId })
    .from(sysWebhook)
    .where(inScope(webhookId, siteScope));
  if (!endpoint) return null;
  const where = and(
    eq(sysWebhookMessage.webhookId, webhookId),
    query.status ? eq(sysWebhookMessage.status, query.status) : undefined,
  );
  const [messages, totals] = await Promise.all([
    db
      .select()
      .from(sysWebhookMessage)
      .where(where)
      .orderBy(desc(sysWebhookMessage.createdAt), desc(sysWebhookMessage.messageId))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ total: count() }).from(sysWebhookMessage).where(where),
  ]);
  const ids = messages.map((m) => m.messageId);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(sysWebhookAttempt)
          .where(inArray(sysWebhookAttempt.messageId, ids))
          .orderBy(asc(sysWebhookAttempt.createdAt), asc(sysWebhookAttempt.attemptId));
  return {
    rows: messages.map((m) => ({
      messageId: m.messageId,
      eventType: m.eventType,
      status: m.status as WebhookMessageView["status"],
      attempts: attempts
        .filter((a) => a.messageId === m.messageId)
        .map((a) => ({
          statusCode: a.statusCode,
          durationMs: a.durationMs,
          response: a.response,
          createdAt: a.createdAt.toISOString(),
        })),
      payload: JSON.stringify(m.payload),
      createdAt: m.createdAt.toISOString(),
      deliveredAt: m.deliveredAt?.toISOString() ?? null,
    })),
    total: totals[0]?.total ?? 0,
  };
}

/** Whether a message belongs to an endpoint in the operator's scope (before a replay). */
export async function messageInScope(db: Db, messageId: string, siteScope: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: sysWebhookMessage.messageId })
    .from(sysWebhookMessage)
    .innerJoin(sysWebhook, eq(sysWebhook.webhookId, sysWebhookMessage.webhookId))
    .where(
      and(
        eq(sysWebhookMessage.messageId, messageId),
        siteScope === null ? undefined : eq(sysWebhook.siteId, siteScope),
      ),
    );
  return Boolean(row);
}
