import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";
import { imageSize } from "../files/image-size.ts";
import { storeUpload } from "../files/service.ts";
import { mailSiteOf } from "../mail/outbox.ts";

let t: TestApp;
let admin: Record<string, string>;
type Site = { siteId: number; agentCode: string; isDefault: boolean } & Record<string, unknown>;

/** A PNG of the given size (its header is all the size is read from; the pixels need not be there). */
function pngOf(width: number, height: number): Buffer {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

const lotus = async () => {
  const response = await t.app.inject({ url: "/prod-api/system/site/list", headers: admin });
  return (response.json().data as Site[]).find((site) => site.agentCode === "LOTUS")!;
};
/** Saves the Lotus site as the console would, with some fields changed. */
const saveLotus = async (change: Record<string, unknown>) => {
  const { siteId, company, themeColor, contactWay, logo1, webDomain, consoleDomain, region, agentCode, currency } =
    await lotus();
  const domains = (await lotus()).domains;
  return t.app.inject({
    method: "PUT",
    url: `/prod-api/system/site/${siteId}`,
    headers: admin,
    payload: {
      ...{ company, themeColor, contactWay, logo1, webDomain, consoleDomain, region, agentCode, currency, domains },
      ...change,
    },
  });
};
const brandOf = async (host: string) =>
  (await t.app.inject({ url: `/prod-api/system/common/getSysByDomain?domainName=${host}` })).json().data;

beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  // A fresh database: slow on a busy machine.
}, 180_000);
afterAll(() => t.close());

describe("a site's uploaded logo at its own address", () => {
  let logoUrl = "";
  it("is served at /brand/logo.png on the site's domains, revalidated by its ETag, and on no other site", async () => {
    const fileId = await storeUpload(
      t.database.db,
      { userId: 1, roles: ["admin"] },
      {
        name: "wordmark.png",
        content: pngOf(240, 64),
        contentType: "image/png",
        extension: "png",
      },
    );
    logoUrl = `/prod-api/file/${fileId}.png`;
    expect((await saveLotus({ logo1: logoUrl })).statusCode).toBe(200);

    const logo = await t.app.inject({ url: "/brand/logo.png", headers: { host: "demo.localhost:3000" } });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(imageSize(logo.rawPayload)).toEqual({ width: 240, height: 64 });
    expect(logo.headers["cache-control"]).toBe("public, max-age=3600");
    const again = await t.app.inject({
      url: "/brand/logo.png",
      headers: { host: "demo.localhost", "if-none-match": String(logo.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const versioned = await t.app.inject({
      url: `/brand/logo.png?v=${fileId.slice(0, 8)}`,
      headers: { host: "demo.localhost" },
    });
    expect(versioned.headers["cache-control"]).toContain("immutable");

    // Not under another name, not on the default site (which has no logo), nothing but the logo.
    for (const [url, host] of [
      ["/brand/logo.jpg", "demo.localhost"],
      ["/brand/logo.png", "localhost"],
      [`/brand/${fileId}.png`, "demo.localhost"],
    ] as const) {
      expect((await t.app.inject({ url, headers: { host } })).statusCode, `${host}${url}`).toBe(404);
    }
  });

  it("is what the site's mails show, at the site's address from its record, drawn in proportion", async () => {
    const site = await mailSiteOf(t.database.db, (await lotus()).siteId);
    expect(site.branding.logoUrl).toMatch(/^http:\/\/demo\.localhost\/brand\/logo\.png\?v=[0-9a-f]{8}$/);
    expect(site.branding.logoSize).toEqual({ width: 240, height: 64 });
    // With a web domain of its own, over https.
    expect((await saveLotus({ webDomain: "www.lotusshield.example" })).statusCode).toBe(200);
    const branded = await mailSiteOf(t.database.db, (await lotus()).siteId);
    expect(branded.branding.logoUrl).toMatch(/^https:\/\/www\.lotusshield\.example\/brand\/logo\.png\?v=/);
    // The default site has no logo: its mails show its name.
    expect((await mailSiteOf(t.database.db, null)).branding.logoUrl).toBe("");
  });
});

describe("a site's own marketing figures", () => {
  it("are kept as given (a number, or null: hidden) and carried by the site record of its domains", async () => {
    expect((await brandOf("demo.localhost")).marketingFigures).toEqual({});
    expect((await saveLotus({ marketingFigures: { nodes: 120, countries: 8, customers: null } })).statusCode).toBe(200);
    expect((await brandOf("demo.localhost")).marketingFigures).toEqual({ nodes: 120, countries: 8, customers: null });
    expect((await brandOf("localhost")).marketingFigures).toEqual({});
    // Saved without them (a dialog whose figures were never opened): unchanged.
    expect((await saveLotus({ company: "Lotus Shield" })).statusCode).toBe(200);
    expect((await brandOf("demo.localhost")).marketingFigures).toEqual({ nodes: 120, countries: 8, customers: null });
  });

  it("refuses a negative number or a text, and changes nothing; keeps no figure of an unknown name", async () => {
    for (const marketingFigures of [{ nodes: -1 }, { years: "ten" }, { customers: 1e12 }]) {
      const response = await saveLotus({ marketingFigures });
      expect(response.statusCode, JSON.stringify(marketingFigures)).toBe(400);
    }
    expect((await brandOf("demo.localhost")).marketingFigures).toEqual({ nodes: 120, countries: 8, customers: null });
    expect((await saveLotus({ marketingFigures: { nodes: 150, revenue: 5 } })).statusCode).toBe(200);
    expect((await brandOf("demo.localhost")).marketingFigures).toEqual({ nodes: 150 });
  });
});
