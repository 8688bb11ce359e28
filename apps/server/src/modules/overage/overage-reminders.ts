import { isLanguage } from "@rampart/contracts";
import { formatMoney, type OverageFigures } from "@rampart/pricing";
import { and, asc, eq, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizOrder, sysMail, sysUser } from "../../db/schema.ts";
import { PRODUCT_NAMES } from "../catalogue/document-names.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { monthName } from "../mail/overage-mail-values.ts";
import { siteOrigin } from "../sites/site-origin.ts";

/** An overage order unpaid this many days is recalled to its customer, once. */
export const OVERAGE_REMINDER_DAYS = 7;
const DAY_MS = 86_400_000;
/** Orders one run reminds of; the next run takes the rest. */
const BATCH = 200;

/**
 * Overage orders do not close by themselves (they bill bandwidth already used): one left unpaid
 * OVERAGE_REMINDER_DAYS days is recalled to its customer by mail, once (keyed by order: a run
 * repeated, or in parallel, mails once). Answers how many were recalled this run.
 */
export async function remindUnpaidOverage(db: Db, mail: MailOutbox, now: Date): Promise<number> {
  const due = await db
    .select({ order: bizOrder, user: sysUser })
    .from(bizOrder)
    .innerJoin(sysUser, eq(sysUser.userId, bizOrder.userId))
    .where(
      and(
        eq(bizOrder.action, "overage"),
        eq(bizOrder.status, "unpaid"),
        // A customer with no address has none to be reminded at (and would hold up the batch).
        ne(sysUser.email, ""),
        lte(bizOrder.createdAt, new Date(now.getTime() - OVERAGE_REMINDER_DAYS * DAY_MS)),
        // Not recalled yet (its mail's Message-ID is made from its key).
        sql`not exists (select 1 from ${sysMail} m where m.message_id like '<order-overage-reminder-' || ${bizOrder.orderNo} || '@%')`,
      ),
    )
    .orderBy(asc(bizOrder.createdAt))
    .limit(BATCH);
  let sent = 0;
  for (const { order, user } of due) {
    if (!user.email) continue;
    const language = isLanguage(user.language) ? user.language : "en";
    const figures = order.configuration.overage as OverageFigures;
    const link = `${await siteOrigin(db, order.siteId, null, { console: true })}/control/orders`;
    const id = await db.transaction((tx) =>
      mail.enqueue(tx, {
        siteId: order.siteId,
        event: "order_overage_reminder",
        language,
        to: user.email,
        timeZone: user.timeZone,
        key: `order-overage-reminder-${order.orderNo}`,
        values: {
          name: user.nickName || user.userName,
          orderNo: order.orderNo,
          product: PRODUCT_NAMES[order.product]?.[language] ?? order.product,
          month: monthName(figures.month, language),
          amount: formatMoney({ minor: order.amount, currency: order.currency }, language),
          days: String(Math.floor((now.getTime() - order.createdAt.getTime()) / DAY_MS)),
          link,
        },
      }),
    );
    if (id !== null) sent++;
  }
  return sent;
}
