// Plain constants, without the schema library: the public pages import them (see apply-rules.ts).

/** Theme colour when a site has none or branding cannot be loaded (spec section 9). */
export const DEFAULT_THEME_COLOR = "#006eff";

/**
 * The company name shown when a site has none or the site cannot be loaded, and the default
 * site's name on first start: one name for the product before a provider gives it theirs.
 */
export const FALLBACK_COMPANY = "Rampart Cloud";

/** The region value that the front end treats specially (spec section 3). */
export const REGION_PC = "PC";

export const HEX_COLOR_PATTERN = "^#[0-9a-fA-F]{6}$";
