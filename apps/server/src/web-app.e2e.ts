import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import type { Database } from "./db/client.ts";
import { findSiteForHost, updateSite } from "./modules/sites/service.ts";
import { DEMO_SITE } from "./seed/seed.ts";
import { TEST_TOKEN_SECRET, testConfig } from "./testing/test-app.ts";
import { openTestDatabase } from "./testing/test-database.ts";

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    config: { ...testConfig(), pageCacheTtlMs: 60_000, env: "production" },
    database,
    tokenSecret: TEST_TOKEN_SECRET,
    webApp: true,
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { host: "demo.localhost", ...headers } });

/** The text of every inline script (those without src) of a page. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

describe("rendered pages kept by the server", () => {
  it("serves a kept page whose inline scripts the policy allows by hash, compressed once", async () => {
    const rendered = await page("/index");
    const kept = await page("/index");
    for (const response of [rendered, kept]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
    }
    // The first answer was rendered for this request: its inline scripts carry its nonce.
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(String(rendered.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    expect(inlineScripts(rendered.body).length).toBeGreaterThan(0);
    expect(rendered.body).toContain(`nonce="${nonce}"`);

    // The kept page carries no nonce; its policy allows exactly its inline scripts by SHA-256.
    const policy = String(kept.headers["content-security-policy"]);
    expect(policy).not.toContain("'nonce-");
    expect(kept.body).not.toContain("nonce=");
    for (const script of inlineScripts(kept.body)) {
      expect(policy).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    }
    const styleNonce = /style-src[^;]*'nonce-([^']+)'/.exec(String(rendered.headers["content-security-policy"]))?.[1];
    // The kept page is the rendered one with every trace of that answer's nonces taken out.
    let expected = rendered.body;
    for (const used of [nonce!, styleNonce!])
      expected = expected.replaceAll(` nonce="${used}"`, "").replaceAll(used, "");
    expect(kept.body).toBe(expected);

    for (const encoding of ["br", "gzip"] as const) {
      const compressed = await page("/index", { "accept-encoding": `${encoding}, identity;q=0.5` });
      expect(compressed.headers["content-encoding"]).toBe(encoding);
      const body = encoding === "br" ? brotliDecompressSync(compressed.rawPayload) : gunzipSync(compressed.rawPayload);
      expect(body.toString("utf8")).toBe(kept.body);
    }
  });

  it("refuses every inline style but its own style elements, and allows them only on the API's documentation", async () => {
    const rendered = await page("/about", { "accept-language": "id" });
    expect(rendered.statusCode).toBe(200);
    const policy = String(rendered.headers["content-security-policy"]);
    expect(policy).toContain("style-src-attr 'none'");
    expect(policy).not.toContain("unsafe-inline");
    // The brand's colours come as a style element under the answer's nonce, not as an attribute.
    const styleNonce = /style-src[^;]*'nonce-([^']+)'/.exec(policy)?.[1];
    expect(rendered.body).toMatch(
      new RegExp(`<style nonce="${styleNonce}">:root\\{--brand:#[0-9a-f]{6};--brand-solid:`),
    );
    expect(rendered.body).not.toMatch(/<[a-z]+ [^>]*style="/);
    const docs = await app.inject({ url: "/prod-api/docs/" });
    expect(String(docs.headers["content-security-policy"])).toContain("style-src 'self' 'unsafe-inline'");
  });

  it("keeps one page per language and per host", async () => {
    const english = await page("/index", { "accept-language": "en" });
    const chinese = await page("/index", { "accept-language": "zh-CN" });
    const otherHost = await page("/index", { host: "localhost" });
    expect(english.body).toContain('lang="en"');
    expect(chinese.body).toContain('lang="zh-CN"');
    expect(english.body).toContain(DEMO_SITE.company);
    expect(otherHost.body).not.toContain(DEMO_SITE.company);
  });

  it("shows a changed company name at once", async () => {
    expect((await page("/index")).body).toContain(DEMO_SITE.company);
    const site = await findSiteForHost(database.db, {
      hostname: "demo.localhost",
      registrableDomain: "demo.localhost",
      isIp: false,
    });
    await updateSite(database, site!.siteId, { company: "Lotus Shield Renamed" }, new Date());
    await expect.poll(async () => (await page("/index")).body).toContain("Lotus Shield Renamed");
  });

  it("never keeps a not-found page", async () => {
    const first = await page("/no-such-page");
    const second = await page("/no-such-page");
    expect(first.statusCode).toBe(404);
    expect(second.statusCode).toBe(404);
  });

  it("renders a page asked by many at once one time, the others waiting for it (no stampede)", async () => {
    // A page nobody has asked yet (as one that has just expired under a flood).
    const answers = await Promise.all(Array.from({ length: 30 }, () => page("/cdn", { "accept-language": "id" })));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    // A rendered answer carries its own nonces; a kept one none.
    const rendered = answers.filter((answer) => answer.body.includes("nonce="));
    expect(rendered).toHaveLength(1);
    // A page that is never kept is not waited for: each request renders its own.
    const missing = await Promise.all(Array.from({ length: 5 }, () => page("/no-such-page-either")));
    for (const answer of missing) expect(answer.statusCode).toBe(404);
  });
});

describe("the page cache and the visitor", () => {
  const signedInHeader = (html: string) => html.includes('href="/user/profile"');

  it("reads the session cookie one way for the key and the page (no crossed pages)", async () => {
    // Each odd cookie first, then a plain visitor and a visitor with a real-looking token.
    for (const odd of ["Admin-Token=; Admin-Token=x", "Admin-Token =x", "Admin-Token=x; Admin-Token="]) {
      const url = `/about?probe=${encodeURIComponent(odd)}`;
      const first = await page(url, { cookie: odd });
      const plain = await page(url);
      const token = await page(url, { cookie: "Admin-Token=abc" });
      expect(signedInHeader(plain.body), `${odd}: plain visitor`).toBe(false);
      expect(signedInHeader(token.body), `${odd}: signed-in visitor`).toBe(true);
      expect(first.statusCode).toBe(200);
    }
  });

  it("keys a page by the origin it was built from, behind a trusted proxy", async () => {
    const proxied = await buildApp({
      config: { ...testConfig(), pageCacheTtlMs: 60_000, env: "production", trustedProxies: ["127.0.0.1"] },
      database,
      tokenSecret: TEST_TOKEN_SECRET,
      webApp: true,
    });
    try {
      const get = (headers: Record<string, string>) =>
        proxied.inject({
          method: "GET",
          url: "/about",
          remoteAddress: "127.0.0.1",
          headers: { host: "demo.localhost", ...headers },
        });
      const poisoned = await get({ "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" });
      expect(poisoned.statusCode).toBe(200);
      const visitor = await get({});
      expect(visitor.body).not.toContain("evil.example");
    } finally {
      await proxied.close();
    }
  });

  it("marks pages that depend on the visitor private and never keeps them", async () => {
    const plain = await page("/about");
    expect(plain.headers["cache-control"] ?? "").not.toMatch(/private/);
    expect(String(plain.headers.vary)).toMatch(/Cookie/);
    const signedIn = await page("/about", { cookie: "Admin-Token=abc" });
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    for (const url of ["/paySuccess?orderNo=12345678", "/upgrade?product=ddos"]) {
      for (let i = 0; i < 2; i++) {
        const response = await page(url, { cookie: "Admin-Token=abc" });
        expect(response.headers["cache-control"], url).toBe("private, no-store");
        expect(response.body, url).toMatch(/nonce="/);
      }
    }
  });
});

describe("pages painted before their scripts load", () => {
  it.each([
    "/index",
    "/admin/login",
    "/cloud/login",
    "/cloud/register",
  ])("%s asks for no script before its first paint, and imports its route modules after it", async (path) => {
    const response = await page(path);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('rel="modulepreload"');
    const bootstrap = inlineScripts(response.body).find((script) => script.includes('addEventListener("load"'));
    expect(bootstrap).toMatch(/await Promise\.all\(\[import\(/);
  });

  it("leaves the console's own pages as React Router writes them", async () => {
    const response = await page("/control/customer");
    expect(response.body).toContain('rel="modulepreload"');
  });
});

/** What a reader sees of a page: its text, without scripts, styles and tags. */
const visibleText = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the provider's figures on the public pages", () => {
  const number = (value: number, language: string) => new Intl.NumberFormat(language).format(value);
  const compact = (value: number, language: string) =>
    new Intl.NumberFormat(language, { notation: "compact", compactDisplay: "long" }).format(value);
  /** Chinese writes hundreds of thousands in 萬/万 on the WAF and gateway pages. */
  const large = (value: number, language: string) =>
    language.startsWith("zh") ? compact(value, language) : number(value, language);
  /** The figures bands' values of a page, as shown. */
  const bandOf = (html: string) =>
    [...html.matchAll(/class="figures__value"[^>]*>([^<]*)</g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
  /** Spec section 9's figures in the band of the page that carries each, as `language` writes them. */
  const banded = (language: string): Record<string, string[]> => ({
    "/index": [
      `${number(2800, language)}+`,
      `${number(100, language)}+`,
      `${number(160, language)} Tbps`,
      `≤ ${number(3, language)} s`,
      `${number(99.9, language)}%`,
      `${number(3000, language)}+`,
      `${number(200, language)}+`,
      number(10, language),
    ],
    "/about": [`${number(2800, language)}+`, `${number(3000, language)}+`, `${number(200, language)}+`, "10"],
    "/ddos": [`≈ ${number(1000, language)} Gbps`],
    "/cfw": [number(15_000, language), compact(1_600_000, language)],
    "/dbaudit": ["400+", number(10_000, language)],
    "/mmj": ["200", "100", "300"],
    "/securitySSL": [number(65_000, language), `≈ ${large(300_000, language)}`],
  });
  /** And in the WAF page's table of editions. */
  const wafTable = (language: string) => [
    `${number(2000, language)} QPS`,
    `${number(5000, language)} QPS`,
    `${large(100_000, language)} QPS`,
    `${large(300_000, language)} QPS`,
  ];

  it.each(["en", "zh-CN", "zh-TW", "id", "vi"])("are on the page the product places them, in %s", async (language) => {
    for (const [path, figures] of Object.entries(banded(language))) {
      const band = bandOf((await page(path, { cookie: `uselang=${language}` })).body);
      // A value may go on with a measure word or unit ("15,000 条"), never with another digit.
      const missing = figures.filter(
        (figure) => !band.some((value) => value.startsWith(figure) && !/^\d/.test(value.slice(figure.length))),
      );
      expect(missing, `${path} in ${language}: ${band.join(" | ")}`).toEqual([]);
    }
    const waf = visibleText((await page("/waf", { cookie: `uselang=${language}` })).body);
    for (const figure of wafTable(language)) expect(waf, `/waf in ${language}`).toContain(figure);
  });

  it.each([
    "id",
    "vi",
  ])("are never written the English way in %s, where a comma is the decimal mark", async (language) => {
    // Every public page, as the sitemap lists them.
    const sitemap = (await page("/sitemap.xml")).body;
    const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(paths).toContain("/waf");
    for (const path of paths) {
      const response = await page(path, { cookie: `uselang=${language}` });
      expect(response.statusCode, path).toBe(200);
      expect(visibleText(response.body), path).not.toMatch(/\d,\d{3}(?!\d)/);
    }
  });
});
