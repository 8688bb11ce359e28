import type {
  ApplyBody,
  ApplyField,
  ApplyProblem,
  ContactBlocks,
  HelpArticleLink,
  HelpArticlePage,
  HelpPath,
  HelpSection,
  Language,
  SiteRecord,
} from "@rampart/contracts";
import type { Catalogue } from "@rampart/pricing";
import { createContext } from "react-router";

/** What the server knows about a request before rendering it. */
export interface RequestContext {
  /** The site for the request's Host, or null when it could not be loaded (default branding). */
  site: SiteRecord | null;
  language: Language;
  /**
   * Whether the visitor carries the console's token cookie (spec section 4: the header then shows
   * the console links). Read by the server with the same parser that keys its page cache, so a
   * kept page and the visitor it is served to always agree.
   */
  signedIn: boolean;
  /** CSP nonces for the inline scripts and styles of this response. */
  nonce: string;
  styleNonce: string;
  /**
   * Set when the server keeps rendered pages (its page cache): the renderer hands it the whole
   * document of a page whose route opts in with `handle: { pageCache: true }` and answered 200.
   */
  storePage?: (html: string, headers: Record<string, string>) => void;
  /** Stores an apply/contact form sent without JavaScript (the server's leads service). */
  submitLead?: (
    input: ApplyBody,
  ) => Promise<
    | { ok: true }
    | { ok: false; reason: "invalid"; problems: Partial<Record<ApplyField, ApplyProblem>> }
    | { ok: false; reason: "too-many" }
  >;
  /** The contact details shown on /contact (settings, overridden by the site). */
  contacts?: () => Promise<ContactBlocks>;
  /** The price list the site sells from (its currency's). */
  catalogue?: () => Promise<Catalogue>;
  /** The online payment methods the server takes money with; none: orders are paid offline. */
  onlinePayMethods?: readonly string[];
  /** The site's help centre in the request's language (the server's help module). */
  help?: HelpReader;
}

/** What /help reads of the site's help centre, in the request's language. */
export interface HelpReader {
  sections(): Promise<HelpSection[]>;
  article(category: string, slug: string): Promise<HelpArticlePage | null>;
  search(words: string): Promise<HelpArticleLink[]>;
  /** Every address of the help centre and its languages (the sitemap, a category's hreflang). */
  paths(): Promise<HelpPath[]>;
  /** "Was this helpful?" from the requesting reader; false when the article is not on this site. */
  rate(articleId: number, helpful: boolean): Promise<boolean>;
}

/**
 * Route `handle` of a page that is the same for every visitor of a host, language and URL
 * (`true`), or that depends on the visitor (`false`: never kept, `Cache-Control: private,
 * no-store`). The deepest route that says decides.
 */
export interface PageCacheHandle {
  pageCache?: boolean;
}

/**
 * Set by the Fastify server for every rendered request (getLoadContext). The server reads this
 * very instance from the server build, so that loaders and the server share one key.
 */
export const requestContext = createContext<RequestContext>();

/** Route `handle` of a page drawn with antd: its styles are written into the document's head. */
export interface AntdHandle {
  antd?: boolean;
}

/**
 * A page that is whole and readable as the server drew it: its scripts load once it has been
 * painted (see site/hydrate-after-paint.server.ts). Public pages always are.
 */
export interface PaintFirstHandle {
  paintFirst?: boolean;
}
