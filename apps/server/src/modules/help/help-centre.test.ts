import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizHelpArticle, bizHelpCategory } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { searchQuery, searchText } from "./help-search-text.ts";

const clock = new Date("2027-05-02T03:00:00Z");
let t: TestApp;
const as: Record<string, Record<string, string>> = {};

const api = async (
  who: string | null,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => {
  const response = await t.app.inject({
    method,
    url: `/prod-api${url}`,
    headers: { ...(who ? as[who] : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() };
};
/** The public search as a visitor of a host, in a language. */
const search = async (q: string, language: string, host = "localhost") => {
  const { body } = await api(null, "GET", `/help/search?q=${encodeURIComponent(q)}`, undefined, {
    host,
    "accept-language": language,
  });
  return (body.data as { path: string; title: string }[]).map((article) => article.path);
};
const categoryId = async (slug: string) =>
  (await t.database.db.select().from(bizHelpCategory).where(eq(bizHelpCategory.slug, slug)))[0]!.categoryId;
const article = (overrides: Record<string, unknown>) => ({
  language: "en",
  slug: "a-new-article",
  title: "A new article",
  summary: "",
  body: "<p>Some text.</p>",
  status: "published",
  sort: 5,
  ...overrides,
});

beforeAll(async () => {
  t = await openTestApp({ now: () => clock, jobSchedules: false });
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  as.lotus = await signInDemoSiteOperator(t.app, t.database.db);
  await createUser(t.database.db, { userName: "reader", password: "Reader-pass-2027" });
  as.reader = await signIn(t.app, "reader", "Reader-pass-2027");
});
afterAll(() => t.close());

describe("the search's text", () => {
  it("cuts Chinese into pairs of characters and folds case and accents of other scripts", () => {
    expect(searchText("申请证书")).toBe("申请 请证 证书");
    expect(searchText("Tên miền CNAME")).toBe("ten mien cname");
    expect(searchText("Đăng ký")).toBe("dang ky");
    // Latin and Chinese written together are still two words.
    expect(searchText("SSL证书")).toBe("ssl 证书");
    expect(searchQuery("证书", "all")).toBe("证书:*");
    expect(searchQuery("dns 验证", "any")).toBe("dns | 验证:*");
    expect(searchQuery("how do I set a cname", "any")).toBe("how | set | cname:*");
    expect(searchQuery("how do I set a cname", "all")).toBe("how & do & i & set & a & cname:*");
    // Nothing to search for: no letters, or one letter alone.
    expect(searchQuery(" !? ", "all")).toBeNull();
    expect(searchQuery("a", "all")).toBeNull();
    // Nothing of the query language gets through: only letters and digits are kept.
    expect(searchQuery("cname:* & !(x) | 'yes'", "all")).toBe("cname & x & yes:*");
  });
});

describe("the seeded help centre, searched", () => {
  it("finds articles in each language, Chinese and Vietnamese included, with or without accents", async () => {
    expect(await search("CNAME", "en")).toContain("/help/getting-started/cname-setup");
    expect((await search("certif", "en"))[0]).toBe("/help/certificates/certificate-dns-validation");
    expect(await search("证书", "zh-CN")).toContain("/help/certificates/certificate-dns-validation");
    expect(await search("充值", "zh-CN")).toContain("/help/billing/top-up-balance");
    expect(await search("憑證", "zh-TW")).toContain("/help/certificates/certificate-dns-validation");
    expect(await search("tấn công", "vi")).toContain("/help/security/under-attack");
    expect(await search("tan cong", "vi")).toContain("/help/security/under-attack");
    expect(await search("nạp tiền", "vi")).toContain("/help/billing/top-up-balance");
    expect(await search("serangan", "id")).toContain("/help/security/under-attack");
    // Words that are not all in one article still find the closest ones.
    expect((await search("how do I set up a cname record", "en"))[0]).toBe("/help/getting-started/cname-setup");
    expect(await search("xyzzy", "en")).toEqual([]);
    // A language's search reads that language's articles only.
    expect(await search("证书", "en")).toEqual([]);
  });
});

describe("articles of a site, over the installation's", () => {
  it("lets a site's operator replace and hide the installation's articles on their site only", async () => {
    const billing = await categoryId("billing");
    const security = await categoryId("security");
    // The demo site's operator writes their own top-up article (the same address).
    const own = await api(
      "lotus",
      "POST",
      "/business/help/articles",
      article({
        categoryId: billing,
        slug: "top-up-balance",
        title: "Top up by VietQR",
        body: '<p>Scan the VietQR code.</p><script>alert(1)</script><p onclick="x()">Done.</p>',
        siteId: null,
      }),
    );
    expect(own.status).toBe(200);
    expect(own.body.data.overrides).toBeGreaterThan(0);
    expect(own.body.data.body).toBe("<p>Scan the VietQR code.</p><p>Done.</p>");
    expect(own.body.data.siteName).toBe("Lotus Shield");
    // …and takes the attack article off their site.
    const hidden = await api(
      "lotus",
      "POST",
      "/business/help/articles",
      article({ categoryId: security, slug: "under-attack", title: "Hidden", body: "", status: "hidden" }),
    );
    expect(hidden.status).toBe(200);

    expect(await search("VietQR", "en", "demo.localhost")).toEqual(["/help/billing/top-up-balance"]);
    expect(await search("VietQR", "en")).toEqual([]);
    expect(await search("attack", "en", "demo.localhost")).not.toContain("/help/security/under-attack");
    expect(await search("attack", "en")).toContain("/help/security/under-attack");
    // The other languages of the demo site still read the installation's top-up article.
    expect(await search("充值", "zh-CN", "demo.localhost")).toContain("/help/billing/top-up-balance");

    // The installation's articles are not theirs to change; another site's are not even seen.
    const installation = (
      await t.database.db.select().from(bizHelpArticle).where(eq(bizHelpArticle.slug, "cname-setup"))
    ).find((row) => row.language === "en")!;
    const refused = await api(
      "lotus",
      "PUT",
      `/business/help/articles/${installation.articleId}`,
      article({ categoryId: installation.categoryId, slug: "cname-setup", title: "Mine now" }),
    );
    expect(refused.status).toBe(404);
    const adminOwn = await api(
      "admin",
      "POST",
      "/business/help/articles",
      article({ categoryId: billing, slug: "default-site-only", title: "Default only", siteId: 1 }),
    );
    expect(adminOwn.status).toBe(200);
    expect((await api("lotus", "GET", `/business/help/articles/${adminOwn.body.data.articleId}`)).status).toBe(404);
    const listed = await api("lotus", "GET", "/business/help/articles?pageSize=50&language=en");
    expect(listed.body.rows.map((row: { slug: string }) => row.slug)).not.toContain("default-site-only");
    expect(listed.body.rows.map((row: { slug: string }) => row.slug)).toContain("cname-setup");

    // Categories are the installation's: a site's operator reads them, never changes them.
    expect((await api("lotus", "GET", "/business/help/categories")).body.data).toHaveLength(4);
    const category = await api("lotus", "POST", "/business/help/categories", {
      slug: "mine",
      name: { en: "Mine", "zh-CN": "", "zh-TW": "", id: "", vi: "" },
      sort: 1,
    });
    expect(category.status).toBe(403);
  });

  it("keeps drafts off the site, refuses a taken address and an empty article, and answers in the operator's language", async () => {
    const billing = await categoryId("billing");
    const draft = await api(
      "admin",
      "POST",
      "/business/help/articles",
      article({ categoryId: billing, slug: "refund-policy", title: "Refund policy draft", status: "draft" }),
    );
    expect(draft.status).toBe(200);
    expect(draft.body.data.publishedAt).toBeNull();
    expect(await search("refund policy draft", "en")).not.toContain("/help/billing/refund-policy");
    const published = await api(
      "admin",
      "PUT",
      `/business/help/articles/${draft.body.data.articleId}`,
      article({ categoryId: billing, slug: "refund-policy", title: "Refund policy", status: "published" }),
    );
    expect(published.body.data.publishedAt).toBe(clock.toISOString());
    expect((await search("refund policy", "en"))[0]).toBe("/help/billing/refund-policy");

    const taken = await api(
      "admin",
      "POST",
      "/business/help/articles",
      article({ categoryId: billing, slug: "refund-policy", title: "Again" }),
      { "accept-language": "zh-CN" },
    );
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe("该分类和语言下已有使用此地址的文章");
    const empty = await api(
      "admin",
      "POST",
      "/business/help/articles",
      article({ categoryId: billing, slug: "empty", body: "<p><script>x</script></p>" }),
    );
    expect(empty.status).toBe(400);
    const noSite = await api(
      "admin",
      "POST",
      "/business/help/articles",
      article({ categoryId: billing, slug: "nowhere", siteId: 99_999 }),
    );
    expect(noSite.status).toBe(400);
    const badSlug = await api(
      "admin",
      "POST",
      "/business/help/articles",
      article({ categoryId: billing, slug: "Bad Slug" }),
    );
    expect(badSlug.status).toBe(400);
    // A category with articles is not removed.
    const inUse = await api("admin", "DELETE", `/business/help/categories/${billing}`);
    expect(inUse.status).toBe(409);
    // A customer is no operator.
    expect((await api("reader", "GET", "/business/help/articles")).status).toBe(403);
  });
});

describe("was this helpful?", () => {
  it("counts one answer per reader's address, which they may change, for articles of the visitor's site", async () => {
    const [row] = (
      await t.database.db.select().from(bizHelpArticle).where(eq(bizHelpArticle.slug, "go-live-check"))
    ).filter((candidate) => candidate.language === "en" && candidate.siteId === null);
    const rate = async (helpful: boolean, address: string, agent = "Firefox") => {
      const response = await t.app.inject({
        method: "POST",
        url: `/prod-api/help/articles/${row!.articleId}/helpful`,
        remoteAddress: address,
        headers: { host: "localhost", "user-agent": agent },
        payload: { helpful },
      });
      return { status: response.statusCode };
    };
    expect((await rate(true, "203.0.113.1")).status).toBe(200);
    // The same reader again, even saying they are another browser: still one answer.
    expect((await rate(true, "203.0.113.1", "Chrome")).status).toBe(200);
    expect((await rate(false, "203.0.113.2")).status).toBe(200);
    expect((await rate(true, "203.0.113.3")).status).toBe(200);
    expect((await rate(false, "203.0.113.3")).status).toBe(200);
    const counted = await api("admin", "GET", `/business/help/articles/${row!.articleId}`);
    expect(counted.body.data).toMatchObject({ helpfulYes: 1, helpfulNo: 2 });
    // An article not shown on that site (a draft, another site's, hidden there) takes no answer.
    const hidden = (
      await t.database.db.select().from(bizHelpArticle).where(eq(bizHelpArticle.slug, "under-attack"))
    ).find((candidate) => candidate.language === "en" && candidate.siteId === null)!;
    const refused = await api(
      null,
      "POST",
      `/help/articles/${hidden.articleId}/helpful`,
      { helpful: true },
      { host: "demo.localhost" },
    );
    expect(refused.status).toBe(404);
  });
});
