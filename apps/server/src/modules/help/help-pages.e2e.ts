import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import type { Database } from "../../db/client.ts";
import { signIn } from "../../testing/accounts.ts";
import { TEST_TOKEN_SECRET, testConfig } from "../../testing/test-app.ts";
import { openTestDatabase, TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

// The help centre as visitors and search engines read it: pages drawn on the server in each
// language, with their canonical address, the languages an article is in, the sitemap, the search
// (Chinese and Vietnamese too) and "was this helpful?" without scripts.

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

const page = (url: string, language = "en", host = "demo.localhost") =>
  app.inject({ method: "GET", url, headers: { host, "accept-language": language } });
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z#0-9]+;/g, " ")
    .replace(/\s+/g, " ");
const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");

describe("the help centre's pages", () => {
  it("draws /help, a category and an article in each of the five languages", async () => {
    const expected = {
      en: { home: "How can we help?", article: "Get a free certificate with DNS validation" },
      "zh-CN": { home: "有什么可以帮您？", article: "证书" },
      "zh-TW": { home: "需要什麼協助？", article: "憑證" },
      id: { home: "Ada yang bisa kami bantu?", article: "sertifikat" },
      vi: { home: "Chúng tôi có thể giúp gì cho bạn?", article: "chứng chỉ" },
    };
    for (const [language, words] of Object.entries(expected)) {
      const home = await page("/help", language);
      expect(home.statusCode).toBe(200);
      expect(h1(home.body)).toBe(words.home);
      // Every seeded category, its articles linked.
      for (const path of [
        "/help/getting-started/cname-setup",
        "/help/getting-started/go-live-check",
        "/help/certificates/certificate-dns-validation",
        "/help/billing/top-up-balance",
        "/help/security/under-attack",
      ]) {
        expect(home.body).toContain(`href="${path}"`);
      }
      const article = await page("/help/certificates/certificate-dns-validation", language);
      expect(article.statusCode).toBe(200);
      expect(h1(article.body)?.toLowerCase()).toContain(words.article.toLowerCase());
      expect(article.body).toContain("_acme-challenge");
      expect(article.body).toContain(
        '<link rel="canonical" href="http://demo.localhost/help/certificates/certificate-dns-validation"/>',
      );
      for (const other of ["en", "zh-CN", "zh-TW", "id", "vi"]) {
        expect(article.body).toContain(
          `hrefLang="${other}" href="http://demo.localhost/help/certificates/certificate-dns-validation?lang=${other}"`,
        );
      }
      expect(article.body).toContain("Lotus Shield");
      const category = await page("/help/billing", language);
      expect(category.statusCode).toBe(200);
      expect(category.body).toContain('href="/help/billing/top-up-balance"');
    }
  });

  it("answers 404 for an article or category that is not there", async () => {
    expect((await page("/help/billing/no-such-article")).statusCode).toBe(404);
    expect((await page("/help/no-such-category")).statusCode).toBe(404);
  });

  it("searches in Chinese and Vietnamese, and says so when nothing matches", async () => {
    const chinese = await page(`/help?q=${encodeURIComponent("证书")}`, "zh-CN");
    expect(chinese.statusCode).toBe(200);
    expect(chinese.body).toContain('href="/help/certificates/certificate-dns-validation"');
    expect(chinese.body).toContain('content="noindex, follow"');
    // Any words make a page: results are never kept, by the server nor by a proxy.
    expect(chinese.headers["cache-control"]).toBe("private, no-store");
    expect(String((await page("/help", "zh-CN")).headers["cache-control"] ?? "")).not.toContain("no-store");
    const vietnamese = await page(`/help?q=${encodeURIComponent("bi tan cong")}`, "vi");
    expect(vietnamese.body).toContain('href="/help/security/under-attack"');
    const nothing = await page("/help?q=xyzzy", "en");
    expect(text(nothing.body)).toContain("No article matches these words");
  });

  it("lists the articles in the sitemap", async () => {
    const sitemap = await page("/sitemap.xml");
    expect(sitemap.body).toContain("<loc>http://demo.localhost/help</loc>");
    expect(sitemap.body).toContain("<loc>http://demo.localhost/help/security/under-attack</loc>");
  });

  it("takes 'was this helpful?' from a form without scripts, and shows an article changed in the console at once", async () => {
    const article = await page("/help/billing/top-up-balance");
    const articleId = /name="articleId" value="(\d+)"/.exec(article.body)?.[1];
    expect(articleId).toBeTruthy();
    const answered = await app.inject({
      method: "POST",
      url: "/help/billing/top-up-balance",
      headers: { host: "demo.localhost", "content-type": "application/x-www-form-urlencoded", "accept-language": "en" },
      payload: `articleId=${articleId}&helpful=yes`,
    });
    expect(answered.statusCode).toBe(200);
    expect(text(answered.body)).toContain("Thank you for telling us.");

    // The page is kept; an operator's change of the article drops it.
    const admin = await signIn(app, "admin", TEST_ADMIN_PASSWORD);
    const current = await app.inject({
      method: "GET",
      url: `/prod-api/business/help/articles/${articleId}`,
      headers: admin,
    });
    const view = current.json().data;
    expect(view.helpfulYes).toBe(1);
    const changed = await app.inject({
      method: "PUT",
      url: `/prod-api/business/help/articles/${articleId}`,
      headers: admin,
      payload: {
        categoryId: view.categoryId,
        language: "en",
        slug: view.slug,
        title: "Top up your balance by bank transfer",
        summary: view.summary,
        body: view.body,
        status: "published",
        sort: view.sort,
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(h1((await page("/help/billing/top-up-balance")).body)).toBe("Top up your balance by bank transfer");
  });
});
