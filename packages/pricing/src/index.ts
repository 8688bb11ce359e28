export * from "./catalogue.ts";
export * from "./catalogue-problems.ts";
export * from "./configuration.ts";
export * from "./configuration-url.ts";
export * from "./coupon.ts";
export * from "./default-catalogue.ts";
export * from "./money.ts";
export * from "./quote.ts";
