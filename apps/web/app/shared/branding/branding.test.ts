import { EMPTY_SITE_CONTACTS, type SiteRecord } from "@rampart/contracts";
import { describe, expect, it } from "vitest";
import { brandingOf, FALLBACK_COMPANY } from "./branding";

const site: SiteRecord = {
  siteId: 7,
  company: "Lotus Shield",
  themeColor: "#11A983",
  contactWay: "hello@lotus.example",
  agentCode: "LOTUS",
  consoleDomain: "console.lotus.example",
  logo1: "https://cdn.lotus.example/logo.svg",
  webDomain: "www.lotus.example",
  region: "VN",
  currency: "VND",
  contacts: EMPTY_SITE_CONTACTS,
  marketingFigures: { customers: 500, years: null },
};

describe("brandingOf", () => {
  it("takes the site's branding", () => {
    expect(brandingOf(site)).toMatchObject({
      company: "Lotus Shield",
      themeColor: "#11a983",
      logo: "https://cdn.lotus.example/logo.svg",
      agentCode: "LOTUS",
      marketingFigures: { customers: 500, years: null },
    });
  });

  it("falls back to #006eff and the default name when the site could not be loaded", () => {
    expect(brandingOf(null)).toMatchObject({
      company: FALLBACK_COMPANY,
      themeColor: "#006eff",
      logo: "",
      marketingFigures: {},
    });
  });

  it("never lets a bad colour or logo address into the page", () => {
    const branding = brandingOf({ ...site, themeColor: "red;}</style><script>", logo1: "javascript:alert(1)" });
    expect(branding.themeColor).toBe("#006eff");
    expect(branding.logo).toBe("");
  });
});
