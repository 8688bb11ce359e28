import { type Static, Type } from "typebox";

/** Theme colour when a site has none or branding cannot be loaded (spec section 9). */
export const DEFAULT_THEME_COLOR = "#006eff";

/** The region value that the front end treats specially (spec section 3). */
export const REGION_PC = "PC";

export const HEX_COLOR_PATTERN = "^#[0-9a-fA-F]{6}$";

/** The branding record a domain resolves to (`sysByDomain`). */
export const SiteRecord = Type.Object({
  siteId: Type.Integer(),
  company: Type.String(),
  themeColor: Type.String({ pattern: HEX_COLOR_PATTERN }),
  contactWay: Type.String(),
  agentCode: Type.String(),
  consoleDomain: Type.String(),
  logo1: Type.String(),
  webDomain: Type.String(),
  region: Type.String(),
  currency: Type.String({ minLength: 3, maxLength: 3 }),
});
export type SiteRecord = Static<typeof SiteRecord>;

export const DOMAIN_NAME_MAX = 253;

export const SiteByDomainQuery = Type.Object({
  domainName: Type.String({ minLength: 1, maxLength: DOMAIN_NAME_MAX + 6 }),
});
export type SiteByDomainQuery = Static<typeof SiteByDomainQuery>;
