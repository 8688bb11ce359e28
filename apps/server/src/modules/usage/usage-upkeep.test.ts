import type { UsageBucketEntry } from "@rampart/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import {
  bizAttackEvent,
  bizService,
  bizUsage5m,
  bizUsageDaily,
  bizUsageHourly,
  bizUsageMonth,
  bizUsageTop,
  sysSite,
} from "../../db/schema.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import { userIdOf } from "../../testing/accounts.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { NO_FIGURES } from "../../testing/usage-test-data.ts";
import { keepUsageBatch } from "./keep-usage-batch.ts";
import { ensureUsagePartitions } from "./usage-partitions.ts";
import { runUsageUpkeep } from "./usage-upkeep.ts";

let database: Database;
let serviceId = 0;
const MBPS = 1_000_000;
// Two hours of 5-minute buckets on 31 October (UTC), across the start of November in Shanghai
// (16:00 UTC), the site's time zone: the whole service's and two domains'.
const START = Date.parse("2026-10-31T15:00:00Z") / 1000;
const bucket = (i: number, domain = "", scale = 1): UsageBucketEntry => ({
  ...NO_FIGURES,
  serviceId,
  ...(domain ? { domain } : {}),
  at: START + i * 300,
  bytesOut: 1000 * (i + 1) * scale,
  requests: 10 * scale,
  status4xx: scale,
  peakBps: (i + 1) * MBPS * scale,
});

async function keep(buckets: UsageBucketEntry[], now: Date) {
  await ensureUsagePartitions(database.db, new Date(START * 1000), new Date((START + 86_400) * 1000));
  await database.db.transaction((tx) => keepUsageBatch(tx, { webhookId: 1, buckets }, now));
}
const hourly = async () =>
  (await database.db.select().from(bizUsageHourly).where(eq(bizUsageHourly.serviceId, serviceId)))
    .map(({ domain, hour, bytesOut, requests, status4xx, peakBps }) => ({
      domain,
      hour: hour.toISOString().slice(11, 16),
      bytesOut,
      requests,
      status4xx,
      peakBps,
    }))
    .sort((a, b) => `${a.hour}${a.domain}`.localeCompare(`${b.hour}${b.domain}`));

beforeAll(async () => {
  database = await openTestDatabase();
  const [site] = await database.db
    .insert(sysSite)
    .values({ company: "Shanghai agent", timeZone: "Asia/Shanghai" })
    .returning({ siteId: sysSite.siteId });
  const [service] = await database.db
    .insert(bizService)
    .values({
      orderNo: "USAGE-UPKEEP-1",
      siteId: site!.siteId,
      userId: await userIdOf(database.db, "admin"),
      product: "cdn",
      configuration: { product: "cdn", edition: "standard", quantities: { bandwidth: 100 } } as never,
      expiresAt: new Date("2027-11-01T00:00:00Z"),
      createdAt: new Date("2026-10-01T00:00:00Z"),
      updatedAt: new Date("2026-10-01T00:00:00Z"),
    })
    .returning({ serviceId: bizService.serviceId });
  serviceId = service!.serviceId;
});
afterAll(async () => {
  await database.close();
});

it("rolls the hours up from their buckets (sums summed, the highest peak), and the day from its hours", async () => {
  const now = new Date("2026-11-01T00:00:00Z");
  const all = Array.from({ length: 24 }, (_, i) => i);
  await keep([...all.map((i) => bucket(i)), ...all.map((i) => bucket(i, "a.example")), bucket(3, "b.example")], now);
  // At 16:30 the 16:00 hour goes on: 15:00 is rolled up, 16:00 waits for its end (readers take
  // it from the 5-minute buckets meanwhile).
  const during = new Date("2026-10-31T16:30:00Z");
  expect((await runUsageUpkeep(database.db, during)).rolledUp).toEqual({ hours: 3, days: 3 });
  expect((await runUsageUpkeep(database.db, now)).rolledUp).toEqual({ hours: 2, days: 3 });
  // 15:00: buckets 0-11, bytes 1000·(1+…+12) = 78,000, peak 12 Mbps; 16:00: buckets 12-23.
  expect(await hourly()).toEqual([
    { domain: "", hour: "15:00", bytesOut: 78_000, requests: 120, status4xx: 12, peakBps: 12 * MBPS },
    { domain: "a.example", hour: "15:00", bytesOut: 78_000, requests: 120, status4xx: 12, peakBps: 12 * MBPS },
    { domain: "b.example", hour: "15:00", bytesOut: 4000, requests: 10, status4xx: 1, peakBps: 4 * MBPS },
    { domain: "", hour: "16:00", bytesOut: 222_000, requests: 120, status4xx: 12, peakBps: 24 * MBPS },
    { domain: "a.example", hour: "16:00", bytesOut: 222_000, requests: 120, status4xx: 12, peakBps: 24 * MBPS },
  ]);
  const [day] = await database.db.select().from(bizUsageDaily).where(eq(bizUsageDaily.domain, ""));
  expect(day).toMatchObject({
    day: new Date("2026-10-31T00:00:00Z"),
    bytesOut: 300_000,
    requests: 240,
    peakBps: 24 * MBPS,
  });
  expect((await runUsageUpkeep(database.db, now)).rolledUp).toEqual({ hours: 0, days: 0 });
});

it("rolls an hour and its day up again when a correction arrives", async () => {
  const now = new Date("2026-11-01T01:00:00Z");
  await keep([bucket(13, "", 10)], now);
  expect((await runUsageUpkeep(database.db, now)).rolledUp).toEqual({ hours: 2, days: 3 });
  const sixteen = (await hourly()).find((row) => row.hour === "16:00" && row.domain === "")!;
  expect(sixteen).toEqual({
    domain: "",
    hour: "16:00",
    bytesOut: 222_000 - 14_000 + 140_000,
    requests: 120 - 10 + 100,
    status4xx: 12 - 1 + 10,
    peakBps: 140 * MBPS,
  });
  const [day] = await database.db.select().from(bizUsageDaily).where(eq(bizUsageDaily.domain, ""));
  expect(day).toMatchObject({ bytesOut: 300_000 - 14_000 + 140_000, peakBps: 140 * MBPS });
});

it("keeps each month's 95th percentile in the site's time zone before its buckets go, then removes what is past retention", async () => {
  const db = database.db;
  await db.insert(bizUsageHourly).values([
    { ...NO_FIGURES, serviceId, domain: "", hour: new Date("2025-10-01T00:00:00Z") },
    { ...NO_FIGURES, serviceId, domain: "", hour: new Date("2025-12-01T00:00:00Z") },
  ]);
  await db
    .insert(bizUsageDaily)
    .values({ ...NO_FIGURES, serviceId, domain: "", day: new Date("2021-11-01T00:00:00Z") });
  const top = { serviceId, kind: "country", rank: 1, key: "ID", requests: 1, bytes: 1 };
  await db.insert(bizUsageTop).values([
    { ...top, day: "2026-09-01" },
    { ...top, day: "2026-09-10" },
  ]);
  const attack = {
    serviceId,
    target: "x",
    vector: "SYN",
    peakBps: 1,
    peakPps: 1,
    action: "scrubbed" as const,
    receivedAt: new Date(),
  };
  await db.insert(bizAttackEvent).values([
    {
      ...attack,
      attackId: "old",
      startedAt: new Date("2024-11-01T00:00:00Z"),
      endedAt: new Date("2024-11-01T01:00:00Z"),
    },
    { ...attack, attackId: "kept", startedAt: new Date("2025-01-01T00:00:00Z"), endedAt: null },
  ]);

  // 35 days after 1 November (UTC): every bucket of 31 October goes, October's partition with them.
  const now = new Date("2026-12-06T00:00:00Z");
  const done = await runUsageUpkeep(db, now);
  expect(done).toMatchObject({
    monthsKept: 2,
    partitionsDropped: ["2026-10"],
    hours: 1,
    days: 1,
    topRows: 1,
    attacks: 1,
  });
  // In Shanghai, buckets 0-11 (peaks 1-12 Mbps) are October's, 12-23 November's (13 corrected to 140).
  const months = await db.select().from(bizUsageMonth).where(eq(bizUsageMonth.serviceId, serviceId));
  expect(
    months
      .map(({ month, p95Bps, samples }) => ({ month, p95Bps, samples }))
      .sort((a, b) => a.month.localeCompare(b.month)),
  ).toEqual([
    { month: "2026-10-01", p95Bps: 12 * MBPS, samples: 12 },
    { month: "2026-11-01", p95Bps: 140 * MBPS, samples: 12 },
  ]);
  expect(await db.select().from(bizUsage5m)).toEqual([]);
  expect((await hourly()).map((row) => row.hour)).toContain("16:00");
  expect((await db.select().from(bizUsageTop)).map((row) => row.day)).toEqual(["2026-09-10"]);
  expect((await db.select().from(bizAttackEvent)).map((row) => row.attackId)).toEqual(["kept"]);
  // This month's partition and the next one are ready before their batches.
  const partitions = await sqlRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
         join pg_class p on p.oid = i.inhparent where p.relname = 'biz_usage_5m' order by 1`,
  );
  expect(partitions.map((row) => row.name)).toEqual(
    expect.arrayContaining(["biz_usage_5m_202612", "biz_usage_5m_202701"]),
  );
  // Taken after the month ended, the months are not taken again.
  expect((await runUsageUpkeep(db, new Date("2026-12-06T01:00:00Z"))).monthsKept).toBe(0);
});
