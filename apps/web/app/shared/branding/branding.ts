import {
  DEFAULT_THEME_COLOR,
  FALLBACK_COMPANY,
  SITE_CURRENCIES,
  type SiteMarketingFigures,
  type SiteRecord,
} from "@rampart/contracts";

/** What the pages need to look like the site: never missing, even when the site is unknown. */
export interface Branding {
  company: string;
  themeColor: string;
  logo: string;
  contactWay: string;
  agentCode: string;
  webDomain: string;
  consoleDomain: string;
  region: string;
  /** The currency the site sells in (a top-up credits the balance in it); CNY when the site is unknown. */
  currency: string;
  /** The site's own marketing figures (a number, or null: hidden); one left out is the default. */
  marketingFigures: SiteMarketingFigures;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const SAFE_LOGO = /^(https:\/\/|\/)[^\s"'<>]*$/i;

export { FALLBACK_COMPANY };

/** The branding of a site record; without one (lookup failed) the defaults, theme #006eff. */
export function brandingOf(site: SiteRecord | null): Branding {
  return {
    company: site?.company.trim() || FALLBACK_COMPANY,
    themeColor: site && HEX_COLOR.test(site.themeColor) ? site.themeColor.toLowerCase() : DEFAULT_THEME_COLOR,
    logo: site && SAFE_LOGO.test(site.logo1) ? site.logo1 : "",
    contactWay: site?.contactWay ?? "",
    agentCode: site?.agentCode ?? "",
    webDomain: site?.webDomain ?? "",
    consoleDomain: site?.consoleDomain ?? "",
    region: site?.region ?? "",
    currency: site?.currency ?? SITE_CURRENCIES[0],
    marketingFigures: site?.marketingFigures ?? {},
  };
}
