export * from "./auth.ts";
export * from "./envelope.ts";
export * from "./health.ts";
export * from "./languages.ts";
export * from "./leads.ts";
export * from "./menus.ts";
export * from "./permissions.ts";
export * from "./site.ts";
