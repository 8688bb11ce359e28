import { formatMoney } from "@rampart/pricing";
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { bizAutoRenewalAttempt, bizBalance, bizOrder, bizService } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { PRODUCT_NAMES } from "../catalogue/document-names.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { ownerRecipient } from "../mail/owner-recipient.ts";
import { amountDue } from "../orders/balance-hold.ts";
import { payFromBalance } from "../orders/pay-from-balance.ts";

/** Who the ledger names for the renewals it pays. */
export const AUTO_RENEWAL_ACTOR = "job:auto-renewal";

/** Renewal orders tried in one run (the rest the next hour). */
const BATCH = 200;

export interface AutoRenewalDeps {
  db: Db;
  mail: MailOutbox;
  emitEvent: EmitEvent;
  log: FastifyBaseLogger;
}

/**
 * Automatic renewal (issue 41): each unpaid renewal order of a service that renews from the
 * balance is paid from it, tried once a day (the day's attempt row is the claim: another run or
 * process the same day passes it by), and so is each overage order of such a service (bandwidth
 * beyond the package, billed after its month). Paid: the order's own paid mail says so, its method
 * the balance. Short: of a renewal, the customer is told once per order how much is missing and by
 * when; an overage order's own mail has already asked for its payment. The next days try again.
 * Paying goes the one way orders are paid, so the renewal extends the service exactly once however
 * the runs overlap.
 */
export async function payRenewalsFromBalance(
  deps: AutoRenewalDeps,
  now: Date,
): Promise<{ paid: number; short: number }> {
  const day = now.toISOString().slice(0, 10);
  const tried = deps.db
    .select({ one: sql`1` })
    .from(bizAutoRenewalAttempt)
    .where(and(eq(bizAutoRenewalAttempt.orderNo, bizOrder.orderNo), eq(bizAutoRenewalAttempt.day, day)));
  const due = await deps.db
    .select({ order: bizOrder, service: bizService })
    .from(bizOrder)
    .innerJoin(bizService, eq(bizService.orderNo, bizOrder.serviceOrderNo))
    .where(
      and(
        inArray(bizOrder.action, ["renew", "overage"]),
        eq(bizOrder.status, "unpaid"),
        eq(bizService.autoRenew, true),
        notExists(tried),
      ),
    )
    .orderBy(bizOrder.createdAt)
    .limit(BATCH);
  const done = { paid: 0, short: 0 };
  for (const { order, service } of due) {
    try {
      const outcome = await tryOnce(deps, order, service, day, now);
      if (outcome === "paid") done.paid++;
      if (outcome === "short") done.short++;
    } catch (error) {
      // One order's failure never stops the others; its attempt was not recorded, so it is tried again.
      deps.log.error({ err: error, orderNo: order.orderNo }, "automatic renewal from the balance failed");
    }
  }
  return done;
}

async function tryOnce(
  deps: AutoRenewalDeps,
  order: typeof bizOrder.$inferSelect,
  service: typeof bizService.$inferSelect,
  day: string,
  now: Date,
): Promise<"paid" | "short" | "closed" | null> {
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(bizAutoRenewalAttempt)
      .values({ orderNo: order.orderNo, day, outcome: "pending", attemptedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return null;
    const paid = await payFromBalance(tx, {
      orderNo: order.orderNo,
      userId: order.userId,
      madeBy: AUTO_RENEWAL_ACTOR,
      now,
      emitEvent: deps.emitEvent,
    });
    const outcome = paid.ok ? "paid" : paid.reason === "insufficient" ? "short" : "closed";
    await tx
      .update(bizAutoRenewalAttempt)
      .set({ outcome })
      .where(and(eq(bizAutoRenewalAttempt.orderNo, order.orderNo), eq(bizAutoRenewalAttempt.day, day)));
    if (outcome !== "short" || order.action !== "renew") return outcome;
    const who = await ownerRecipient(tx, order, "/control/balance");
    if (who) {
      const [held] = await tx
        .select({ amount: bizBalance.amount })
        .from(bizBalance)
        .where(and(eq(bizBalance.userId, order.userId), eq(bizBalance.currency, order.currency)));
      await deps.mail.enqueue(tx, {
        siteId: order.siteId,
        event: "auto_renewal_short",
        language: who.language,
        to: who.to,
        timeZone: who.timeZone,
        // Once per order: the days after try again without writing again.
        key: `auto-renewal-short-${order.orderNo}`,
        values: {
          name: who.name,
          product: PRODUCT_NAMES[order.product]?.[who.language] ?? order.product,
          orderNo: order.orderNo,
          // What is still due: a part already held from the balance is not asked for again.
          amount: formatMoney(
            {
              minor: amountDue(!paid.ok && paid.reason === "insufficient" ? paid.order : order),
              currency: order.currency,
            },
            who.language,
          ),
          balance: formatMoney({ minor: held?.amount ?? 0, currency: order.currency }, who.language),
          date: { at: service.expiresAt },
          link: who.link,
        },
      });
    }
    return outcome;
  });
}
