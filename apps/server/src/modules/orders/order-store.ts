import type { Db, Tx } from "../../db/client.ts";
import { completedRow, filledColumns, jsonRows } from "../../db/json-rows.ts";
import { bizOrder } from "../../db/schema.ts";
import { WriteCoalescer } from "../../db/write-coalescer.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { announcePlaced } from "./lifecycle.ts";

export type OrderRow = typeof bizOrder.$inferSelect;
export type OrderInsert = typeof bizOrder.$inferInsert;

/** Of each inserted order, what the database filled in: the rest of the row is as sent. */
const FILLED_IN_ORDERS = filledColumns(bizOrder);

/**
 * Where new orders are written: always unpaid (their state moves only by transitionOrder), their
 * placement announced in the transaction that writes them. Plain new orders arriving together are
 * written as one INSERT (group commit): under load this is what keeps placing an order fast, above
 * all on the embedded database, where every statement and every commit runs on the server's own
 * thread. One store per server (its group and its events belong to it).
 */
export class OrderStore {
  readonly db: Db;
  readonly #emitEvent: EmitEvent | undefined;
  readonly #group: WriteCoalescer<OrderInsert, OrderRow | undefined>;

  constructor(db: Db, emitEvent?: EmitEvent) {
    this.db = db;
    this.#emitEvent = emitEvent;
    this.#group = new WriteCoalescer((group) =>
      this.db.transaction(async (tx) => {
        const inserted = await tx
          .insert(bizOrder)
          .select(jsonRows(bizOrder, group))
          .onConflictDoNothing()
          .returning({
            ...FILLED_IN_ORDERS,
            orderNo: bizOrder.orderNo,
            userId: bizOrder.userId,
            idempotencyKey: bizOrder.idempotencyKey,
          });
        const byOrderNo = new Map(inserted.map((row) => [row.orderNo, row]));
        const rows = group.map((values) => {
          // Two orders of one group may draw the same number (rarely): the one not stored is not
          // answered with the other's row, and draws again (the caller).
          const filled = byOrderNo.get(values.orderNo);
          const same = filled?.userId === values.userId && filled.idempotencyKey === values.idempotencyKey;
          return same ? completedRow(bizOrder, values, filled) : undefined;
        });
        await announcePlaced(
          tx,
          rows.filter((row) => row !== undefined),
          this.#emitEvent,
        );
        return rows;
      }),
    );
  }

  /** A plain new order, written with the others arriving together; nothing when its number or key is taken. */
  placeGrouped(values: OrderInsert): Promise<OrderRow | undefined> {
    return this.#group.add(unpaid(values));
  }

  /** One order in the caller's transaction (a coupon's, a trial's); nothing when its number or key is taken. */
  async placeIn(tx: Tx, values: OrderInsert): Promise<OrderRow | undefined> {
    const [row] = await tx.insert(bizOrder).values(unpaid(values)).onConflictDoNothing().returning();
    if (row) await announcePlaced(tx, [row], this.#emitEvent);
    return row;
  }

  /** How the orders' moves are announced (transitionOrder's). */
  get emitEvent(): EmitEvent | undefined {
    return this.#emitEvent;
  }
}

/** A new order is unpaid: whatever state a caller names, it is not written here. */
function unpaid(values: OrderInsert): OrderInsert {
  const { status: _status, paidAt: _paidAt, closedAt: _closedAt, refundedAt: _refundedAt, ...rest } = values;
  return rest;
}
