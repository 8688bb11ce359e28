// The usage alerts' five-minute check (issue 40) with a provider's month loaded: PACKAGES bandwidth
// packages of 100 Mbps, each with a month of whole-service 5-minute buckets (1–30 November in the
// site's calendar, Shanghai), all reporting in the last five minutes, as every run finds them. The
// first run crosses 80 % and 100 % for the packages above them (their mails and events stubbed: the
// check is measured, not the outbox); the runs after it find nothing new, as most runs do. Times
// per run, on PGlite (in memory) or, with BENCH_DATABASE_URL, on a PostgreSQL database of its own.
// Alone: `node scripts/bench-usage-alerts.ts`; BENCH_USAGE_ALERTS_PACKAGES (200), BENCH_USAGE_ALERTS_RUNS (10).
import { eq, sql } from "drizzle-orm";
import { sysSite } from "../apps/server/src/db/schema.ts";
import { PriceLists } from "../apps/server/src/modules/catalogue/price-lists.ts";
import { ensureUsagePartitions } from "../apps/server/src/modules/usage/usage-partitions.ts";
import { checkRecentThresholds, type ThresholdDeps } from "../apps/server/src/modules/usage-alerts/threshold-alerts.ts";
import { openTestDatabase } from "../apps/server/src/testing/test-database.ts";

const PACKAGES = Number(process.env.BENCH_USAGE_ALERTS_PACKAGES ?? 200);
const RUNS = Number(process.env.BENCH_USAGE_ALERTS_RUNS ?? 10);
// 23:00 on 30 November in Shanghai: the month's last hour, 8,616 buckets in.
const NOW = new Date("2026-11-30T15:00:00Z");
const MONTH_STARTS = "2026-10-31T16:00:00Z";

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const database = await openTestDatabase();
const { db } = database;
try {
  await db.update(sysSite).set({ timeZone: "Asia/Shanghai" }).where(eq(sysSite.isDefault, true));
  await ensureUsagePartitions(db, new Date(MONTH_STARTS), NOW);
  const loading = performance.now();
  await db.execute(sql`
    insert into biz_service (order_no, user_id, product, configuration, expires_at, created_at, updated_at)
    select 'BENCH-ALERTS-' || n, (select user_id from sys_user where user_name = 'admin'), 'cdn',
           jsonb_build_object('product', 'cdn', 'edition', 'mainland', 'region', 'mainland',
             'quantities', jsonb_build_object('bandwidth', 100, 'domains', 10),
             'duration', jsonb_build_object('unit', 'year', 'count', 1), 'extras', '{}'::jsonb),
           ${NOW.toISOString()}::timestamptz + interval '300 days', '2026-09-01', '2026-09-01'
      from generate_series(0, ${PACKAGES - 1}) n`);
  // Each package its own size (peaks of 45 to 125 Mbps in the evening, a quarter of that at
  // night): about half end above 80 % of 100 Mbps at the 95th percentile, a quarter above 100 %.
  await db.execute(sql`
    insert into biz_usage_5m (service_id, domain, bucket, bytes_out, bytes_origin, requests, cached_requests,
        cached_bytes, status_2xx, status_3xx, status_4xx, status_5xx, peak_bps, waf_blocked, ddos_bytes,
        ddos_packets, received_at)
    select s.service_id, '', t, 1e9, 0, 1000, 0, 0, 1000, 0, 0, 0,
           round((45 + (s.service_id % 80)) * 1e6
                 * (0.25 + 0.75 * power((1 - cos(2 * pi() * ((extract(epoch from t) / 3600 + 8 - 4) % 24) / 24)) / 2, 1.5))),
           0, 0, 0, t + interval '4 minutes'
      from biz_service s
     cross join generate_series(${MONTH_STARTS}::timestamptz, ${NOW.toISOString()}::timestamptz - interval '5 minutes', interval '5 minutes') t
     where s.order_no like 'BENCH-ALERTS-%'`);
  await db.execute(sql`vacuum analyze`);
  console.log(
    `${PACKAGES} packages × a month of buckets loaded in ${((performance.now() - loading) / 1000).toFixed(1)} s`,
  );

  const deps: ThresholdDeps = {
    db,
    mail: { enqueue: async () => {} } as unknown as ThresholdDeps["mail"],
    emitEvent: async () => {},
    priceLists: new PriceLists(database, 0),
  };
  const since = new Date(NOW.getTime() - 15 * 60_000);
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const at = performance.now();
    const crossed = await checkRecentThresholds(deps, since, NOW);
    const ms = performance.now() - at;
    if (run === 0) console.log(`first run: ${ms.toFixed(0)} ms, ${crossed} thresholds crossed`);
    else times.push(ms);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `runs after it (${RUNS}): median ${median.toFixed(0)} ms, fastest ${times[0]!.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms`,
  );
} finally {
  await database.close();
}
