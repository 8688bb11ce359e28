import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizService, bizServiceEvent } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { lockService } from "./service-records.ts";

type ServiceRow = typeof bizService.$inferSelect;

/** A service's states: active → grace (expired, still served) → suspended → terminated. */
export type ServiceState = "active" | "grace" | "suspended" | "terminated";

/** The states each move leaves (a move from any other state does not happen). */
export const MOVES = {
  expire: { from: ["active"], to: "grace" },
  suspend: { from: ["active", "grace"], to: "suspended" },
  unsuspend: { from: ["suspended"], to: "active" },
  /** Unsuspended within the grace period after expiry: served, and suspended again if left unpaid. */
  release: { from: ["suspended"], to: "grace" },
  terminate: { from: ["active", "grace", "suspended"], to: "terminated" },
  reactivate: { from: ["grace", "suspended"], to: "active" },
} as const satisfies Record<string, { from: readonly ServiceState[]; to: ServiceState }>;

export type ServiceMove = keyof typeof MOVES;

/**
 * Moves a service, in the caller's transaction, from one of the move's states to its state; its
 * UPDATE names the states it leaves, so two concurrent moves cannot both happen. Writes the move
 * in the service's history (from, to, why, who). Answers the service as moved, or null when it
 * was in no state the move leaves.
 */
export async function moveService(
  tx: Tx,
  serviceId: number,
  move: ServiceMove,
  input: {
    reason: string;
    actor: string;
    now: Date;
    changes?: Partial<typeof bizService.$inferInsert>;
    /** The platform hears of a suspension, its end and a termination (not of grace: still served). */
    emitEvent?: EmitEvent | undefined;
  },
): Promise<{ before: ServiceState; service: ServiceRow } | null> {
  const { from, to } = MOVES[move];
  // A paid renewal does not lift an operator's suspension (the period is extended all the same).
  const which = and(
    eq(bizService.serviceId, serviceId),
    inArray(bizService.state, [...from]),
    move === "reactivate" ? eq(bizService.operatorHold, false) : undefined,
  );
  const [before] = await tx.select({ state: bizService.state }).from(bizService).where(which).for("update");
  if (!before) return null;
  const stamps =
    to === "suspended"
      ? { suspendedAt: input.now }
      : to === "terminated"
        ? { terminatedAt: input.now }
        : to === "active" || to === "grace"
          ? { suspendedAt: null, operatorHold: false }
          : {};
  const [service] = await tx
    .update(bizService)
    .set({ state: to, ...stamps, ...input.changes, updatedAt: input.now })
    .where(which)
    .returning();
  if (!service) return null;
  await tx.insert(bizServiceEvent).values({
    serviceId,
    fromState: before.state,
    toState: to,
    reason: input.reason.slice(0, 500),
    actor: input.actor.slice(0, 64),
    createdAt: input.now,
  });
  const heard =
    to === "suspended"
      ? "suspended"
      : to === "terminated"
        ? "terminated"
        : before.state === "suspended"
          ? "unsuspended"
          : null;
  if (heard) await input.emitEvent?.(tx, { type: `service.${heard}`, serviceId });
  return { before: before.state as ServiceState, service };
}

/**
 * The customer's "stop at the end of the period" (or its undoing) on their own active or grace
 * service, written in its history. No renewal order is created for it meanwhile (one already
 * created stays payable: paying it renews as usual).
 */
export async function setCancelAtPeriodEnd(
  db: Db,
  input: { orderNo: string; userId: number; cancel: boolean; actor: string; now: Date },
): Promise<"done" | "missing" | "state"> {
  return setOwnChoice(db, input, {
    cancelAtPeriodEnd: input.cancel,
    reason: input.cancel ? "to stop at the end of its period" : "to renew again",
  });
}

/**
 * The customer's choice that their service's renewal orders are paid from their balance (issue
 * 41), on their own active or grace service, written in its history.
 */
export async function setAutoRenew(
  db: Db,
  input: { orderNo: string; userId: number; autoRenew: boolean; actor: string; now: Date },
): Promise<"done" | "missing" | "state"> {
  return setOwnChoice(db, input, {
    autoRenew: input.autoRenew,
    reason: input.autoRenew ? "to renew from the balance" : "to renew by hand",
  });
}

/** A customer's choice about their own active or grace service (one flag), written in its history once it changes. */
async function setOwnChoice(
  db: Db,
  input: { orderNo: string; userId: number; actor: string; now: Date },
  choice: ({ cancelAtPeriodEnd: boolean } | { autoRenew: boolean }) & { reason: string },
): Promise<"done" | "missing" | "state"> {
  const { reason, ...flag } = choice;
  return db.transaction(async (tx) => {
    const service = await lockService(tx, input.orderNo, input.userId);
    if (!service) return "missing";
    if (service.state !== "active" && service.state !== "grace") return "state";
    const [[name, value]] = Object.entries(flag) as [["cancelAtPeriodEnd" | "autoRenew", boolean]];
    if (service[name] === value) return "done";
    await tx
      .update(bizService)
      .set({ ...flag, updatedAt: input.now })
      .where(eq(bizService.serviceId, service.serviceId));
    await tx.insert(bizServiceEvent).values({
      serviceId: service.serviceId,
      fromState: service.state,
      toState: service.state,
      reason,
      actor: input.actor.slice(0, 64),
      createdAt: input.now,
    });
    return "done";
  });
}
