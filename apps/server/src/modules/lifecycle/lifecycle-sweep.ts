import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { bizOrder, bizService, bizServiceReminder, sysSite } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import type { PriceLists } from "../catalogue/price-lists.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { OrderStore } from "../orders/order-store.ts";
import { createOrder } from "../orders/service.ts";
import { moveService, type ServiceMove } from "../services/service-moves.ts";
import { type LifecycleSettings, lifecycleSettings } from "./lifecycle-settings.ts";
import { flagOverdueProvisioning } from "./provisioning-overdue.ts";
import { closeRenewals, serviceRecipient } from "./service-effects.ts";

type ServiceRow = typeof bizService.$inferSelect;

const DAY_MS = 86_400_000;
/** Services one sweep handles per step; the next sweep takes the rest. */
const SWEEP_BATCH = 200;
/** Who the history names for what the schedule did. */
export const LIFECYCLE_ACTOR = "job:service-lifecycle";

export interface LifecycleDeps {
  db: Db;
  mail: MailOutbox;
  priceLists: PriceLists;
  emitEvent: EmitEvent;
  /** Where renewal orders are written. */
  orders: OrderStore;
  log: FastifyBaseLogger;
}

/**
 * One pass over the services' lives at `now` (the job runner runs it every five minutes, once
 * across processes; running it twice changes nothing more): expired services go into grace (or end,
 * when the customer cancelled at the period's end), grace that ran out suspends, suspension that
 * ran out terminates (its unpaid renewal order closed; an operator's suspension is the operator's to end); reminders go out before expiry, once per
 * service, period and threshold; a renewal order is created once per period, priced by the engine;
 * a paid service the platform has not confirmed in time is flagged and its operators told.
 */
export async function sweepServices(deps: LifecycleDeps, now: Date): Promise<Record<string, number>> {
  const settings = await lifecycleSettings(deps.db);
  const done = { expired: 0, suspended: 0, terminated: 0, reminded: 0, renewals: 0, overdue: 0 };
  for (const service of await due(deps.db, eq(bizService.state, "active"), lte(bizService.expiresAt, now))) {
    const move: ServiceMove = service.cancelAtPeriodEnd ? "terminate" : "expire";
    const reason = service.cancelAtPeriodEnd ? "cancelled at the end of its period" : "expired unpaid";
    if (await moveAndMail(deps, service, move, reason, now)) done[move === "expire" ? "expired" : "terminated"]++;
  }
  const graceEnd = new Date(now.getTime() - settings.graceDays * DAY_MS);
  for (const service of await due(deps.db, eq(bizService.state, "grace"), lte(bizService.expiresAt, graceEnd))) {
    const reason = `unpaid ${settings.graceDays} days after expiry`;
    if (await moveAndMail(deps, service, "suspend", reason, now)) done.suspended++;
  }
  const suspensionEnd = new Date(now.getTime() - settings.terminateDays * DAY_MS);
  for (const service of await due(
    deps.db,
    eq(bizService.state, "suspended"),
    eq(bizService.operatorHold, false),
    lte(bizService.suspendedAt, suspensionEnd),
  )) {
    const reason = `suspended ${settings.terminateDays} days`;
    if (await moveAndMail(deps, service, "terminate", reason, now)) done.terminated++;
  }
  done.reminded = await remind(deps, settings, now);
  done.renewals = await createRenewals(deps, settings, now);
  done.overdue = await flagOverdueProvisioning(deps, settings.provisioningMinutes, now);
  return done;
}

async function due(db: Db, ...conditions: Parameters<typeof and>) {
  return db
    .select()
    .from(bizService)
    .where(and(...conditions))
    .orderBy(asc(bizService.expiresAt))
    .limit(SWEEP_BATCH);
}

/** A scheduled move, its history and the customer's mail in one transaction. */
async function moveAndMail(deps: LifecycleDeps, service: ServiceRow, move: ServiceMove, reason: string, now: Date) {
  const who = await serviceRecipient(deps.db, service);
  const moved = await deps.db.transaction(async (tx) => {
    const moved = await moveService(tx, service.serviceId, move, {
      reason,
      actor: LIFECYCLE_ACTOR,
      now,
      emitEvent: deps.emitEvent,
    });
    if (!moved) return false;
    if (who && (move === "suspend" || move === "terminate")) {
      await deps.mail.enqueue(tx, {
        siteId: service.siteId,
        event: move === "suspend" ? "service_suspended" : "service_terminated",
        language: who.language,
        to: who.to,
        timeZone: who.timeZone,
        values: { name: who.name, product: who.product, link: who.link },
        key: `service-${move}-${service.serviceId}-${now.getTime()}`,
      });
    }
    return true;
  });
  if (moved && move === "terminate")
    await closeRenewals(deps.db, deps.emitEvent, service, { now, by: LIFECYCLE_ACTOR });
  return moved;
}

/**
 * Reminders before expiry: for each active service, the tightest threshold it has reached (30, 7,
 * 1 days by default), once per service, period and threshold; thresholds longer than the service
 * itself (a month bought a day ago is not "30 days from expiry") are skipped, and the ones a
 * tighter reminder passed over are marked sent with it.
 */
async function remind(deps: LifecycleDeps, settings: LifecycleSettings, now: Date): Promise<number> {
  const widest = settings.reminderDays[0];
  if (!widest) return 0;
  const soon = await due(
    deps.db,
    eq(bizService.state, "active"),
    eq(bizService.cancelAtPeriodEnd, false),
    lte(bizService.expiresAt, new Date(now.getTime() + widest * DAY_MS)),
  );
  let sent = 0;
  for (const service of soon) {
    const left = service.expiresAt.getTime() - now.getTime();
    if (left <= 0) continue;
    const reached = settings.reminderDays.filter(
      (days) => left <= days * DAY_MS && service.createdAt.getTime() <= service.expiresAt.getTime() - days * DAY_MS,
    );
    const tightest = reached.at(-1);
    if (tightest === undefined) continue;
    const who = await serviceRecipient(deps.db, service);
    const mailed = await deps.db.transaction(async (tx) => {
      const taken = await tx
        .insert(bizServiceReminder)
        .values(
          reached.map((days) => ({ serviceId: service.serviceId, periodEnd: service.expiresAt, days, createdAt: now })),
        )
        .onConflictDoNothing()
        .returning({ days: bizServiceReminder.days });
      if (!taken.some((row) => row.days === tightest) || !who) return false;
      await deps.mail.enqueue(tx, {
        siteId: service.siteId,
        event: "service_expiring",
        language: who.language,
        to: who.to,
        timeZone: who.timeZone,
        values: {
          name: who.name,
          product: who.product,
          date: { at: service.expiresAt },
          days: String(Math.ceil(left / DAY_MS)),
          link: who.link,
        },
        key: `service-expiring-${service.serviceId}-${service.expiresAt.getTime()}-${tightest}`,
      });
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}

/**
 * A renewal order for each service within `renewalDays` of its expiry (or past it, in grace or
 * suspended), the same package for the same duration, priced by the engine with the site's price
 * list: once per period, whatever the number of runs or processes, through the order's idempotency
 * key (`renewal:<service>:<expiry>`). A service with an unpaid change already (the customer renewed
 * by hand) gets none; the order's own mail tells the customer how to pay.
 */
async function createRenewals(deps: LifecycleDeps, settings: LifecycleSettings, now: Date): Promise<number> {
  const candidates = await due(
    deps.db,
    inArray(bizService.state, ["active", "grace", "suspended"]),
    eq(bizService.cancelAtPeriodEnd, false),
    lte(bizService.expiresAt, new Date(now.getTime() + settings.renewalDays * DAY_MS)),
  );
  let created = 0;
  for (const service of candidates) {
    const [first] = await deps.db
      .select({ payMethod: bizOrder.payMethod, isTrial: bizOrder.isTrial, currency: sysSite.currency })
      .from(bizOrder)
      .leftJoin(sysSite, eq(sysSite.siteId, bizOrder.siteId))
      .where(eq(bizOrder.orderNo, service.orderNo));
    if (!first || first.isTrial) continue;
    const { duration } = service.configuration;
    const result = await createOrder(
      deps.orders,
      {
        product: service.product as "cdn" | "ddos" | "tcp" | "waf",
        configuration: new URLSearchParams({ duration: `${duration.unit}-${duration.count}` }).toString(),
        action: "renew",
        serviceOrderNo: service.orderNo,
        payMethod: first.payMethod as "offline" | "alipay" | "alipayGlobal",
        idempotencyKey: `renewal:${service.serviceId}:${service.expiresAt.toISOString()}`,
      },
      {
        userId: service.userId,
        siteId: service.siteId,
        agentCode: service.agentCode,
        catalogue: await deps.priceLists.forCurrency(first.currency ?? undefined),
        now,
      },
    );
    if (result.ok && result.created) created++;
    else if (!result.ok && !result.errors.some((error) => "code" in error && error.code === "service.unpaidChange"))
      deps.log.warn({ serviceId: service.serviceId, errors: result.errors }, "a renewal order could not be priced");
  }
  return created;
}
