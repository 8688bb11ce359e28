import type { Catalogue, DurationOption, QuantityPrice } from "./catalogue.ts";

/**
 * The price list a new installation starts with (CNY, in fen). Bandwidth beyond a CDN, DDoS or
 * TCP/UDP package is billed at one and a half times its price per Mbps (`overageRate`). Operators change prices in the
 * database; this is only the seed, and the fixture of the engine's tests.
 */

const yuan = (amount: number) => Math.round(amount * 100);

const q = (included: number, min: number, max: number, step: number, unitYuan: number): QuantityPrice => ({
  included,
  min,
  max,
  step,
  unitPrice: yuan(unitYuan),
});

const MONTHS_AND_YEARS: DurationOption[] = [
  { unit: "month", count: 1, discountPercent: 0 },
  { unit: "month", count: 3, discountPercent: 5 },
  { unit: "month", count: 6, discountPercent: 8 },
  { unit: "year", count: 1, discountPercent: 15 },
  { unit: "year", count: 2, discountPercent: 20 },
  { unit: "year", count: 3, discountPercent: 25 },
];

/** The WAF tiers of spec section 9. */
export const WAF_TIERS = {
  enterprise: {
    normalQps: 2000,
    ccQps: 100_000,
    ipListRules: 20,
    ccRules: 20,
    accessRules: 20,
    originIps: 10,
    nonStandardPorts: false,
  },
  ultimate: {
    normalQps: 5000,
    ccQps: 300_000,
    ipListRules: 50,
    ccRules: 50,
    accessRules: 50,
    originIps: 50,
    nonStandardPorts: true,
  },
} as const;

export const DEFAULT_CATALOGUE: Catalogue = {
  currency: "CNY",
  minimumAmount: yuan(10),
  products: {
    cdn: {
      editions: [
        {
          code: "trial",
          regions: { mainland: 0, overseas: 0 },
          trialDays: 7,
          quantities: { bandwidth: q(20, 20, 20, 1, 0), domains: q(1, 1, 1, 1, 0) },
        },
        {
          code: "mainland",
          regions: { mainland: yuan(299) },
          quantities: { bandwidth: q(100, 100, 10_000, 100, 2), domains: q(10, 1, 500, 1, 10) },
          overageRate: yuan(3),
        },
        {
          code: "global",
          regions: { overseas: yuan(599), global: yuan(799) },
          quantities: { bandwidth: q(100, 100, 10_000, 100, 4), domains: q(10, 1, 500, 1, 10) },
          overageRate: yuan(6),
        },
        { code: "custom", regions: { mainland: 0, overseas: 0, global: 0 }, onRequest: true, quantities: {} },
      ],
      durations: [
        { unit: "day", count: 1, discountPercent: 0 },
        { unit: "day", count: 7, discountPercent: 0 },
        ...MONTHS_AND_YEARS,
      ],
      extras: [
        { code: "https", unitPrice: yuan(50), max: 1 },
        { code: "websocket", unitPrice: yuan(30), max: 1 },
        { code: "ipv6", unitPrice: yuan(50), max: 1 },
      ],
    },
    ddos: {
      editions: [
        {
          code: "trial",
          regions: { mainland: 0 },
          trialDays: 3,
          quantities: { bandwidth: q(20, 20, 20, 1, 0), domains: q(1, 1, 1, 1, 0) },
          features: { defenceGbps: 20 },
        },
        ...(
          [
            ["enterprise", 2999, 1999, 100],
            ["advanced", 5999, 3999, 300],
            ["premium", 9999, 6999, 600],
            ["ultimate", 19_999, 12_999, 1000],
          ] as const
        ).map(([code, mainland, overseas, defenceGbps]) => ({
          code,
          regions: { mainland: yuan(mainland), overseas: yuan(overseas) },
          quantities: {
            bandwidth: q(100, 100, 2000, 50, 5),
            domains: q(10, 10, 200, 10, 20),
            originIps: q(10, 10, 50, 1, 15),
          },
          overageRate: yuan(7.5),
          features: { defenceGbps },
        })),
        { code: "custom", regions: { mainland: 0, overseas: 0 }, onRequest: true, quantities: {} },
      ],
      durations: MONTHS_AND_YEARS,
      extras: [
        { code: "ipv6", unitPrice: yuan(100), max: 1 },
        { code: "ccPro", unitPrice: yuan(300), max: 1 },
      ],
    },
    tcp: {
      editions: [
        {
          code: "trial",
          regions: { mainland: 0 },
          trialDays: 3,
          quantities: { bandwidth: q(20, 20, 20, 1, 0), ports: q(1, 1, 1, 1, 0) },
          features: { defenceGbps: 20 },
        },
        ...(
          [
            ["enterprise", 1999, 1499, 100],
            ["advanced", 4999, 3499, 300],
          ] as const
        ).map(([code, mainland, overseas, defenceGbps]) => ({
          code,
          regions: { mainland: yuan(mainland), overseas: yuan(overseas) },
          quantities: {
            bandwidth: q(100, 100, 2000, 50, 5),
            ports: q(10, 1, 500, 1, 15),
            originIps: q(10, 10, 50, 1, 15),
          },
          overageRate: yuan(7.5),
          features: { defenceGbps },
        })),
        { code: "custom", regions: { mainland: 0, overseas: 0 }, onRequest: true, quantities: {} },
      ],
      durations: MONTHS_AND_YEARS,
      extras: [
        { code: "ipv6", unitPrice: yuan(100), max: 1 },
        { code: "proxyProtocol", unitPrice: yuan(30), max: 1 },
      ],
    },
    waf: {
      editions: [
        {
          code: "trial",
          regions: { mainland: 0, overseas: 0 },
          trialDays: 7,
          quantities: { topLevelDomains: q(1, 1, 1, 1, 0), bandwidth: q(10, 10, 10, 1, 0) },
          features: WAF_TIERS.enterprise,
        },
        {
          code: "enterprise",
          regions: { mainland: yuan(999), overseas: yuan(999), global: yuan(1299) },
          quantities: { topLevelDomains: q(1, 1, 50, 1, 300), bandwidth: q(50, 50, 1000, 50, 10) },
          features: WAF_TIERS.enterprise,
        },
        {
          code: "ultimate",
          regions: { mainland: yuan(2999), overseas: yuan(2999), global: yuan(3599) },
          quantities: { topLevelDomains: q(1, 1, 50, 1, 300), bandwidth: q(100, 100, 2000, 50, 10) },
          features: WAF_TIERS.ultimate,
        },
        { code: "custom", regions: { mainland: 0, overseas: 0, global: 0 }, onRequest: true, quantities: {} },
      ],
      durations: MONTHS_AND_YEARS,
      extras: [
        { code: "botManagement", unitPrice: yuan(500), max: 1 },
        { code: "apiProtection", unitPrice: yuan(300), max: 1 },
        { code: "logDelivery", unitPrice: yuan(100), max: 1 },
      ],
    },
  },
};
