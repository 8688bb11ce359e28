import type { AttackEntry, UsageBatchBody, UsageBatchTaken, UsageBucketEntry, UsageTopEntry } from "@rampart/contracts";
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import { jsonRows } from "../../db/json-rows.ts";
import { bizAttackEvent, bizUsage5m, bizUsageTop } from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import { markHoursToRollUp } from "./usage-rollup.ts";

/** An attack that a batch opened or closed (what alerts mail and announce). */
export interface AttackChange {
  change: "started" | "ended";
  eventId: number;
  serviceId: number;
  attackId: string;
}

/** What a batch changed: the counts answered, and what listeners may act on. */
export interface KeptUsageBatch {
  taken: UsageBatchTaken;
  /** Attacks first heard of (started) and attacks closed by this batch (ended); one heard of closed is both. */
  attackChanges: AttackChange[];
  /** The services whose whole-service buckets were written, with the earliest and latest bucket. */
  bucketsWritten: { serviceId: number; from: Date; to: Date }[];
}

/** The last entry of each key (a later entry in the same batch corrects an earlier one). */
function lastOfEach<T>(entries: readonly T[], key: (entry: T) => string): T[] {
  return [...new Map(entries.map((entry) => [key(entry), entry])).values()];
}

/** `set col = excluded.col` for each column of an upsert. */
function excluded(columns: Record<string, PgColumn>): Record<string, SQL> {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql.raw(`excluded.${JSON.stringify(column.name)}`)]),
  );
}

/** The columns of a table but those named (the upsert's key). */
function columnsBut(table: PgTable, ...keys: string[]): Record<string, PgColumn> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(([key]) => !keys.includes(key)),
  );
}
const ATTACK_UPDATES = {
  ...excluded(columnsBut(bizAttackEvent, "eventId", "serviceId", "attackId")),
  endedAt: sql`coalesce(${bizAttackEvent.endedAt}, excluded.ended_at)`,
};

/** The buckets' columns, each with its name on the wire (the contract's) and its name in the table. */
const BUCKET_FIGURES = Object.entries(columnsBut(bizUsage5m, "serviceId", "domain", "bucket", "receivedAt")).map(
  ([wire, column]) => ({ wire, column: column.name }),
);
const RECORD = sql.raw(
  ['"serviceId" bigint', "domain varchar", "at bigint", ...BUCKET_FIGURES.map(({ wire }) => `"${wire}" bigint`)].join(
    ", ",
  ),
);
const COLUMNS = sql.raw(
  ["service_id", "domain", "bucket", ...BUCKET_FIGURES.map(({ column }) => column), "received_at"].join(", "),
);
const VALUES = sql.raw(
  [
    'x."serviceId"',
    "lower(btrim(coalesce(x.domain, '')))",
    "to_timestamp(x.at)",
    ...BUCKET_FIGURES.map(({ wire }) => `x."${wire}"`),
  ].join(", "),
);

/**
 * The buckets, upserted in one statement on (service, domain, bucket): a correction (the same
 * bucket sent again) replaces the figures. The entries go to the database as they came, one JSON
 * parameter read by json_to_recordset (no row rebuilt in JavaScript, one statement whatever their
 * number). The table is partitioned by month: the caller makes the months' partitions first
 * (ensureUsagePartitions).
 */
async function keepBuckets(tx: Tx, buckets: readonly UsageBucketEntry[], now: Date): Promise<number> {
  if (buckets.length === 0) return 0;
  const entries = lastOfEach(buckets, (b) => `${b.serviceId}|${b.domain?.trim().toLowerCase() ?? ""}|${b.at}`);
  const json = JSON.stringify(entries.length === buckets.length ? buckets : entries);
  await tx.execute(sql`
    insert into biz_usage_5m (${COLUMNS})
    select ${VALUES}, ${now.toISOString()}::timestamptz
      from json_to_recordset(${json}::json) as x(${RECORD})
    on conflict (service_id, domain, bucket) do update set ${sql.raw(
      [...BUCKET_FIGURES.map(({ column }) => column), "received_at"].map((c) => `${c} = excluded.${c}`).join(", "),
    )}`);
  return entries.length;
}

/** Each top list replaces the day's list of its kind for its service (an empty list clears it). */
async function keepTops(tx: Tx, tops: readonly UsageTopEntry[]): Promise<number> {
  const lists = lastOfEach(tops, (t) => `${t.serviceId}|${t.day}|${t.kind}`);
  if (lists.length === 0) return 0;
  const keys = JSON.stringify(lists.map(({ serviceId, day, kind }) => ({ service_id: serviceId, day, kind })));
  await tx.execute(sql`
    delete from biz_usage_top t
     using jsonb_to_recordset(${keys}::jsonb) as x(service_id bigint, day varchar, kind varchar)
     where t.service_id = x.service_id and t.day = x.day and t.kind = x.kind`);
  const rows = lists.flatMap(({ serviceId, day, kind, items }) =>
    items.map((item, i) => ({ serviceId, day, kind, rank: i + 1, ...item })),
  );
  if (rows.length > 0) await tx.insert(bizUsageTop).select(jsonRows(bizUsageTop, rows));
  return lists.length;
}

/**
 * Attack events upserted on (service, attack id): a later message replaces the earlier one's
 * figures; once closed an attack stays closed (a "still going" message arriving after the one that
 * closed it changes nothing).
 */
async function keepAttacks(tx: Tx, attacks: readonly AttackEntry[], now: Date): Promise<AttackChange[]> {
  const entries = lastOfEach(attacks, (a) => `${a.serviceId}|${a.attackId}`);
  if (entries.length === 0) return [];
  const keys = JSON.stringify(
    entries.map(({ serviceId, attackId }) => ({ service_id: serviceId, attack_id: attackId })),
  );
  const before = await sqlRows<{ service_id: string; attack_id: string; ended: boolean }>(
    tx,
    sql`select a.service_id, a.attack_id, a.ended_at is not null as ended
          from biz_attack_event a
          join jsonb_to_recordset(${keys}::jsonb) as x(service_id bigint, attack_id varchar)
            on a.service_id = x.service_id and a.attack_id = x.attack_id
           for update of a`,
  );
  const known = new Map(before.map((row) => [`${row.service_id}|${row.attack_id}`, row.ended]));
  const rows = entries.map(({ startedAt, endedAt, ...attack }) => ({
    ...attack,
    startedAt: new Date(startedAt * 1000),
    endedAt: endedAt == null ? null : new Date(endedAt * 1000),
    receivedAt: now,
  }));
  const kept = await tx
    .insert(bizAttackEvent)
    .select(jsonRows(bizAttackEvent, rows))
    .onConflictDoUpdate({
      target: [bizAttackEvent.serviceId, bizAttackEvent.attackId],
      set: ATTACK_UPDATES,
      // A message that the attack goes on, arriving after the one that closed it, is old news.
      setWhere: sql`${bizAttackEvent.endedAt} is null or excluded.ended_at is not null`,
    })
    .returning({
      eventId: bizAttackEvent.eventId,
      serviceId: bizAttackEvent.serviceId,
      attackId: bizAttackEvent.attackId,
      endedAt: bizAttackEvent.endedAt,
    });
  const changes: AttackChange[] = [];
  for (const { eventId, serviceId, attackId, endedAt } of kept) {
    const wasEnded = known.get(`${serviceId}|${attackId}`);
    if (wasEnded === undefined) changes.push({ change: "started", eventId, serviceId, attackId });
    if (endedAt && wasEnded !== true) changes.push({ change: "ended", eventId, serviceId, attackId });
  }
  return changes;
}

/** The services whose whole-service buckets the batch wrote, and the span written. */
function bucketsWritten(buckets: readonly UsageBucketEntry[]): KeptUsageBatch["bucketsWritten"] {
  const spans = new Map<number, { from: number; to: number }>();
  for (const { serviceId, domain, at } of buckets) {
    if (domain) continue;
    const span = spans.get(serviceId);
    spans.set(serviceId, { from: Math.min(span?.from ?? at, at), to: Math.max(span?.to ?? at, at) });
  }
  return [...spans].map(([serviceId, { from, to }]) => ({
    serviceId,
    from: new Date(from * 1000),
    to: new Date(to * 1000),
  }));
}

/**
 * Keeps a checked batch in the caller's transaction (all of it or, on any failure, none):
 * buckets upserted, top lists replaced, attack events opened or closed. Returns the counts and
 * what changed (the usage alerts read the stored attacks and buckets on their own schedule).
 */
export async function keepUsageBatch(tx: Tx, batch: UsageBatchBody, now: Date): Promise<KeptUsageBatch> {
  const buckets = await keepBuckets(tx, batch.buckets ?? [], now);
  await markHoursToRollUp(tx, batch.buckets ?? []);
  const tops = await keepTops(tx, batch.tops ?? []);
  const attackChanges = await keepAttacks(tx, batch.attacks ?? [], now);
  return {
    taken: { buckets, tops, attacks: new Set((batch.attacks ?? []).map((a) => `${a.serviceId}|${a.attackId}`)).size },
    attackChanges,
    bucketsWritten: bucketsWritten(batch.buckets ?? []),
  };
}
