import { and, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bizAttackEvent, bizAttackNotice, bizService, bizUsageAlertState } from "../../db/schema.ts";
import type { EmitEvent } from "../../events/app-events.ts";
import { formatBps } from "../mail/bandwidth-figure.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { ATTACK_MITIGATION_TEXTS } from "../mail/usage-mail-texts.ts";
import { alertRecipient } from "./alert-recipient.ts";

/** While attacks go on, a package's owner gets at most one mail in this long. */
export const ATTACK_MAIL_INTERVAL_MS = 3_600_000;
/** Attack messages received this far back are looked at (the job runs every five minutes). */
const RECENT_MS = 2 * 86_400_000;

export interface AttackDeps {
  db: Db;
  mail: MailOutbox;
  emitEvent: EmitEvent;
}

type AttackRow = typeof bizAttackEvent.$inferSelect;

/**
 * The attacks received lately whose start or end the platform's listeners have not heard of yet:
 * each start announced once (`attack.started`), each end once (`attack.ended`), under the notice's
 * row (a second run, or a second process, finds it taken). Answers how many were announced.
 */
export async function announceAttacks(deps: AttackDeps, now: Date): Promise<number> {
  const fresh = await deps.db
    .select({ attack: bizAttackEvent })
    .from(bizAttackEvent)
    .leftJoin(bizAttackNotice, eq(bizAttackNotice.eventId, bizAttackEvent.eventId))
    .where(
      and(
        gte(bizAttackEvent.receivedAt, new Date(now.getTime() - RECENT_MS)),
        or(
          isNull(bizAttackNotice.eventId),
          and(eq(bizAttackNotice.endSent, false), sql`${bizAttackEvent.endedAt} is not null`),
        ),
      ),
    )
    .orderBy(bizAttackEvent.receivedAt);
  let announced = 0;
  for (const { attack } of fresh) announced += await deps.db.transaction((tx) => announceOne(deps, tx, attack));
  return announced;
}

async function announceOne(deps: AttackDeps, tx: Tx, attack: AttackRow): Promise<number> {
  let announced = 0;
  const started = await tx
    .insert(bizAttackNotice)
    .values({ eventId: attack.eventId, serviceId: attack.serviceId })
    .onConflictDoNothing()
    .returning({ eventId: bizAttackNotice.eventId });
  if (started.length > 0) {
    await deps.emitEvent(tx, { type: "attack.started", serviceId: attack.serviceId, attackEventId: attack.eventId });
    announced++;
  }
  if (attack.endedAt) {
    const ended = await tx
      .update(bizAttackNotice)
      .set({ endSent: true })
      .where(and(eq(bizAttackNotice.eventId, attack.eventId), eq(bizAttackNotice.endSent, false)))
      .returning({ eventId: bizAttackNotice.eventId });
    if (ended.length > 0) {
      await deps.emitEvent(tx, { type: "attack.ended", serviceId: attack.serviceId, attackEventId: attack.eventId });
      announced++;
    }
  }
  return announced;
}

/** What has happened to a package's attacks since its owner's last mail. */
const unmailed = or(
  eq(bizAttackNotice.startMailed, false),
  and(eq(bizAttackNotice.endSent, true), eq(bizAttackNotice.endMailed, false)),
);

/**
 * The owners of packages whose attacks started or ended since their last mail are told, at most
 * once an hour each: of one start or end on its own, of more in a summary (how many started,
 * ended, still go on, the largest peak). What happens within the hour waits for the next mail.
 * Answers how many mails were written.
 */
export async function mailAttacks(deps: AttackDeps, now: Date): Promise<number> {
  const services = await deps.db
    .selectDistinct({ serviceId: bizAttackNotice.serviceId })
    .from(bizAttackNotice)
    .where(unmailed);
  let mailed = 0;
  for (const { serviceId } of services)
    if (await deps.db.transaction((tx) => mailService(deps, tx, serviceId, now))) mailed++;
  return mailed;
}

async function mailService(deps: AttackDeps, tx: Tx, serviceId: number, now: Date): Promise<boolean> {
  await tx.insert(bizUsageAlertState).values({ serviceId }).onConflictDoNothing();
  const [state] = await tx
    .select()
    .from(bizUsageAlertState)
    .where(eq(bizUsageAlertState.serviceId, serviceId))
    .for("update");
  const last = state?.attackMailedAt ?? null;
  if (last && now.getTime() - last.getTime() < ATTACK_MAIL_INTERVAL_MS) return false;
  const news = await tx
    .select({ notice: bizAttackNotice, attack: bizAttackEvent })
    .from(bizAttackNotice)
    .innerJoin(bizAttackEvent, eq(bizAttackEvent.eventId, bizAttackNotice.eventId))
    .where(and(eq(bizAttackNotice.serviceId, serviceId), unmailed));
  if (news.length === 0) return false;
  const starts = news.filter((n) => !n.notice.startMailed);
  const ends = news.filter((n) => n.notice.endSent && !n.notice.endMailed);
  await tx
    .update(bizAttackNotice)
    .set({ startMailed: true, endMailed: sql`${bizAttackNotice.endSent}` })
    .where(
      inArray(
        bizAttackNotice.eventId,
        news.map((n) => n.notice.eventId),
      ),
    );
  await tx.update(bizUsageAlertState).set({ attackMailedAt: now }).where(eq(bizUsageAlertState.serviceId, serviceId));
  return writeAttackMail(deps, tx, serviceId, { starts, ends, last }, now);
}

type News = { notice: typeof bizAttackNotice.$inferSelect; attack: AttackRow }[];

/** The mail of what happened since the last: one start or end on its own, or a summary of more. */
async function writeAttackMail(
  deps: AttackDeps,
  tx: Tx,
  serviceId: number,
  happened: { starts: News; ends: News; last: Date | null },
  now: Date,
): Promise<boolean> {
  const { starts, ends, last } = happened;
  const news = [...starts, ...ends];
  const [service] = await tx.select().from(bizService).where(eq(bizService.serviceId, serviceId));
  const who = service ? await alertRecipient(tx, service) : null;
  if (!service || !who) return false;
  const mail = { siteId: service.siteId, language: who.language, to: who.to, timeZone: who.timeZone };
  const common = { name: who.name, product: who.product, orderNo: service.orderNo, link: who.link };
  const single = starts.length + ends.length === 1 ? (starts[0] ?? ends[0])!.attack : null;
  if (single) {
    const about = {
      target: single.target,
      vector: single.vector,
      peak: formatBps(single.peakBps, who.language),
      since: { at: single.startedAt },
    };
    if (starts.length === 1)
      await deps.mail.enqueue(tx, {
        ...mail,
        event: "attack_started",
        key: `attack-started-${single.eventId}`,
        values: { ...common, ...about, mitigation: ATTACK_MITIGATION_TEXTS[single.action][who.language] },
      });
    else
      await deps.mail.enqueue(tx, {
        ...mail,
        event: "attack_ended",
        key: `attack-ended-${single.eventId}`,
        values: { ...common, ...about, minutes: minutesOf(single) },
      });
    return true;
  }
  const [ongoing] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bizAttackEvent)
    .where(and(eq(bizAttackEvent.serviceId, serviceId), isNull(bizAttackEvent.endedAt)));
  const earliest = Math.min(...news.map((n) => n.attack.startedAt.getTime()));
  await deps.mail.enqueue(tx, {
    ...mail,
    event: "attack_summary",
    key: `attack-summary-${serviceId}-${now.getTime()}`,
    values: {
      ...common,
      started: String(starts.length),
      ended: String(ends.length),
      ongoing: String(ongoing?.count ?? 0),
      peak: formatBps(Math.max(...news.map((n) => n.attack.peakBps)), who.language),
      since: { at: last ?? new Date(earliest) },
    },
  });
  return true;
}

const minutesOf = (attack: AttackRow) =>
  String(
    Math.max(1, Math.round(((attack.endedAt ?? attack.startedAt).getTime() - attack.startedAt.getTime()) / 60_000)),
  );
