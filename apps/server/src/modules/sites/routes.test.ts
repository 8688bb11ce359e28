import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE, DEMO_SITE } from "../../seed/seed.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { createSite, updateSite } from "./service.ts";

let t: TestApp;
const url = (domainName: string) =>
  `/prod-api/system/common/getSysByDomain?domainName=${encodeURIComponent(domainName)}`;

beforeAll(async () => {
  t = await openTestApp();
  await createSite(t.database.db, {
    ...DEMO_SITE,
    company: "Harbor Guard",
    themeColor: "#6959cd",
    agentCode: "HARBOR",
    consoleDomain: "console.harborguard.com.cn",
    webDomain: "www.harborguard.com.cn",
    domains: ["harborguard.com.cn", "shop.example.org"],
  });
});
afterAll(() => t.close());

describe("GET /prod-api/system/common/getSysByDomain", () => {
  it.each([
    "localhost",
    "localhost:3000",
    "127.0.0.1",
    "[::1]:3000",
  ])("serves the default site for %s", async (host) => {
    const res = await t.app.inject({ url: url(host) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      data: { company: DEFAULT_SITE.company, themeColor: "#006eff", region: "PC", currency: "CNY" },
    });
  });

  it("returns every branding field of the site record", async () => {
    const res = await t.app.inject({ url: url("harborguard.com.cn") });
    expect(Object.keys(res.json().data).sort()).toEqual([
      "agentCode",
      "company",
      "consoleDomain",
      "contactWay",
      "contacts",
      "currency",
      "logo1",
      "marketingFigures",
      "region",
      "siteId",
      "themeColor",
      "webDomain",
    ]);
    expect(res.json().data).toMatchObject({
      company: "Harbor Guard",
      themeColor: "#6959cd",
      agentCode: "HARBOR",
      consoleDomain: "console.harborguard.com.cn",
      webDomain: "www.harborguard.com.cn",
    });
  });

  it("finds a site by its registrable domain (www and other subdomains)", async () => {
    const res = await t.app.inject({ url: url("WWW.HarborGuard.com.cn") });
    expect(res.json().data.company).toBe("Harbor Guard");
  });

  it("serves the default site for a domain no site claims", async () => {
    const res = await t.app.inject({ url: url("unknown.example.net") });
    expect(res.json().data.company).toBe(DEFAULT_SITE.company);
  });

  it("refuses a missing domainName with a 400 that says so", async () => {
    const res = await t.app.inject({ url: "/prod-api/system/common/getSysByDomain" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: "Domain name is required", requestId: expect.any(String) });
  });

  it.each([
    "http://evil.com/",
    "exa mple.com",
    "a..b",
    "<script>",
  ])("refuses the malformed domainName %j", async (bad) => {
    const res = await t.app.inject({ url: url(bad), headers: { "accept-language": "zh-CN" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^不是有效的域名：/);
  });
});

describe("site cache", () => {
  it("shows a changed site at once, although records are cached", async () => {
    const before = await t.app.inject({ url: url("shop.example.org") });
    expect(before.json().data.themeColor).toBe("#6959cd");
    await updateSite(
      t.database,
      before.json().data.siteId,
      { themeColor: "#f5222d", company: "Harbor Guard Ltd" },
      new Date(),
    );
    // The change notification reaches the cache asynchronously (as it would from another process).
    await expect
      .poll(async () => (await t.app.inject({ url: url("shop.example.org") })).json().data)
      .toMatchObject({ themeColor: "#f5222d", company: "Harbor Guard Ltd" });
  });
});
