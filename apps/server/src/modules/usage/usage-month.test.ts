import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { bizService, bizUsage5m, bizUsageMonth } from "../../db/schema.ts";
import { userIdOf } from "../../testing/accounts.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { NO_FIGURES } from "../../testing/usage-test-data.ts";
import { keepMonthUsage, monthOf, monthUsage } from "./usage-month.ts";
import { dropUsagePartitionsBefore, ensureUsagePartitions } from "./usage-partitions.ts";

let database: Database;
let serviceId = 0;
const MBPS = 1_000_000;

beforeAll(async () => {
  database = await openTestDatabase();
  const at = new Date("2026-11-01T00:00:00Z");
  const [service] = await database.db
    .insert(bizService)
    .values({
      orderNo: "USAGE-MONTH-1",
      userId: await userIdOf(database.db, "admin"),
      product: "cdn",
      configuration: { product: "cdn", edition: "standard", quantities: { bandwidth: 100 } } as never,
      expiresAt: new Date("2027-11-01T00:00:00Z"),
      createdAt: at,
      updatedAt: at,
    })
    .returning({ serviceId: bizService.serviceId });
  serviceId = service!.serviceId;
  // November in Shanghai starts at 16:00 UTC on 31 October: 100 buckets from then, peaks 1..100 Mbps,
  // one bucket of 0 (not a sample), one of 900 Mbps just before (October's), a domain's breakdown of
  // 5,000 Mbps (not the whole service's).
  const start = Date.parse("2026-10-31T16:00:00Z");
  await ensureUsagePartitions(database.db, new Date(start - 300_000), new Date(start + 100 * 300_000));
  const rows = Array.from({ length: 100 }, (_, i) => ({
    ...NO_FIGURES,
    serviceId,
    bucket: new Date(start + i * 300_000),
    peakBps: (i + 1) * MBPS,
    bytesOut: 1000,
    receivedAt: at,
  }));
  rows.push({
    ...NO_FIGURES,
    serviceId,
    bucket: new Date(start + 100 * 300_000),
    peakBps: 0,
    bytesOut: 0,
    receivedAt: at,
  });
  rows.push({
    ...NO_FIGURES,
    serviceId,
    bucket: new Date(start - 300_000),
    peakBps: 900 * MBPS,
    bytesOut: 7,
    receivedAt: at,
  });
  await database.db.insert(bizUsage5m).values(rows);
  await database.db.insert(bizUsage5m).values({
    ...NO_FIGURES,
    serviceId,
    domain: "shop.example",
    bucket: new Date(start),
    peakBps: 5000 * MBPS,
    receivedAt: at,
  });
});
afterAll(async () => {
  await database.close();
});

it("takes the month in the site's time zone, and the 95th percentile of the whole service's positive peaks", async () => {
  expect(await monthOf(database.db, new Date("2026-10-31T16:00:00Z"), "Asia/Shanghai")).toBe("2026-11-01");
  expect(await monthOf(database.db, new Date("2026-10-31T16:00:00Z"), "UTC")).toBe("2026-10-01");
  const november = await monthUsage(database.db, serviceId, "2026-11-01", "Asia/Shanghai");
  expect(november).toEqual({ month: "2026-11-01", p95Bps: 95 * MBPS, samples: 100, bytesOut: 100_000 });
  const october = await monthUsage(database.db, serviceId, "2026-10-01", "Asia/Shanghai");
  expect(october).toEqual({ month: "2026-10-01", p95Bps: 900 * MBPS, samples: 1, bytesOut: 7 });
  // In UTC the 900 Mbps bucket and the first 96 of November's fall in October.
  expect((await monthUsage(database.db, serviceId, "2026-10-01", "UTC")).samples).toBe(97);
});

it("keeps a month's figures, replaced when taken again", async () => {
  const now = new Date("2026-11-02T00:00:00Z");
  await keepMonthUsage(database.db, serviceId, { month: "2026-11-01", p95Bps: 1, samples: 1, bytesOut: 1 }, now);
  await keepMonthUsage(
    database.db,
    serviceId,
    await monthUsage(database.db, serviceId, "2026-11-01", "Asia/Shanghai"),
    now,
  );
  const kept = await database.db.select().from(bizUsageMonth);
  expect(kept.map(({ month, p95Bps, samples }) => ({ month, p95Bps, samples }))).toEqual([
    { month: "2026-11-01", p95Bps: 95 * MBPS, samples: 100 },
  ]);
});

it("drops the partitions of whole months past retention, and makes them again when rows come", async () => {
  expect(await dropUsagePartitionsBefore(database.db, new Date("2026-11-15T00:00:00Z"))).toEqual(["2026-10"]);
  expect((await monthUsage(database.db, serviceId, "2026-10-01", "UTC")).samples).toBe(0);
  expect((await monthUsage(database.db, serviceId, "2026-11-01", "UTC")).samples).toBe(4);
  await ensureUsagePartitions(database.db, new Date("2026-10-02T00:00:00Z"), new Date("2026-10-02T00:00:00Z"));
  await database.db
    .insert(bizUsage5m)
    .values({ ...NO_FIGURES, serviceId, bucket: new Date("2026-10-02T00:00:00Z"), peakBps: 1, receivedAt: new Date() });
  expect((await monthUsage(database.db, serviceId, "2026-10-01", "UTC")).samples).toBe(1);
});
