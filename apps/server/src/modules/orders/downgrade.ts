import {
  type Catalogue,
  configurationFromSearch,
  downgradeCredit,
  monthlyPrice,
  QUANTITIES,
  type QuoteError,
  quote,
} from "@rampart/pricing";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder, bizService, bizServiceDowngrade } from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { postEntry } from "../balance/balance-ledger.ts";

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
 * Makes an active package smaller for the time it has left (issue 41), the mirror of an upgrade:
 * the new configuration at once (the platform hears it as it hears an upgrade), the expiry where
 * it was, and the difference of the monthly prices for the whole days left (everything paid for,
 * renewals paid ahead included) credited to the customer's balance, rounded down. Never more than
 * was paid for the package less what its earlier downgrades gave back. One transaction on the
 * package's locked row: two downgrades at once are one after the other.
 */
export async function downgradeService(
  db: Db,
  catalogueFor: (currency: string) => Promise<Catalogue>,
  input: DowngradeInput,
): Promise<Downgraded> {
  return db.transaction(async (tx) => {
    const [service] = await tx
      .select()
      .from(bizService)
      .where(and(eq(bizService.orderNo, input.orderNo), eq(bizService.userId, input.userId)))
      .for("update");
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
    const [first] = await tx
      .select({ currency: bizOrder.currency })
      .from(bizOrder)
      .where(eq(bizOrder.orderNo, service.orderNo));
    const currency = (first?.currency ?? "CNY").trim();
    const catalogue = await catalogueFor(currency);
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
                            where o.status = 'paid' and o.action in ('new', 'renew', 'upgrade')
                              and (o.order_no = ${service.orderNo} or o.service_order_no = ${service.orderNo})), 0) as paid,
                 coalesce((select sum(d.credit) from ${bizServiceDowngrade} d
                            where d.service_id = ${service.serviceId}), 0) as given`,
    );
    const left = Math.max(0, Number(bounds?.paid ?? 0) - Number(bounds?.given ?? 0));
    const credit = Math.min(downgradeCredit(before, after, daysLeft, 30), left);

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
