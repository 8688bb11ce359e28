import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { type Precompressed, precompress, sizeOf } from "./precompressed.ts";
import { type Nonces, pagePolicy } from "./security-headers.ts";

/** A rendered page as kept: byte-identical for everyone, so compressed once. */
export interface CachedPage {
  headers: Record<string, string>;
  /** Its Content-Security-Policy: the page's own inline scripts and style elements allowed by hash. */
  csp: string;
  bodies: Precompressed;
}

export interface PageKeyParts {
  host: string;
  language: string;
  signedIn: boolean;
  url: string;
}

// React writes the text of inline scripts and style elements escaped: neither can contain its
// own closing tag, so the text between the tags is exactly what the browser hashes.
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style>/g;

const cspHash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const hashesOf = (html: string, pattern: RegExp) =>
  [...new Set([...html.matchAll(pattern)].map((m) => cspHash(m[1]!)))].join(" ");

/**
 * Rendered public pages, kept in memory per host, language, signed-in state and URL, so that a
 * page every visitor sees alike is rendered once rather than on every request. A page is stored
 * only when its route opts in (see the web app's entry.server) and it answered 200 without
 * setting a cookie.
 *
 * A kept page is the same bytes for everyone, so it is compressed once (brotli and gzip) instead
 * of per answer. That rules out per-answer CSP nonces: the nonce attributes are taken out and the
 * Content-Security-Policy of a kept page allows its inline scripts and styles by their SHA-256
 * hashes instead, which is as strict (nothing else inline can run).
 *
 * Entries live for a short time-to-live and are all dropped when a site record changes (its
 * branding is part of every page); the number of entries is bounded, so random URLs or Host
 * headers cannot grow memory. Per process on purpose: nothing here must be shared.
 */
export class PageCache {
  readonly #pages: LRUCache<string, CachedPage>;
  /** Renders under way, by key: the same page asked meanwhile waits for it instead of rendering too. */
  readonly #rendering = new Map<string, { ended: Promise<void>; end: () => void }>();
  /** Keys whose last render was not kept (the page does not opt in, or failed): nobody waits for those a while. */
  readonly #notKept: LRUCache<string, true>;

  constructor({ ttlMs, maxBytes = 64 * 1024 * 1024 }: { ttlMs: number; maxBytes?: number }) {
    this.#notKept = new LRUCache({ max: 10_000, ttl: Math.max(ttlMs, 1) });
    this.#pages = new LRUCache({
      ttl: Math.max(ttlMs, 1),
      maxSize: maxBytes,
      sizeCalculation: (page) => sizeOf(page.bodies),
    });
  }

  static key({ host, language, signedIn, url }: PageKeyParts): string {
    return `${host.toLowerCase()}\n${language}\n${signedIn ? 1 : 0}\n${url}`;
  }

  get(key: string): CachedPage | undefined {
    return this.#pages.get(key);
  }

  /**
   * Whether this request should render the page itself now: yes when nobody is rendering it (it
   * then leads, and must call `endRender`), or when the page is not one that is kept. Otherwise
   * the caller waits for `whenRendered` first. Without this, a page that expires under a flood
   * is rendered by every request that arrives before the first render ends (hundreds at once,
   * each holding the others up), instead of once.
   */
  beginRender(key: string): "lead" | "wait" | "render" {
    if (this.#notKept.has(key)) return "render";
    if (this.#rendering.has(key)) return "wait";
    let end = () => {};
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    this.#rendering.set(key, { ended, end });
    return "lead";
  }

  /** The leading render of `key` is over, its page kept or not: those waiting for it go on. */
  endRender(key: string): void {
    const render = this.#rendering.get(key);
    if (!render) return;
    this.#rendering.delete(key);
    if (!this.#pages.has(key)) this.#notKept.set(key, true);
    render.end();
  }

  /** Resolves when the render under way for `key` is over, or after `maxWaitMs` at most. */
  whenRendered(key: string, maxWaitMs: number): Promise<void> {
    const render = this.#rendering.get(key);
    if (!render) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxWaitMs);
      void render.ended.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Keeps a page that was rendered with the given nonces (for `ttlMs` instead of the cache's own). */
  set(key: string, page: { html: string; headers: Record<string, string> }, nonces: Nonces, ttlMs?: number): void {
    let html = page.html;
    // Out of the attributes, and out of the hydration data too, so that the browser knows this
    // document allows nothing new by nonce (the web app then loads antd pages as documents).
    for (const nonce of [nonces.script, nonces.style]) {
      if (nonce) html = html.replaceAll(` nonce="${nonce}"`, "").replaceAll(nonce, "");
    }
    this.#pages.set(
      key,
      {
        headers: page.headers,
        csp: pagePolicy(hashesOf(html, INLINE_SCRIPT), hashesOf(html, STYLE_ELEMENT)),
        bodies: precompress(html),
      },
      ttlMs === undefined ? undefined : { ttl: ttlMs },
    );
  }

  clear(): void {
    this.#pages.clear();
    this.#notKept.clear();
  }
}
