import type { ReconciliationProblem, ReconciliationSummary } from "@rampart/contracts";
import { count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  bizBalance,
  bizBalanceEntry,
  bizBalanceReconciliation,
  bizOrder,
  bizPayNotify,
  sysUser,
} from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { problemLine } from "../mail/reconciliation-lines.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import { siteOperators } from "../users/site-operators.ts";
import { ledgerMismatches } from "./balance-ledger.ts";

/** Problems of one kind a day's report lists at most (the count says how many more there are). */
const LISTED = 200;

/** The methods of the online channels, whose word on a payment is kept in biz_pay_notify. */
const ONLINE = ["alipay", "alipayGlobal"];

type Row = {
  order_no: string;
  user_name: string;
  site_id: number | null;
  currency: string;
  amount: string;
  expected?: string | null;
};

const problem = (kind: ReconciliationProblem["kind"], row: Row): ReconciliationProblem => ({
  kind,
  userName: row.user_name,
  siteId: row.site_id === null ? null : Number(row.site_id),
  currency: row.currency.trim(),
  orderNo: row.order_no,
  amount: Number(row.amount),
  expected: row.expected == null ? null : Number(row.expected),
});

/**
 * Everything about the balances that does not add up: balances against their ledgers, and each
 * top-up against its payment, its channel's word and its credit. Read-only: a problem is reported,
 * never repaired (a person decides: a reversal, a credit, a refund).
 */
export async function reconciliationProblems(db: Db): Promise<ReconciliationProblem[]> {
  const mismatches = await ledgerMismatches(db);
  const names = new Map(
    mismatches.length === 0
      ? []
      : (
          await db
            .select({ userId: sysUser.userId, userName: sysUser.userName, siteId: sysUser.siteId })
            .from(sysUser)
            .where(
              inArray(
                sysUser.userId,
                mismatches.map((m) => m.userId),
              ),
            )
        ).map((row) => [row.userId, row]),
  );
  const ledger = mismatches.slice(0, LISTED).map(
    (m): ReconciliationProblem => ({
      kind: "ledger",
      userName: names.get(m.userId)?.userName ?? String(m.userId),
      siteId: names.get(m.userId)?.siteId ?? null,
      currency: m.currency,
      orderNo: null,
      amount: m.amount,
      expected: m.sumOfEntries,
    }),
  );
  const settled = sql`o.action = 'topup' and o.status in ('paid', 'refunded') and o.amount > 0`;
  const [uncredited, unpaid, unrecorded, kept] = await Promise.all([
    // Paid, never credited.
    sqlRows<Row>(
      db,
      sql`select o.order_no, u.user_name, u.site_id, o.currency, o.amount
            from ${bizOrder} o join ${sysUser} u on u.user_id = o.user_id
           where ${settled}
             and not exists (select 1 from ${bizBalanceEntry} e where e.kind = 'topup' and e.reference = o.order_no)
           order by o.order_id limit ${LISTED}`,
    ),
    // Credited, with no paid top-up of that amount, customer and currency behind it.
    sqlRows<Row>(
      db,
      sql`select e.reference as order_no, u.user_name, u.site_id, b.currency, e.amount, o.amount as expected
            from ${bizBalanceEntry} e
            join ${bizBalance} b on b.balance_id = e.balance_id
            join ${sysUser} u on u.user_id = b.user_id
            left join ${bizOrder} o on o.order_no = e.reference and ${settled}
                 and o.user_id = b.user_id and o.currency = b.currency
           where e.kind = 'topup' and (o.order_id is null or o.amount <> e.amount)
           order by e.entry_id limit ${LISTED}`,
    ),
    // Paid online, with no word from the channel on record (a notification or a query that said paid).
    sqlRows<Row>(
      db,
      sql`select o.order_no, u.user_name, u.site_id, o.currency, o.amount
            from ${bizOrder} o join ${sysUser} u on u.user_id = o.user_id
           where ${settled} and o.trade_no is not null and o.pay_method in ${ONLINE}
             and not exists (select 1 from ${bizPayNotify} n
                              where n.order_no = o.order_no and n.outcome in ('paid', 'duplicate'))
           order by o.order_id limit ${LISTED}`,
    ),
    // Refunded, its credit still in the balance (never reversed).
    sqlRows<Row>(
      db,
      sql`select o.order_no, u.user_name, u.site_id, o.currency, o.amount
            from ${bizOrder} o
            join ${sysUser} u on u.user_id = o.user_id
            join ${bizBalanceEntry} e on e.kind = 'topup' and e.reference = o.order_no
           where o.action = 'topup' and o.status = 'refunded'
             and not exists (select 1 from ${bizBalanceEntry} r where r.kind = 'reversal' and r.reverses = e.entry_id)
           order by o.order_id limit ${LISTED}`,
    ),
  ]);
  return [
    ...ledger,
    ...uncredited.map((row) => problem("uncredited", row)),
    ...unpaid.map((row) => problem("unpaid", row)),
    ...unrecorded.map((row) => problem("unrecorded", row)),
    ...kept.map((row) => problem("kept", row)),
  ];
}

/**
 * The day's reconciliation, once a day whichever process runs it first (the day's row is the
 * claim): the problems found are kept with the day and, when there are any, mailed to the
 * administrators and the operators of every site. Answers what was found, or null when the day
 * was already reconciled.
 */
export async function reconcileBalances(
  deps: { db: Db; mail: MailOutbox },
  now: Date,
): Promise<{ day: string; balances: number; problems: ReconciliationProblem[] } | null> {
  const { db, mail } = deps;
  const day = now.toISOString().slice(0, 10);
  // The day's claim; one left unfinished an hour ago (its process stopped) is taken over.
  const [claimed] = await db
    .insert(bizBalanceReconciliation)
    .values({ day, ranAt: now })
    .onConflictDoUpdate({
      target: bizBalanceReconciliation.day,
      set: { ranAt: now },
      setWhere: sql`${bizBalanceReconciliation.finishedAt} is null and ${bizBalanceReconciliation.ranAt} < ${new Date(now.getTime() - 3_600_000)}`,
    })
    .returning({ day: bizBalanceReconciliation.day });
  if (!claimed) return null;
  const [[counted], problems] = await Promise.all([
    db.select({ n: count() }).from(bizBalance),
    reconciliationProblems(db),
  ]);
  const balances = counted?.n ?? 0;
  const people = problems.length > 0 ? await siteOperators(db, null) : [];
  const link = problems.length > 0 ? `${await siteOrigin(db, null, null, { console: true })}/monitor/server` : "";
  await db.transaction(async (tx) => {
    await tx
      .update(bizBalanceReconciliation)
      .set({ balances, problemCount: problems.length, problems, finishedAt: now })
      .where(eq(bizBalanceReconciliation.day, day));
    for (const person of people)
      await mail.enqueue(tx, {
        siteId: null,
        event: "balance_reconciliation",
        language: person.language,
        to: person.to,
        timeZone: person.timeZone,
        values: {
          name: person.name,
          day,
          count: String(problems.length),
          problems: problems.map((p) => `- ${problemLine(p, person.language)}`).join("\n"),
          link,
        },
        key: `balance-reconciliation-${day}-${person.to}`,
      });
  });
  return { day, balances, problems };
}

/**
 * The last finished reconciliation (System monitoring → Server), or null before the first; for an
 * operator bound to a site, its own customers' problems only.
 */
export async function lastReconciliation(
  db: Db,
  siteScope: number | null = null,
): Promise<ReconciliationSummary | null> {
  const [row] = await db
    .select()
    .from(bizBalanceReconciliation)
    .where(isNotNull(bizBalanceReconciliation.finishedAt))
    .orderBy(desc(bizBalanceReconciliation.day))
    .limit(1);
  if (!row) return null;
  const problems = siteScope === null ? row.problems : row.problems.filter((p) => p.siteId === siteScope);
  return { day: row.day, ranAt: row.ranAt.toISOString(), balances: row.balances, problems };
}
