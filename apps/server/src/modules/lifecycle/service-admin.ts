import type {
  OperatorServiceView,
  ServiceHistoryEntry,
  ServiceListQuery,
  ServiceOperatorMove,
  ServiceState,
} from "@rampart/contracts";
import { configurationToSearch } from "@rampart/pricing";
import { and, asc, eq, ilike, inArray, isNotNull, lte, type SQL } from "drizzle-orm";
import { type CountedTotal, countedRow, countUpTo } from "../../db/capped-count.ts";
import type { Db } from "../../db/client.ts";
import { likeAnywhere } from "../../db/like-pattern.ts";
import { bizOrder, bizService, bizServiceEvent, sysSite, sysUser } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { utcMinute } from "../../http/utc-minute.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { moveService, type ServiceMove } from "../services/service-moves.ts";
import { provisioningOf } from "../services/service-records.ts";
import { lifecycleSettings } from "./lifecycle-settings.ts";
import { closeRenewals, serviceRecipient } from "./service-effects.ts";

type ServiceRow = typeof bizService.$inferSelect;

const DAY_MS = 86_400_000;

export interface ServiceAdminDeps {
  db: Db;
  mail: MailOutbox;
  emitEvent: EmitEvent;
}

/** Why an operator's change did not happen: no such service in scope, its state, or its period is over. */
export type Refusal = { ok: false; reason: "missing" | "state" } | { ok: false; reason: "expired"; expiresAt: Date };
export type Outcome = { ok: true; service: ServiceRow } | Refusal;

/**
 * The services an operator may see (their site's only when bound to one), filtered, those
 * expiring soonest first, one page of them with the total and each one's waiting renewal order.
 */
export async function listServices(
  db: Db,
  query: ServiceListQuery,
  siteScope: number | null,
  now: Date,
): Promise<{ rows: OperatorServiceView[]; total: CountedTotal }> {
  const within = query.expiringWithin;
  const filters: (SQL | undefined)[] = [
    siteScope === null ? undefined : eq(bizService.siteId, siteScope),
    query.siteId === undefined ? undefined : eq(bizService.siteId, query.siteId),
    query.orderNo ? ilike(bizService.orderNo, `${query.orderNo}%`) : undefined,
    query.userName ? ilike(sysUser.userName, likeAnywhere(query.userName)) : undefined,
    query.state ? eq(bizService.state, query.state) : undefined,
    query.product ? eq(bizService.product, query.product) : undefined,
    query.provisioning === "overdue"
      ? and(eq(bizService.provisioning, "pending"), isNotNull(bizService.provisioningOverdueAt))
      : query.provisioning
        ? eq(bizService.provisioning, query.provisioning)
        : undefined,
    within === undefined
      ? undefined
      : and(
          inArray(bizService.state, ["active", "grace"]),
          lte(bizService.expiresAt, new Date(now.getTime() + within * DAY_MS)),
        ),
  ];
  const where = and(...filters);
  const offset = (query.pageNum - 1) * query.pageSize;
  const soonestFirst = [asc(bizService.expiresAt), asc(bizService.serviceId)];
  // Every service has its user (a foreign key): the user is joined before the page is chosen only
  // when a user's name filters.
  const pageIds = (
    query.userName
      ? db
          .select({ serviceId: bizService.serviceId })
          .from(bizService)
          .innerJoin(sysUser, eq(sysUser.userId, bizService.userId))
          .where(where)
      : db.select({ serviceId: bizService.serviceId }).from(bizService).where(where)
  )
    .orderBy(...soonestFirst)
    .limit(query.pageSize)
    .offset(offset);
  const matching = query.userName
    ? db.select(countedRow).from(bizService).innerJoin(sysUser, eq(sysUser.userId, bizService.userId)).where(where)
    : db.select(countedRow).from(bizService).where(where);
  const [rows, total] = await Promise.all([
    // The page's services chosen from an index alone (biz_service_expiry ends with the id), then
    // read with their users and sites: the rows skipped to reach a later page are not read.
    db
      .select({ service: bizService, userName: sysUser.userName, siteName: sysSite.company })
      .from(bizService)
      .innerJoin(sysUser, eq(sysUser.userId, bizService.userId))
      .leftJoin(sysSite, eq(sysSite.siteId, bizService.siteId))
      .where(inArray(bizService.serviceId, pageIds))
      .orderBy(...soonestFirst),
    countUpTo(db, matching.$dynamic(), offset),
  ]);
  const orderNos = rows.map((row) => row.service.orderNo);
  const renewals =
    orderNos.length === 0
      ? []
      : await db
          .select({ serviceOrderNo: bizOrder.serviceOrderNo, orderNo: bizOrder.orderNo })
          .from(bizOrder)
          .where(
            and(
              inArray(bizOrder.serviceOrderNo, orderNos),
              eq(bizOrder.status, "unpaid"),
              eq(bizOrder.action, "renew"),
              isNotNull(bizOrder.serviceOrderNo),
            ),
          );
  const renewalOf = new Map(renewals.map((row) => [row.serviceOrderNo, row.orderNo]));
  return {
    rows: rows.map(({ service, userName, siteName }) => ({
      serviceId: service.serviceId,
      orderNo: service.orderNo,
      userName,
      siteId: service.siteId,
      siteName,
      product: service.product,
      edition: service.configuration.edition,
      configuration: configurationToSearch(service.configuration).toString(),
      state: service.state as ServiceState,
      operatorHold: service.operatorHold,
      cancelAtPeriodEnd: service.cancelAtPeriodEnd,
      expiresAt: service.expiresAt.toISOString(),
      suspendedAt: service.suspendedAt?.toISOString() ?? null,
      terminatedAt: service.terminatedAt?.toISOString() ?? null,
      renewalOrderNo: renewalOf.get(service.orderNo) ?? null,
      createdAt: service.createdAt.toISOString(),
      ...provisioningOf(service),
      provisioningOverdue: service.provisioning === "pending" && service.provisioningOverdueAt !== null,
    })),
    total,
  };
}

/** A service's history, oldest first; null when it is not in the operator's scope. */
export async function serviceHistory(
  db: Db,
  serviceId: number,
  siteScope: number | null,
): Promise<ServiceHistoryEntry[] | null> {
  if (!(await inScope(db, serviceId, siteScope))) return null;
  const events = await db
    .select()
    .from(bizServiceEvent)
    .where(eq(bizServiceEvent.serviceId, serviceId))
    .orderBy(asc(bizServiceEvent.createdAt), asc(bizServiceEvent.eventId));
  return events.map((event) => ({
    fromState: event.fromState as ServiceState,
    toState: event.toState as ServiceState,
    reason: event.reason,
    actor: event.actor,
    createdAt: event.createdAt.toISOString(),
  }));
}

async function inScope(db: Db, serviceId: number, siteScope: number | null): Promise<ServiceRow | null> {
  const [service] = await db
    .select()
    .from(bizService)
    .where(and(eq(bizService.serviceId, serviceId), siteScope === null ? undefined : eq(bizService.siteId, siteScope)));
  return service ?? null;
}

/**
 * An operator suspends (an operator's hold: a paid renewal does not lift it, the schedule does not
 * terminate it), unsuspends (back to active, or to grace when the period ended within the grace
 * days; refused when it ended before) or terminates a service (its unpaid renewals closed), with a
 * reason kept in its history; the customer is mailed in their language.
 */
export async function moveByOperator(
  deps: ServiceAdminDeps,
  input: {
    serviceId: number;
    move: ServiceOperatorMove;
    reason: string;
    actor: string;
    siteScope: number | null;
    now: Date;
  },
): Promise<Outcome> {
  const { db, mail } = deps;
  const found = await inScope(db, input.serviceId, input.siteScope);
  if (!found) return { ok: false, reason: "missing" };
  let move: ServiceMove = input.move;
  if (input.move === "unsuspend") {
    if (found.state !== "suspended") return { ok: false, reason: "state" };
    if (found.expiresAt <= input.now) {
      const { graceDays } = await lifecycleSettings(db);
      if (found.expiresAt.getTime() + graceDays * DAY_MS <= input.now.getTime())
        return { ok: false, reason: "expired", expiresAt: found.expiresAt };
      move = "release";
    }
  }
  const who = await serviceRecipient(db, found);
  const moved = await db.transaction(async (tx) => {
    const done = await moveService(tx, found.serviceId, move, {
      reason: input.reason,
      actor: input.actor,
      now: input.now,
      emitEvent: deps.emitEvent,
      ...(input.move === "suspend" ? { changes: { operatorHold: true } } : {}),
    });
    if (!done || !who) return done;
    const values = { name: who.name, product: who.product, link: who.link };
    const key = `service-${input.move}-${found.serviceId}-${input.now.getTime()}`;
    const common = { siteId: found.siteId, language: who.language, to: who.to, timeZone: who.timeZone, key };
    if (input.move === "suspend") {
      await mail.enqueue(tx, { ...common, event: "service_held", values: { ...values, reason: input.reason } });
    } else if (input.move === "unsuspend") {
      const date = { at: done.service.expiresAt };
      await mail.enqueue(tx, { ...common, event: "service_resumed", values: { ...values, date } });
    } else {
      await mail.enqueue(tx, { ...common, event: "service_terminated", values });
    }
    return done;
  });
  if (!moved) return { ok: false, reason: "state" };
  if (input.move === "terminate") await closeRenewals(db, deps.emitEvent, found, { now: input.now, by: input.actor });
  return { ok: true, service: moved.service };
}

/**
 * An operator adds days to a service's period (a goodwill extension, a credit for an outage). A
 * service in grace, or suspended for want of payment, whose new expiry is ahead is active again at
 * once; an operator's hold stays. Written in its history; a terminated service is refused.
 */
export async function extendService(
  { db, emitEvent }: Pick<ServiceAdminDeps, "db" | "emitEvent">,
  input: { serviceId: number; days: number; reason: string; actor: string; siteScope: number | null; now: Date },
): Promise<Outcome> {
  const found = await inScope(db, input.serviceId, input.siteScope);
  if (!found) return { ok: false, reason: "missing" };
  return db.transaction(async (tx): Promise<Outcome> => {
    const [service] = await tx.select().from(bizService).where(eq(bizService.serviceId, found.serviceId)).for("update");
    if (!service || service.state === "terminated") return { ok: false, reason: "state" };
    const expiresAt = new Date(service.expiresAt.getTime() + input.days * DAY_MS);
    const reason = `extended ${input.days} days to ${utcMinute(expiresAt)}: ${input.reason}`;
    const history = { reason, actor: input.actor, now: input.now, changes: { expiresAt }, emitEvent };
    if (expiresAt > input.now && service.state !== "active") {
      const back = await moveService(tx, service.serviceId, "reactivate", history);
      if (back) return { ok: true, service: back.service };
    }
    const [extended] = await tx
      .update(bizService)
      .set({ expiresAt, updatedAt: input.now })
      .where(eq(bizService.serviceId, service.serviceId))
      .returning();
    await tx.insert(bizServiceEvent).values({
      serviceId: service.serviceId,
      fromState: service.state,
      toState: service.state,
      reason: reason.slice(0, 500),
      actor: input.actor.slice(0, 64),
      createdAt: input.now,
    });
    // A longer period, as a renewal gives.
    await emitEvent(tx, { type: "service.renewed", serviceId: service.serviceId });
    return { ok: true, service: extended ?? service };
  });
}
