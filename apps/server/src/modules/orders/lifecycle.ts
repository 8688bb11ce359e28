import type { PurchaseConfiguration } from "@rampart/pricing";
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizCoupon, bizCouponUse, bizOrder, bizService, bizServiceDowngrade } from "../../db/schema.ts";
import type { EmitEvent, OrderEventType } from "../../events/app-events.ts";
import { releaseHeldPart } from "../balance/held-parts.ts";
import { refundToBalance } from "../balance/order-refund-entries.ts";
import { creditTopUp, takeBackTopUp } from "../balance/top-up-entries.ts";
import { issueCreditNote, issueInvoice } from "../invoices/issue-invoices.ts";
import { moveService } from "../services/service-moves.ts";
import { addDuration, lockService } from "../services/service-records.ts";
import { creditedSincePaid } from "./downgrade.ts";
import { orderEvents } from "./order-snapshots.ts";

/**
 * An order's states and the only moves between them:
 *   unpaid → paid (a verified payment or an operator's confirmation)
 *   unpaid → closed (the customer cancels, an operator closes it, or it closes itself; a part held
 *     from the balance goes back to it)
 *   paid → refunded (an operator; a top-up only while its balance still covers it; to the
 *     customer's balance when it was paid from there, or when the operator chose it; a part paid
 *     from the balance always goes back there)
 * Each move is one transaction whose UPDATE names the state it leaves, so that two concurrent
 * moves of the same order cannot both happen; a move from any other state is a conflict (409).
 */
export type Transition = "pay" | "close" | "refund";

type OrderRow = typeof bizOrder.$inferSelect;

export type TransitionResult =
  | { ok: true; order: OrderRow }
  | { ok: false; reason: "missing" | "conflict" }
  /** A top-up whose credit was spent from the balance meanwhile: not refunded, nothing changed. */
  | { ok: false; reason: "spent"; balance: number }
  /** A refund of an order whose package was downgraded since it was paid (downgrade.ts): nothing changed. */
  | { ok: false; reason: "downgraded" };

/** Thrown inside a refund's transaction to undo it: a downgrade gave part of the order back meanwhile. */
class DowngradedSincePaid extends Error {}

/** Thrown inside a refund's transaction to undo it: the top-up's credit is no longer in the balance. */
class TopUpSpent extends Error {
  readonly balance: number;
  constructor(balance: number) {
    super("the top-up was spent from the balance");
    this.balance = balance;
  }
}

export interface TransitionInput {
  orderNo: string;
  now: Date;
  /** Who moved it by hand (an operator's user name), with their note; absent for the machine. */
  by?: string | undefined;
  note?: string | undefined;
  /** Only this customer's order (a customer cancelling their own). */
  userId?: number | undefined;
  /** Only an order of this site (an operator bound to a site); null or absent: any. */
  siteId?: number | null | undefined;
  /** The channel's trade number, when a payment proves it. */
  tradeNo?: string | undefined;
  /**
   * A channel was paid the whole amount of an order that had a part held from the balance (a
   * cashier opened before the part was held): the part goes back to the balance.
   */
  wholeByChannel?: boolean | undefined;
  /** The channel that took the money (an order's method follows the channel that was paid). */
  payMethod?: "alipay" | "alipayGlobal" | "balance" | undefined;
  /**
   * Where a refund's money goes: back through the channel (the route has asked it), or to the
   * customer's balance. An order paid from the balance always goes back to it; a top-up never does.
   */
  refundTo?: "channel" | "balance" | undefined;
  /** Announces the move in its transaction (the customer's receipt, refund or closing mail; the platform). */
  emitEvent?: EmitEvent | undefined;
}

/** The state each move leaves. */
export const MOVE_FROM: Record<Transition, string> = { pay: "unpaid", close: "unpaid", refund: "paid" };

const MOVE_EVENT: Record<Transition, OrderEventType> = {
  pay: "order.paid",
  close: "order.closed",
  refund: "order.refunded",
};

/**
 * The only way an order's state changes (placing writes it unpaid: order-store.ts). In the caller's
 * transaction when given one (a free trial is placed, then paid, in one), else in its own.
 */
export async function transitionOrder(
  db: Db | Tx,
  move: Transition,
  input: TransitionInput,
): Promise<TransitionResult> {
  try {
    return await moveOrder(db, move, input);
  } catch (error) {
    if (error instanceof TopUpSpent) return { ok: false, reason: "spent", balance: error.balance };
    if (error instanceof DowngradedSincePaid) return { ok: false, reason: "downgraded" };
    throw error;
  }
}

async function moveOrder(db: Db | Tx, move: Transition, input: TransitionInput): Promise<TransitionResult> {
  return (db as Db).transaction(async (tx) => {
    const where = and(
      eq(bizOrder.orderNo, input.orderNo),
      eq(bizOrder.status, MOVE_FROM[move]),
      input.userId === undefined ? undefined : eq(bizOrder.userId, input.userId),
      input.siteId == null ? undefined : eq(bizOrder.siteId, input.siteId),
    );
    const handled = input.by ? { handledBy: input.by, handledNote: input.note ?? null } : {};
    const changes =
      move === "pay"
        ? {
            status: "paid",
            paidAt: input.now,
            ...(input.tradeNo ? { tradeNo: input.tradeNo } : {}),
            ...(input.payMethod ? { payMethod: input.payMethod } : {}),
            ...handled,
          }
        : move === "close"
          ? { status: "closed", closedAt: input.now, ...handled }
          : { status: "refunded", refundedAt: input.now, ...handled };
    let [order] = await tx.update(bizOrder).set(changes).where(where).returning();
    if (!order) {
      const found = await tx
        .select({ userId: bizOrder.userId, siteId: bizOrder.siteId })
        .from(bizOrder)
        .where(eq(bizOrder.orderNo, input.orderNo));
      const visible =
        found[0] &&
        (input.userId === undefined || found[0].userId === input.userId) &&
        (input.siteId == null || found[0].siteId === input.siteId);
      return { ok: false, reason: visible ? "conflict" : "missing" };
    }
    const by = { madeBy: input.by ?? (move === "close" ? "order-closed" : "payment"), now: input.now };
    if (move === "pay" && input.wholeByChannel && order.balanceHeld > 0) {
      await releaseHeldPart(tx, order, by);
      [order] = await tx
        .update(bizOrder)
        .set({ balanceHeld: 0 })
        .where(eq(bizOrder.orderId, order.orderId))
        .returning();
      if (!order) throw new Error(`order ${input.orderNo} vanished while being paid`);
    }
    if (move === "pay") {
      await applyPayment(tx, order, input.now, input.emitEvent);
      await issueInvoice(tx, order, input.now);
    }
    if (move === "close") {
      await releaseCoupons(tx, [order.orderNo], input.now);
      // Back in the balance. The order keeps what was held, so that the channel's rest paid after
      // all is still recognised as this order's payment (paid after close, for an operator).
      await releaseHeldPart(tx, order, by);
    }
    if (move === "refund") {
      await lockService(tx, order.serviceOrderNo ?? order.orderNo);
      // A downgrade since it was paid gave part of it back already (the route refused it before
      // asking a channel; this holds against one made meanwhile, under the package's lock).
      if (order.action !== "topup" && (await creditedSincePaid(tx, order.orderNo))) throw new DowngradedSincePaid();
      if (order.action === "topup") {
        const taken = await takeBackTopUp(tx, order, { madeBy: input.by ?? "refund", now: input.now });
        if (!taken.ok) throw new TopUpSpent(taken.balance);
      } else if (input.refundTo === "balance" || order.payMethod === "balance") {
        await refundToBalance(tx, order, order.amount, { madeBy: input.by ?? "refund", now: input.now });
      } else if (order.balanceHeld > 0) {
        // The channel gives back what it took; the part paid from the balance goes back there.
        await refundToBalance(tx, order, order.balanceHeld, { madeBy: input.by ?? "refund", now: input.now });
      }
      await reverseOnService(tx, order, input.now, input.emitEvent);
      await issueCreditNote(tx, order, input.now);
    }
    if (input.emitEvent) await input.emitEvent(tx, ...(await orderEvents(tx, MOVE_EVENT[move], [order])));
    return { ok: true, order };
  });
}

/** New orders placed (unpaid), told in the transaction that writes them (the customer's "order placed" mail). */
export async function announcePlaced(tx: Tx, orders: OrderRow[], emitEvent: EmitEvent | undefined): Promise<void> {
  if (emitEvent && orders.length > 0) await emitEvent(tx, ...(await orderEvents(tx, "order.placed", orders)));
}

/**
 * A paid order's effect on its service: a new one begins, a renewal extends it, an upgrade changes
 * it; an overage order pays for bandwidth already used and changes nothing, but brings back a
 * package suspended for its overage (below). A top-up buys no service: it credits its owner's
 * balance, once.
 */
async function applyPayment(tx: Tx, order: OrderRow, now: Date, emitEvent?: EmitEvent): Promise<void> {
  if (order.action === "topup") return creditTopUp(tx, order, now);
  if (order.action === "overage") return resumeAfterOverage(tx, order, now, emitEvent);
  if (order.action === "new") {
    const [created] = await tx
      .insert(bizService)
      .values({
        orderNo: order.orderNo,
        userId: order.userId,
        siteId: order.siteId,
        agentCode: order.agentCode,
        product: order.product,
        configuration: order.configuration,
        expiresAt: addDuration(now, order.configuration.duration),
        // Renewed from the balance when its customer chose that for new services (issue 41).
        autoRenew: sql<boolean>`coalesce((select auto_renew_new from sys_user where user_id = ${order.userId}), false)`,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ serviceId: bizService.serviceId });
    if (created) await emitEvent?.(tx, { type: "service.created", serviceId: created.serviceId });
    return;
  }
  const service = await lockService(tx, order.serviceOrderNo);
  if (!service) return;
  if (order.action === "renew") {
    // From the old expiry, whenever it is paid: a service in grace or suspended is back at once.
    const expiresAt = addDuration(service.expiresAt, order.configuration.duration);
    const back = await moveService(tx, service.serviceId, "reactivate", {
      reason: `renewal ${order.orderNo} paid`,
      actor: order.handledBy ?? "payment",
      now,
      changes: { expiresAt },
      emitEvent,
    });
    if (!back) {
      await tx.update(bizService).set({ expiresAt, updatedAt: now }).where(eq(bizService.serviceId, service.serviceId));
    }
    await emitEvent?.(tx, { type: "service.renewed", serviceId: service.serviceId });
  } else {
    const configuration = { ...order.configuration, duration: service.configuration.duration };
    await tx
      .update(bizService)
      .set({ configuration, updatedAt: now })
      .where(eq(bizService.serviceId, service.serviceId));
    await emitEvent?.(tx, { type: "service.upgraded", serviceId: service.serviceId });
  }
}

/**
 * A package suspended while an overage order was unpaid (overage/overage-suspension.ts) is back
 * at once when the last of its overage orders is paid: not one expired (its renewal brings it
 * back), not one an operator holds (`reactivate` leaves those), not while another overage order
 * of it waits.
 */
async function resumeAfterOverage(tx: Tx, order: OrderRow, now: Date, emitEvent?: EmitEvent): Promise<void> {
  const service = await lockService(tx, order.serviceOrderNo);
  if (service?.state !== "suspended" || service.expiresAt <= now) return;
  const [waiting] = await tx
    .select({ orderNo: bizOrder.orderNo })
    .from(bizOrder)
    .where(
      and(
        eq(bizOrder.serviceOrderNo, service.orderNo),
        eq(bizOrder.action, "overage"),
        eq(bizOrder.status, "unpaid"),
        ne(bizOrder.orderNo, order.orderNo),
      ),
    )
    .limit(1);
  if (waiting) return;
  await moveService(tx, service.serviceId, "reactivate", {
    reason: `overage order ${order.orderNo} paid`,
    actor: order.handledBy ?? "payment",
    now,
    emitEvent,
  });
}

/**
 * A refund takes back what the order gave: a new service ends now (terminated), a renewal's period comes off
 * the expiry (never before now), an upgrade's configuration gives way to the one before it.
 */
async function reverseOnService(tx: Tx, order: OrderRow, now: Date, emitEvent?: EmitEvent): Promise<void> {
  if (order.action === "overage" || order.action === "topup") return;
  const service = await lockService(tx, order.action === "new" ? order.orderNo : order.serviceOrderNo);
  if (!service) return;
  if (order.action === "new") {
    // Refunded whole: the service ends now (terminated, in its history).
    const ended = await moveService(tx, service.serviceId, "terminate", {
      reason: `order ${order.orderNo} refunded`,
      actor: order.handledBy ?? "refund",
      now,
      changes: { expiresAt: now },
      emitEvent,
    });
    if (!ended) {
      await tx
        .update(bizService)
        .set({ expiresAt: now, updatedAt: now })
        .where(eq(bizService.serviceId, service.serviceId));
    }
  } else if (order.action === "renew") {
    const back = addDuration(service.expiresAt, {
      ...order.configuration.duration,
      count: -order.configuration.duration.count,
    });
    await tx
      .update(bizService)
      .set({ expiresAt: back > now ? back : now, updatedAt: now })
      .where(eq(bizService.serviceId, service.serviceId));
    // The platform hears the period as it now is (shorter).
    await emitEvent?.(tx, { type: "service.renewed", serviceId: service.serviceId });
  } else {
    const configuration = await configurationWithoutUpgrade(tx, service, order.orderNo);
    await tx
      .update(bizService)
      .set({ configuration, updatedAt: now })
      .where(eq(bizService.serviceId, service.serviceId));
    await emitEvent?.(tx, { type: "service.upgraded", serviceId: service.serviceId });
  }
}

async function configurationWithoutUpgrade(
  tx: Tx,
  service: typeof bizService.$inferSelect,
  refundedOrderNo: string,
): Promise<PurchaseConfiguration> {
  const history = await tx
    .select({ action: bizOrder.action, configuration: bizOrder.configuration, at: bizOrder.paidAt })
    .from(bizOrder)
    .where(
      and(
        eq(bizOrder.status, "paid"),
        ne(bizOrder.orderNo, refundedOrderNo),
        sql`(${bizOrder.orderNo} = ${service.orderNo} or (${bizOrder.serviceOrderNo} = ${service.orderNo} and ${bizOrder.action} = 'upgrade'))`,
      ),
    )
    .orderBy(asc(bizOrder.paidAt), asc(bizOrder.orderId));
  // A downgrade made it smaller since (orders/downgrade.ts): the package as the last change left it.
  const downgrades = await tx
    .select({ configuration: bizServiceDowngrade.toConfiguration, at: bizServiceDowngrade.createdAt })
    .from(bizServiceDowngrade)
    .where(eq(bizServiceDowngrade.serviceId, service.serviceId));
  const changes = [...history, ...downgrades].sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0));
  const last = changes.at(-1)?.configuration ?? service.configuration;
  return { ...last, duration: service.configuration.duration };
}

/** Coupons used by orders that closed unpaid can be used again. */
export async function releaseCoupons(tx: Tx | Db, orderNos: string[], now: Date): Promise<void> {
  if (orderNos.length === 0) return;
  const released = await tx
    .update(bizCouponUse)
    .set({ releasedAt: now })
    .where(and(inArray(bizCouponUse.orderNo, orderNos), isNull(bizCouponUse.releasedAt)))
    .returning({ couponId: bizCouponUse.couponId });
  for (const { couponId } of released) {
    await tx
      .update(bizCoupon)
      .set({ uses: sql`greatest(${bizCoupon.uses} - 1, 0)` })
      .where(eq(bizCoupon.couponId, couponId));
  }
}
