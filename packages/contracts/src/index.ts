export * from "./envelope.ts";
export * from "./health.ts";
export * from "./languages.ts";
export * from "./site.ts";
