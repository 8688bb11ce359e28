import type { SiteRecord } from "@rampart/contracts";
import { LRUCache } from "lru-cache";
import { cachedRead } from "../../db/cached-read.ts";
import { type Database, UNHEARD_CACHE_TTL_MS } from "../../db/client.ts";
import { type ParsedHost, parseHost } from "./domain-name.ts";
import { findSiteByAgentCode, findSiteForHost, SITE_CHANGED_CHANNEL } from "./service.ts";

const NO_SITE = Symbol("no site");

/**
 * Answers "which site is this host?" from memory. Records are cached per host for a short
 * time-to-live and dropped at once when any server process announces a change on
 * SITE_CHANGED_CHANNEL (PostgreSQL LISTEN/NOTIFY), so several processes stay correct; the TTL
 * bounds staleness should a notification ever be missed, and while notifications are not heard
 * (their connection is being re-established) a record is kept for a second only. Concurrent misses for one host share one
 * query, and the number of hosts kept is bounded (random Host headers cannot grow memory).
 */
export class SiteDirectory {
  readonly #database: Database;
  readonly #cache: LRUCache<string, SiteRecord | typeof NO_SITE, ParsedHost>;
  #unlisten: (() => Promise<void>) | undefined;
  readonly #changeListeners = new Set<() => void>();

  constructor(database: Database, ttlMs: number) {
    this.#database = database;
    this.#cache = new LRUCache({
      max: 5_000,
      ttl: Math.max(ttlMs, 1),
      fetchMethod: async (_key, _stale, { context }) => (await findSiteForHost(database.db, context)) ?? NO_SITE,
    });
  }

  /** Subscribes to change notifications; call once after the database is open. */
  async start(): Promise<void> {
    this.#unlisten = await this.#database.listen(SITE_CHANGED_CHANNEL, () => this.invalidate());
  }

  /** Unsubscribes; never throws (the database may already be gone when the server stops). */
  async stop(): Promise<void> {
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    await unlisten?.().catch(() => {});
  }

  invalidate(): void {
    this.#cache.clear();
    for (const listener of this.#changeListeners) listener();
  }

  /** Calls `listener` whenever site records may have changed (anything derived from them is stale). */
  onChange(listener: () => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  /** The site for an already parsed host, or null when no site (not even a default) exists. */
  async siteForHost(host: ParsedHost): Promise<SiteRecord | null> {
    const options = { context: host, ...(this.#database.hearsChanges() ? {} : { ttl: UNHEARD_CACHE_TTL_MS }) };
    const found = await cachedRead(
      () => this.#cache.fetch(host.hostname, options),
      async () => (await findSiteForHost(this.#database.db, host)) ?? NO_SITE,
    );
    return found === NO_SITE || found === undefined ? null : found;
  }

  /** The site with an agent code (sign-in and registration forms: rare, so not cached). */
  siteForAgentCode(agentCode: string): Promise<SiteRecord | null> {
    return findSiteByAgentCode(this.#database.db, agentCode);
  }

  /** The site for a raw Host header value; a malformed host is served as the default site. */
  async siteForHostHeader(hostHeader: string | undefined): Promise<SiteRecord | null> {
    const host = parseHost(hostHeader ?? "") ?? { hostname: "", registrableDomain: null, isIp: false };
    return this.siteForHost(host);
  }
}
