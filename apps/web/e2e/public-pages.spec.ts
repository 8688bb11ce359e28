import { describe, expect, it } from "vitest";
import { getPage, LANGUAGES, PAGES, publicSiteForThisFile } from "./public-site.ts";

// Every public page as a server answers it (no browser): status, language, title, texts, links.
const site = publicSiteForThisFile();

describe("every public page in every language", () => {
  it.each(
    PAGES.flatMap((path) => LANGUAGES.map((language) => [path, language] as const)),
  )("%s in %s: 200, one h1, the company in the title, no untranslated key", async (path, language) => {
    const { status, html } = await getPage(site.server.port, path, {
      cookie: `uselang=${language}`,
      host: `demo.localhost:${site.server.port}`,
    });
    expect(status).toBe(200);
    expect(html).toContain(`<html lang="${language}"`);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(/\| Lotus Shield$/);
    // A missing translation shows as its key (nav.products, site.applyNow, …).
    const text = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
    expect(text).not.toMatch(
      /\b(nav|site|apply|contact|about|home|footer|header|meta|pricing|order|paySuccess|upgrade|serviceErrors)\.[a-zA-Z_]+\b/,
    );
    expect(text).not.toContain("{{");
  });

  it("tells search engines about each page: canonical, alternates, Open Graph", async () => {
    const { html } = await getPage(site.server.port, "/ddos", { host: `demo.localhost:${site.server.port}` });
    const origin = `http://demo.localhost:${site.server.port}`;
    expect(html).toContain(`<link rel="canonical" href="${origin}/ddos"/>`);
    for (const language of LANGUAGES) {
      expect(html).toContain(`<link rel="alternate" hrefLang="${language}" href="${origin}/ddos?lang=${language}"/>`);
    }
    expect(html).toContain('<meta property="og:title" content="DDoS Protection | Lotus Shield"/>');
    // The home page answers at /, /index and /indexNew: one canonical address.
    for (const path of ["/", "/indexNew"]) {
      const home = await getPage(site.server.port, path, { host: `demo.localhost:${site.server.port}` });
      expect(home.html).toContain(`<link rel="canonical" href="${origin}/index"/>`);
    }
  });

  it("generates sitemap.xml and robots.txt for the host", async () => {
    const sitemap = await getPage(site.server.port, "/sitemap.xml", { host: `demo.localhost:${site.server.port}` });
    for (const path of ["/index", "/contact", "/cdn", "/ddos"]) {
      expect(sitemap.html).toContain(`<loc>http://demo.localhost:${site.server.port}${path}</loc>`);
    }
    const robots = await getPage(site.server.port, "/robots.txt", { host: `demo.localhost:${site.server.port}` });
    expect(robots.html).toContain(`Sitemap: http://demo.localhost:${site.server.port}/sitemap.xml`);
    expect(robots.html).toContain("Disallow: /control/");
  });

  it("re-enters a page through /redirect with its query", async () => {
    const response = await fetch(`${site.base}/redirect/cdn?tab=faq`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(
      new URL(response.headers.get("location") ?? "", site.base).pathname +
        new URL(response.headers.get("location") ?? "", site.base).search,
    ).toBe("/cdn?tab=faq");
    // A browser reads `/\host`, `/<tab>/host` and `//host` in a Location as another host.
    for (const trick of [
      "/evil.example",
      "%5Cevil.example",
      "%5C%5Cevil.example",
      "%09/evil.example",
      "%2F%09%2Fevil.example",
      "./%2F/evil.example",
    ]) {
      const outside = await fetch(`${site.base}/redirect/${trick}`, { redirect: "manual" });
      const location = outside.headers.get("location") ?? "";
      expect(location, trick).not.toMatch(/^[/\\\t]{2}|^\/\s*[/\\]/);
      expect(new URL(location, site.base).origin, trick).toBe(site.base);
    }
  });

  it("answers an unknown path with 404", async () => {
    expect((await fetch(`${site.base}/no-such-product`)).status).toBe(404);
  });
});
