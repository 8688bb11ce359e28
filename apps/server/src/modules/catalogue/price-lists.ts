import type { Catalogue } from "@rampart/pricing";
import { LRUCache } from "lru-cache";
import { cachedRead } from "../../db/cached-read.ts";
import { type Database, UNHEARD_CACHE_TTL_MS } from "../../db/client.ts";
import { BASE_CURRENCY, loadCatalogue } from "./service.ts";

/** Announced by whoever changes a price list, so that every process drops its copy. */
export const PRICE_LIST_CHANGED_CHANNEL = "price_list_changed";

/**
 * The price lists from memory: every order and price page needs one, and a list is a document of
 * some kilobytes that changes rarely. Kept for a short time-to-live and dropped at once when any
 * process announces a change on PRICE_LIST_CHANGED_CHANNEL (for a second only while notifications
 * are not heard); concurrent misses share one query.
 */
export class PriceLists {
  readonly #database: Database;
  readonly #cache: LRUCache<string, Catalogue>;
  readonly #changeListeners = new Set<() => void>();
  #unlisten: (() => Promise<void>) | undefined;

  constructor(database: Database, ttlMs: number) {
    this.#database = database;
    this.#cache = new LRUCache({
      max: 64,
      ttl: Math.max(ttlMs, 1),
      fetchMethod: (currency) => loadCatalogue(database.db, currency),
    });
  }

  async start(): Promise<void> {
    this.#unlisten = await this.#database.listen(PRICE_LIST_CHANGED_CHANNEL, () => this.invalidate());
  }

  /** Drops every kept list, and tells whoever keeps something made from them (rendered price pages). */
  invalidate(): void {
    this.#cache.clear();
    for (const listener of this.#changeListeners) listener();
  }

  /** Calls `listener` whenever a price list may have changed. */
  onChange(listener: () => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  async stop(): Promise<void> {
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    await unlisten?.().catch(() => {});
  }

  /** The list a site sells from: its currency's, else the base one. */
  async forCurrency(currency: string | undefined): Promise<Catalogue> {
    const wanted = (currency ?? BASE_CURRENCY).toUpperCase().slice(0, 3);
    const ttl = this.#database.hearsChanges() ? {} : { ttl: UNHEARD_CACHE_TTL_MS };
    const catalogue = await cachedRead(
      () => this.#cache.fetch(wanted, ttl),
      () => loadCatalogue(this.#database.db, wanted),
    );
    return catalogue as Catalogue;
  }
}
