import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sysRateLimit } from "../db/schema.ts";

/** Every this many counts, this process also removes the windows that have ended. */
const TIDY_EVERY = 500;

/**
 * @fastify/rate-limit's counts kept in PostgreSQL, so that a limit holds across every process
 * behind the balancer (the plugin's own store counts per process: three processes would let three
 * times the limit through). One atomic upsert per counted request, on the database's clock: a new
 * window starts when the last one has ended, else the count goes up. Chosen over Redis so that a
 * provider runs nothing more than PostgreSQL; the embedded database serves one process and keeps
 * the plugin's in-memory store.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let counted = 0;
  const tidy = () =>
    db
      .delete(sysRateLimit)
      .where(sql`${sysRateLimit.windowEndsAt} < now() - interval '1 minute'`)
      .catch(() => {}); // litter left for the next tidy; never a request's failure

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(_options: unknown, prefix = "") {
      this.#prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const fullKey = `${this.#prefix}${key}`.slice(0, 400);
      const windowMs = Math.max(1, Math.round(timeWindow));
      db.execute<{ hits: number; ttl: number }>(sql`
        insert into ${sysRateLimit} (key, hits, window_ends_at)
        values (${fullKey}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when ${sysRateLimit.windowEndsAt} <= now() then 1 else ${sysRateLimit.hits} + 1 end,
          window_ends_at = case when ${sysRateLimit.windowEndsAt} <= now()
            then now() + ${windowMs} * interval '1 millisecond' else ${sysRateLimit.windowEndsAt} end
        returning hits, greatest(0, ceil(extract(epoch from window_ends_at - now()) * 1000))::int as ttl`).then(
        (result) => {
          const row = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows[0]!;
          callback(null, { current: Number(row.hits), ttl: Number(row.ttl) });
          if (++counted % TIDY_EVERY === 0) void tidy();
        },
        (error: unknown) => callback(error as Error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      // The plugin passes the route as routeInfo (its types say less than it gives).
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new PostgresRateLimitStore(routeOptions, `${route?.method ?? ""}${route?.url ?? ""}-`);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
