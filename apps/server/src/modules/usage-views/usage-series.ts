import { USAGE_SUMS, type UsageGranularity, type UsageSeriesFigures } from "@rampart/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sqlRows } from "../../db/sql-rows.ts";
import { dayOf, dayStart, KEPT_DAYS, sameOffsetDays } from "./usage-ranges.ts";

/** The figures' columns, by their names on the wire. */
const COLUMNS: Record<keyof UsageSeriesFigures, string> = {
  bytesOut: "bytes_out",
  bytesOrigin: "bytes_origin",
  requests: "requests",
  cachedRequests: "cached_requests",
  cachedBytes: "cached_bytes",
  status2xx: "status_2xx",
  status3xx: "status_3xx",
  status4xx: "status_4xx",
  status5xx: "status_5xx",
  peakBps: "peak_bps",
  wafBlocked: "waf_blocked",
  ddosBytes: "ddos_bytes",
  ddosPackets: "ddos_packets",
};
const FIGURES = Object.keys(COLUMNS) as (keyof UsageSeriesFigures)[];
const SUMMED = new Set<string>(USAGE_SUMS);

/** Each figure of rows grouped into one: sums add up, the peak is the highest. */
const grouped = (prefix = "") =>
  sql.raw(
    FIGURES.map((figure) => {
      const column = COLUMNS[figure];
      return SUMMED.has(figure)
        ? `coalesce(sum(${prefix}${column}), 0) as ${column}`
        : `coalesce(max(${prefix}${column}), 0) as ${column}`;
    }).join(", "),
  );
const plain = sql.raw(FIGURES.map((figure) => COLUMNS[figure]).join(", "));

/** One service's (or one domain's) series over a range. */
export interface SeriesRequest {
  serviceId: number;
  /** "" = the whole service. */
  domain: string;
  from: Date;
  to: Date;
  granularity: UsageGranularity;
  timeZone: string;
}

const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
/** Where hours are binned from (any whole UTC hour). */
const EPOCH = sql.raw("'2000-01-01T00:00:00Z'::timestamptz");

/**
 * Hours (UTC) from the hourly roll-up, and after its last rolled hour the 5-minute buckets grouped
 * by hour: the roll-up runs behind the platform, and the last hours are shown all the same.
 */
function hourSource({ serviceId, domain, from, to }: SeriesRequest): SQL {
  return sql`
    select hour as at, ${plain} from biz_usage_hourly
     where service_id = ${serviceId} and domain = ${domain} and hour >= ${ts(from)} and hour < ${ts(to)}
    union all
    select date_bin(interval '1 hour', bucket, ${EPOCH}) as at, ${grouped()} from biz_usage_5m
     where service_id = ${serviceId} and domain = ${domain} and bucket >= ${ts(from)} and bucket < ${ts(to)}
       and bucket >= coalesce(
         (select max(hour) from biz_usage_hourly where service_id = ${serviceId} and domain = ${domain})
           + interval '1 hour', '-infinity'::timestamptz)
     group by 1`;
}

/**
 * Days of the reader's time zone: from the hours where they are kept, and for the UTC days wholly
 * before the first kept hour from the daily roll-up (shown on the same date; a day's roll-up cannot
 * be split into another zone's days).
 */
function daySource(request: SeriesRequest): SQL {
  const { serviceId, domain, from, to, timeZone } = request;
  // Binned by arithmetic when the zone's offset does not change over the range (half the query's
  // time over 13 months of hours); converted hour by hour otherwise (summer time).
  const start = dayStart(dayOf(from, timeZone), timeZone);
  const dayOfHour = sameOffsetDays(start, to, timeZone)
    ? sql`date_bin(interval '1 day', h.at, ${ts(start)})`
    : sql`date_trunc('day', h.at at time zone ${timeZone}) at time zone ${timeZone}`;
  return sql`
    select ${dayOfHour} as at, ${grouped("h.")}
      from (${hourSource(request)}) h
     group by 1
    union all
    select (day at time zone 'UTC')::date::timestamp at time zone ${timeZone} as at, ${plain} from biz_usage_daily
     where service_id = ${serviceId} and domain = ${domain}
       and day >= ${ts(new Date(from.getTime() - 86_400_000))} and day < ${ts(new Date(to.getTime() + 86_400_000))}
       and day + interval '1 day' <= coalesce(
         (select min(hour) from biz_usage_hourly where service_id = ${serviceId} and domain = ${domain}),
         'infinity'::timestamptz)`;
}

/** The points' starts: every 5 minutes or hour (UTC) of the range, or every day of the reader's zone. */
function slots({ from, to, granularity, timeZone }: SeriesRequest): SQL {
  if (granularity === "day") {
    const first = dayOf(from, timeZone);
    const last = dayOf(new Date(to.getTime() - 1), timeZone);
    return sql`select d at time zone ${timeZone} as at
      from generate_series(${first}::timestamp, ${last}::timestamp, interval '1 day') d`;
  }
  const step = granularity === "5m" ? 300_000 : 3_600_000;
  const first = new Date(Math.floor(from.getTime() / step) * step);
  const last = new Date(Math.ceil(to.getTime() / step) * step - step);
  const interval = granularity === "5m" ? sql`interval '5 minutes'` : sql`interval '1 hour'`;
  return sql`select generate_series(${ts(first)}, ${ts(last)}, ${interval}) as at`;
}

function source(request: SeriesRequest): SQL {
  const { serviceId, domain, from, to } = request;
  if (request.granularity === "hour") return hourSource(request);
  if (request.granularity === "day") return daySource(request);
  return sql`select bucket as at, ${plain} from biz_usage_5m
    where service_id = ${serviceId} and domain = ${domain} and bucket >= ${ts(from)} and bucket < ${ts(to)}`;
}

/** A range's points, every one of them (zero where the platform sent nothing), oldest first. */
export async function usageSeries(
  db: Db,
  request: SeriesRequest,
): Promise<{ at: string[]; figures: UsageSeriesFigures }> {
  const widened = { ...request };
  if (request.granularity === "hour") {
    widened.from = new Date(Math.floor(request.from.getTime() / 3_600_000) * 3_600_000);
  }
  type Row = Record<string, string> & { at: Date | string };
  const rows = await sqlRows<Row>(
    db,
    sql`select s.at as at, ${grouped("x.")}
          from (${slots(widened)}) s
          left join (${source(widened)}) x on x.at = s.at
         group by s.at
         order by s.at`,
  );
  const figures = Object.fromEntries(FIGURES.map((figure) => [figure, [] as number[]])) as UsageSeriesFigures;
  const at: string[] = [];
  for (const row of rows) {
    at.push(new Date(row.at).toISOString());
    for (const figure of FIGURES) figures[figure].push(Number(row[COLUMNS[figure]]));
  }
  return { at, figures };
}

/**
 * The 95th percentile (nearest rank) of the range's positive 5-minute peaks, as billing takes it;
 * 0 without any; null when the range begins before the 5-minute buckets kept.
 */
export async function rangeP95(db: Db, request: SeriesRequest, now: Date): Promise<number | null> {
  if (now.getTime() - request.from.getTime() > KEPT_DAYS["5m"] * 86_400_000) return null;
  const [row] = await sqlRows<{ p95: string | null }>(
    db,
    sql`select percentile_disc(0.95) within group (order by peak_bps) filter (where peak_bps > 0) as p95
          from biz_usage_5m
         where service_id = ${request.serviceId} and domain = ${request.domain}
           and bucket >= ${ts(request.from)} and bucket < ${ts(request.to)}`,
  );
  return Number(row?.p95 ?? 0);
}
