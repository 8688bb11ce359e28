import {
  type Catalogue,
  configurationFromSearch,
  monthlyPrice,
  QUANTITIES,
  type QuoteError,
  quote,
} from "@rampart/pricing";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizOrder, bizService, bizServiceDowngrade } from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { postEntry } from "../balance/balance-ledger.ts";
import { lockService } from "../services/service-records.ts";

const DAY_MS = 86_400_000;

/** Why a package cannot be made smaller: the engine's reasons, the package's state, or not a downgrade. */
export type DowngradeError =
  | QuoteError
  | {
      field: string;
      code:
        | "service.missing"
        | "service.expired"
        | "service.unpaidChange"
        | "service.trial"
        | "downgrade.larger"
        | "downgrade.nothing";
    };

export type Downgraded =
  | { ok: true; credit: number; currency: string; daysLeft: number; balance: number }
  | { ok: false; errors: DowngradeError[] };

export interface DowngradeInput {
  orderNo: string;
  userId: number;
  /** The smaller configuration, as the price page writes it. */
  configuration: string;
  madeBy: string;
  /** Only work out what it would give back: nothing changes. */
  dryRun?: boolean | undefined;
  /** The ledger's note for the credit, in the customer's language (says which package and why). */
  note: (daysLeft: number) => string;
  now: Date;
  emitEvent?: EmitEvent | undefined;
}

const refuse = (code: Exclude<DowngradeError, QuoteError>["code"], field = "service"): Downgraded => ({
  ok: false,
  errors: [{ field, code }],
});

/**
 * Makes an active package smaller for the time it has left (issue 41): the new configuration at
 * once (the platform hears it as it hears an upgrade), the expiry where it was, and part of what
 * was paid for the days left credited to the customer's balance, rounded down. That part is the
 * money actually paid for the package (discounts and coupons counted; less what earlier
 * downgrades gave back), spread evenly over the days it pays for (its start to its expiry, renewals
 * paid ahead included), for the whole days left, in the proportion the monthly price falls: a
 * package whose monthly price halves gives back half of what its days left cost. Never more than
 * was paid. One transaction on the package's locked row: two downgrades at once are one after the
 * other.
 */
export async function downgradeService(
  db: Db,
  catalogueFor: (currency: string) => Promise<Catalogue>,
  input: DowngradeInput,
): Promise<Downgraded> {
  // The price list of the currency the package was bought in, read before the transaction (the
  // embedded database has one connection: a read beside an open transaction would wait for it).
  const [first] = await db
    .select({ currency: bizOrder.currency })
    .from(bizOrder)
    .where(and(eq(bizOrder.orderNo, input.orderNo), eq(bizOrder.userId, input.userId)));
  const currency = (first?.currency ?? "CNY").trim();
  const catalogue = await catalogueFor(currency);
  return db.transaction(async (tx) => {
    const service = await lockService(tx, input.orderNo, input.userId);
    if (!service || service.state === "terminated") return refuse("service.missing");
    if (service.state !== "active" || service.expiresAt <= input.now) return refuse("service.expired");
    // An unpaid renewal or upgrade was priced for the package as it is.
    const [unpaid] = await tx
      .select({ orderNo: bizOrder.orderNo })
      .from(bizOrder)
      .where(
        and(
          eq(bizOrder.serviceOrderNo, service.orderNo),
          eq(bizOrder.status, "unpaid"),
          ne(bizOrder.action, "overage"),
        ),
      )
      .limit(1);
    if (unpaid) return refuse("service.unpaidChange");
    // Priced in another currency than the package was paid in (no price list for it): not here.
    if (catalogue.currency !== currency) return refuse("service.missing");
    const current = service.configuration;
    const trial = catalogue.products[current.product]?.editions.find((e) => e.code === current.edition)?.trialDays;
    if (trial) return refuse("service.trial");

    const asked = configurationFromSearch(catalogue, current.product, new URLSearchParams(input.configuration));
    const next = { ...asked, product: current.product, duration: current.duration };
    const quoted = quote(catalogue, next);
    if (!quoted.ok) return { ok: false, errors: quoted.errors };
    const larger = QUANTITIES.find((q) => (next.quantities[q] ?? 0) > (current.quantities[q] ?? 0));
    const added = Object.keys(next.extras).find((x) => (next.extras[x] ?? 0) > (current.extras[x] ?? 0));
    const before = monthlyPrice(catalogue, current);
    const after = monthlyPrice(catalogue, next);
    if (larger || added || after > before) return refuse("downgrade.larger", larger ?? "edition");
    if (after === before) return refuse("downgrade.nothing", "edition");

    const daysLeft = Math.floor((service.expiresAt.getTime() - input.now.getTime()) / DAY_MS);
    const [bounds] = await sqlRows<{ paid: string; given: string }>(
      tx,
      sql`select coalesce((select sum(o.amount) from ${bizOrder} o
                            where o.status = 'paid' and o.action in ('new', 'renew', 'upgrade') and o.currency = ${currency}
                              and (o.order_no = ${service.orderNo} or o.service_order_no = ${service.orderNo})), 0) as paid,
                 coalesce((select sum(d.credit) from ${bizServiceDowngrade} d
                            where d.service_id = ${service.serviceId}), 0) as given`,
    );
    const kept = Math.max(0, Number(bounds?.paid ?? 0) - Number(bounds?.given ?? 0));
    const paidDays = Math.max(1, (service.expiresAt.getTime() - service.createdAt.getTime()) / DAY_MS);
    const unused = (kept * Math.min(daysLeft, paidDays)) / paidDays;
    const credit = Math.max(0, Math.min(kept, Math.floor((unused * (before - after)) / before)));
    if (input.dryRun) return { ok: true, credit, currency, daysLeft, balance: 0 };

    await tx
      .update(bizService)
      .set({ configuration: next, updatedAt: input.now })
      .where(eq(bizService.serviceId, service.serviceId));
    const [downgrade] = await tx
      .insert(bizServiceDowngrade)
      .values({
        serviceId: service.serviceId,
        userId: input.userId,
        fromConfiguration: current,
        toConfiguration: next,
        daysLeft,
        currency,
        credit,
        madeBy: input.madeBy,
        createdAt: input.now,
      })
      .returning({ downgradeId: bizServiceDowngrade.downgradeId });
    let balance = 0;
    if (credit > 0) {
      const posted = await postEntry(tx, {
        userId: input.userId,
        currency,
        amount: credit,
        kind: "credit",
        reference: `DG-${downgrade!.downgradeId}`,
        madeBy: input.madeBy,
        note: input.note(daysLeft),
        now: input.now,
      });
      if (posted.ok) balance = posted.balance;
    }
    // The platform hears the package's new configuration as it hears an upgrade's.
    await input.emitEvent?.(tx, { type: "service.upgraded", serviceId: service.serviceId });
    return { ok: true, credit, currency, daysLeft, balance };
  });
}

/**
 * What the downgrades of an order's package gave back to the balance since the order was paid
 * (null when none): such an order is not refunded whole, or the customer would be paid twice.
 */
export async function creditedSincePaid(
  db: Db | Tx,
  orderNo: string,
): Promise<{ credit: number; currency: string } | null> {
  const [row] = await sqlRows<{ credit: string | null; currency: string | null }>(
    db,
    sql`select sum(d.credit) as credit, min(d.currency) as currency
          from ${bizOrder} o
          join ${bizService} s on s.order_no = coalesce(o.service_order_no, o.order_no)
          join ${bizServiceDowngrade} d on d.service_id = s.service_id and d.created_at >= o.paid_at
         where o.order_no = ${orderNo} and o.action in ('new', 'renew', 'upgrade')`,
  );
  return row?.credit && row.currency ? { credit: Number(row.credit), currency: row.currency } : null;
}
