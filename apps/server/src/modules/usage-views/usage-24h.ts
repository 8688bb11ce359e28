import type { Usage24h } from "@rampart/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sqlRows } from "../../db/sql-rows.ts";

const DAY_MS = 86_400_000;

/**
 * What a customer's packages did over the 24 hours before `at` (the control center's cards): the
 * whole packages' 5-minute buckets added up, and the attacks that went on in that time.
 */
export async function usage24hOf(db: Db, userId: number, at: Date): Promise<Usage24h> {
  const since = new Date(at.getTime() - DAY_MS).toISOString();
  const until = at.toISOString();
  const [[sums], [attacks]] = [
    await sqlRows<{ bytes_out: string; requests: string; waf_blocked: string }>(
      db,
      sql`select coalesce(sum(u.bytes_out), 0) as bytes_out, coalesce(sum(u.requests), 0) as requests,
                 coalesce(sum(u.waf_blocked), 0) as waf_blocked
            from biz_usage_5m u
           where u.service_id in (select service_id from biz_service where user_id = ${userId})
             and u.domain = '' and u.bucket >= ${since}::timestamptz and u.bucket < ${until}::timestamptz`,
    ),
    await sqlRows<{ n: string }>(
      db,
      sql`select count(*) as n from biz_attack_event a
           where a.service_id in (select service_id from biz_service where user_id = ${userId})
             and a.started_at < ${until}::timestamptz
             and (a.ended_at is null or a.ended_at >= ${since}::timestamptz)`,
    ),
  ];
  return {
    bytesOut: Number(sums?.bytes_out ?? 0),
    requests: Number(sums?.requests ?? 0),
    wafBlocked: Number(sums?.waf_blocked ?? 0),
    attacks: Number(attacks?.n ?? 0),
  };
}
