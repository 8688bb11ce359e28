import { createHmac } from "node:crypto";
import type { HelpArticleLink, HelpArticlePage, HelpPath, HelpSection, Language } from "@rampart/contracts";
import type { Database } from "../../db/client.ts";
import { HELP_CHANGED_CHANNEL } from "./help-admin.ts";
import { helpArticle, helpPaths, helpSections, recordHelpfulness, searchHelp } from "./help-articles.ts";

/**
 * The help centre as the public site and the ticket form read it (the pages rendered on the
 * server, the search, "was this helpful?"), and the one place that hears of its changes: rendered
 * help pages are dropped when any process announces one on HELP_CHANGED_CHANNEL.
 */
export class HelpCentre {
  readonly #database: Database;
  readonly #voterKey: Buffer;
  readonly #changeListeners = new Set<() => void>();
  #unlisten: (() => Promise<void>) | undefined;

  constructor(database: Database, secret: string) {
    this.#database = database;
    this.#voterKey = createHmac("sha256", secret).update("rampart help voter").digest();
  }

  async start(): Promise<void> {
    this.#unlisten = await this.#database.listen(HELP_CHANGED_CHANNEL, () => this.#changed());
  }

  async stop(): Promise<void> {
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    await unlisten?.().catch(() => {});
  }

  /** Tells every process (this one included) that articles or categories changed. */
  async announceChange(): Promise<void> {
    this.#changed();
    await this.#database.notify(HELP_CHANGED_CHANNEL);
  }

  /** Calls `listener` whenever what the help pages show may have changed. */
  onChange(listener: () => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  #changed() {
    for (const listener of this.#changeListeners) listener();
  }

  sections(siteId: number | null, language: Language): Promise<HelpSection[]> {
    return helpSections(this.#database.db, siteId, language);
  }

  paths(siteId: number | null): Promise<HelpPath[]> {
    return helpPaths(this.#database.db, siteId);
  }

  article(siteId: number | null, language: Language, category: string, slug: string): Promise<HelpArticlePage | null> {
    return helpArticle(this.#database.db, siteId, language, category, slug);
  }

  search(siteId: number | null, language: Language, words: string, limit: number): Promise<HelpArticleLink[]> {
    return searchHelp(this.#database.db, siteId, language, words, limit);
  }

  /**
   * A reader's answer to "was this helpful?". The reader is their address, kept only as a keyed
   * hash: one answer per address and article (answering again changes it), so that answers cannot
   * be multiplied by changing what the browser says of itself; readers behind one address share one.
   */
  rate(
    siteId: number | null,
    articleId: number,
    helpful: boolean,
    reader: { ip: string },
    now: Date,
  ): Promise<boolean> {
    const voter = createHmac("sha256", this.#voterKey).update(reader.ip).digest("hex");
    return recordHelpfulness(this.#database.db, siteId, articleId, voter, helpful, now);
  }
}
