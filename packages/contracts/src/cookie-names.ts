// Plain constants, without the schema library: the public pages import them (see apply-rules.ts).

/** The cookies the console keeps its session in (spec section 9). */
export const TOKEN_COOKIE = "Admin-Token";
export const TOKEN_EXPIRY_COOKIE = "Admin-Expires-In";
