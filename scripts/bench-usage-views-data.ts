// The figures the usage-page bench (bench-usage-views.ts) reads, written by the database itself
// (INSERT … SELECT over generate_series): PACKAGES packages of a customer each, each with its whole
// service and DOMAINS domains (5 series), 35 days of 5-minute buckets, 13 months of hours (up to
// the hour before the last, as the hourly roll-up leaves them), 5 years of days, and 90 days of
// top lists (5 kinds × 50 entries a day). The traffic follows a day's curve (low at night, high in
// the evening of UTC+8), a little lower at weekends, with some noise; each package its own size,
// the domains shares of it. One statement per block of packages, so that the load can be timed
// and stopped; each is a single statement (PGlite's driver takes one at a time).

export const DOMAINS = 4;
const FIVE_MINUTE_DAYS = 35;
const HOURLY_DAYS = 395;
const DAILY_DAYS = 5 * 366;
const TOP_DAYS = 90;
const TOP_ENTRIES = 50;
const TOP_KINDS = ["country", "url", "client", "referrer", "status"];

/** The packages' order numbers (digits, as the routes take them) and their customers' names. */
export const orderNoOf = (n: number) => `91000000000${String(n).padStart(5, "0")}`;
export const customerOf = (n: number) => `bench-usage-${String(n).padStart(5, "0")}`;

/** The packages, their customers (one each, signing in with `passwordHash`) and their domains. */
export function packageStatements(packages: number, passwordHash: string): string[] {
  return [
    `insert into sys_user (user_name, nick_name, email, password_hash, time_zone, email_verified_at)
       select 'bench-usage-' || lpad(n::text, 5, '0'), 'Usage customer ' || n, 'usage' || n || '@example.com',
              '${passwordHash}', 'Asia/Shanghai', now()
         from generate_series(0, ${packages - 1}) n`,
    `insert into biz_service (order_no, user_id, product, configuration, expires_at, created_at, updated_at)
       select '91000000000' || lpad(n::text, 5, '0'), u.user_id, 'cdn',
              jsonb_build_object('product', 'cdn', 'edition', 'standard',
                'quantities', jsonb_build_object('bandwidth', 100 * (1 + n % 10), 'domains', ${DOMAINS})),
              now() + interval '300 days', now() - interval '6 years', now()
         from generate_series(0, ${packages - 1}) n
         join sys_user u on u.user_name = 'bench-usage-' || lpad(n::text, 5, '0')`,
    `insert into biz_service_domain (service_id, name, registrable_domain, cname_target, ownership_token, state,
         verified_at, created_at, updated_at)
       select s.service_id, 'www' || d || '.bench' || s.service_id || '.example', 'bench' || s.service_id || '.example',
              'x' || s.service_id || '.cdn.example', 'bench-token', 'verified', now(), now(), now()
         from biz_service s cross join generate_series(1, ${DOMAINS}) d
        where s.order_no like '91000000000%'`,
  ];
}

/**
 * The series of the packages `first` to `last` (numbers, both included): service, domain and
 * share of the whole service's traffic (the whole 1, the domains 0.4, 0.3, 0.2, 0.1).
 */
const series = (first: number, last: number) => `
  select s.service_id, case when d = 0 then '' else 'www' || d || '.bench' || s.service_id || '.example' end as domain,
         (array[1.0, 0.4, 0.3, 0.2, 0.1])[d + 1] as share,
         (1 + s.service_id % 10) * 4.0e8 as scale
    from biz_service s cross join generate_series(0, ${DOMAINS}) d
   where s.order_no between '${orderNoOf(first)}' and '${orderNoOf(last)}'`;

/**
 * The bytes out of a series (`x`) in the 5 minutes at `t`: its scale times the day's curve (UTC+8:
 * lowest about 04:00, highest about 20:00), 15 % less on Saturdays and Sundays, ±10 % noise.
 */
const bytesAt = (t: string) => `(x.scale * x.share
    * (0.25 + 0.75 * power((1 - cos(2 * pi() * ((extract(epoch from ${t}) / 3600 + 8 - 4) % 24) / 24)) / 2, 1.5))
    * (case when extract(isodow from ${t} at time zone 'Asia/Shanghai') >= 6 then 0.85 else 1 end)
    * (0.9 + 0.2 * ((((extract(epoch from ${t})::bigint / 300) * 7919 + x.service_id * 104729) % 997) / 997.0)))`;

/** The 13 figures' columns, and their values from the bytes out `b` of `buckets` 5-minute buckets. */
const FIGURE_COLUMNS =
  "bytes_out, bytes_origin, requests, cached_requests, cached_bytes, status_2xx, status_3xx, status_4xx, status_5xx, peak_bps, waf_blocked, ddos_bytes, ddos_packets";
const figures = (b: string, buckets: number) => `round(${b}), round(${b} * 0.15), round(${b} / 48000),
    round(${b} / 48000 * 0.8), round(${b} * 0.85), round(${b} / 48000 * 0.93), round(${b} / 48000 * 0.03),
    round(${b} / 48000 * 0.035), round(${b} / 48000 * 0.005), round(${b} / ${buckets} * 8 / 300 * 1.3),
    round(${b} / 48000 * 0.002), 0, 0`;

/** The start of the 5-minute bucket in progress, and of the hour in progress, as SQL. */
const NOW_5M = "(date_bin(interval '5 minutes', now(), timestamptz '2000-01-01'))";
const NOW_HOUR = "date_trunc('hour', now())";

/** The packages `first` to `last`'s 5-minute buckets: 35 days up to the bucket before the one in progress. */
export function fiveMinuteStatement(first: number, last: number): string {
  return `insert into biz_usage_5m (service_id, domain, bucket, ${FIGURE_COLUMNS}, received_at)
    select x.service_id, x.domain, t, ${figures(bytesAt("t"), 1)}, t + interval '6 minutes'
      from (${series(first, last)}) x
      cross join generate_series(${NOW_5M} - interval '${FIVE_MINUTE_DAYS} days', ${NOW_5M} - interval '5 minutes', interval '5 minutes') t`;
}

/** Their hours: 13 months up to two hours ago (the roll-up runs behind), each 12 buckets' worth. */
export function hourlyStatement(first: number, last: number): string {
  return `insert into biz_usage_hourly (service_id, domain, hour, ${FIGURE_COLUMNS})
    select x.service_id, x.domain, t, ${figures(`12 * ${bytesAt("(t + interval '30 minutes')")}`, 12)}
      from (${series(first, last)}) x
      cross join generate_series(${NOW_HOUR} - interval '${HOURLY_DAYS} days', ${NOW_HOUR} - interval '2 hours', interval '1 hour') t`;
}

/** Their days (UTC): 5 years up to yesterday, each 288 buckets' worth. */
export function dailyStatement(first: number, last: number): string {
  return `insert into biz_usage_daily (service_id, domain, day, ${FIGURE_COLUMNS})
    select x.service_id, x.domain, t, ${figures(`288 * 0.55 * x.scale * x.share`, 288)}
      from (${series(first, last)}) x
      cross join generate_series(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '${DAILY_DAYS} days',
                                 date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '1 day', interval '1 day') t`;
}

/**
 * Their top lists: 90 days, each kind's first 50 a day, the keys drawn from a pool a few times
 * larger; written day by day, a package's lists of a day together, as the platform sends them.
 */
export function topStatement(first: number, last: number): string {
  const kinds = TOP_KINDS.map((kind) => `'${kind}'`).join(", ");
  return `insert into biz_usage_top (service_id, day, kind, rank, key, requests, bytes)
    select s.service_id, to_char(current_date - d, 'YYYY-MM-DD'), k, r,
           case k when 'country' then 'C' || lpad(((r * 7 + d) % 60)::text, 2, '0')
                  when 'url' then '/bench/page/' || ((r * 13 + d * 3) % 400) || '.html'
                  when 'client' then '198.51.' || ((r + d) % 250) || '.' || (r * 3 % 250)
                  when 'referrer' then 'https://ref' || ((r * 5 + d) % 200) || '.example/'
                  else (array['200','304','404','403','500','502'])[1 + r % 6] || '-' || r end,
           round(1e7 / r), round(4.8e11 / r)
      from biz_service s
      cross join generate_series(0, ${TOP_DAYS - 1}) d
      cross join unnest(array[${kinds}]) k
      cross join generate_series(1, ${TOP_ENTRIES}) r
     where s.order_no between '${orderNoOf(first)}' and '${orderNoOf(last)}'
     order by d desc, s.service_id, k, r`;
}
