import {
  type AttackEntry,
  USAGE_BUCKET_SECONDS,
  type UsageBucketEntry,
  type UsageTarget,
  type UsageTopEntry,
} from "@rampart/contracts";

/**
 * A stand-in for the provider's platform: plausible figures for a service over a span of time, as
 * the platform would report them — a daily curve (quiet at night, busiest in the evening), busier
 * weekends, some noise; split over the service's domains for CDN and WAF; a few attacks on DDoS
 * and WAF services; daily top lists. Deterministic for a service (a seeded generator), so that
 * sending the same span again sends the same figures.
 */

/** A small seeded generator (mulberry32): the same figures for the same service and bucket. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** How busy the service is at a moment, 0-1: the hour of the day (UTC+7, the customers' evening) and the weekday. */
export function loadAt(at: number): number {
  const local = new Date((at + 7 * 3600) * 1000);
  const hour = local.getUTCHours() + local.getUTCMinutes() / 60;
  const daily = 0.25 + 0.75 * Math.max(0, Math.sin(((hour - 8) / 24) * 2 * Math.PI)) ** 1.5;
  const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6 ? 1.15 : 1;
  return Math.min(1, daily * weekend);
}

export interface SimulatedService extends UsageTarget {
  /** Peaks reach this share of the committed bandwidth (above 1: the month ends in overage). */
  peakShare: number;
}

/** The services as simulated: every third one bandwidth-sold runs over its commitment. */
export function simulated(targets: UsageTarget[]): SimulatedService[] {
  return targets.map((target, i) => ({ ...target, peakShare: target.committedMbps > 0 && i % 3 === 0 ? 1.3 : 0.7 }));
}

const ZERO_ATTACK = { ddosBytes: 0, ddosPackets: 0 };

/** One 5-minute bucket of the whole service (its attacks' traffic mitigated). */
function serviceBucket(service: SimulatedService, at: number, attacks: AttackEntry[]): UsageBucketEntry {
  const noise = 0.9 + 0.2 * random(service.serviceId * 1_000_003 + at / USAGE_BUCKET_SECONDS)();
  const committed = service.committedMbps || 50;
  const peakBps = Math.round(committed * 1_000_000 * service.peakShare * loadAt(at) * noise);
  const bytesOut = Math.round(((peakBps * 0.7) / 8) * USAGE_BUCKET_SECONDS);
  const requests = Math.round(bytesOut / 48_000);
  const attack = attacks.find((a) => a.startedAt <= at && (a.endedAt ?? Number.MAX_SAFE_INTEGER) > at);
  const web = service.product === "cdn" || service.product === "waf";
  return {
    serviceId: service.serviceId,
    at,
    bytesOut,
    bytesOrigin: Math.round(bytesOut * (web ? 0.15 : 1)),
    requests: web ? requests : 0,
    cachedRequests: web ? Math.round(requests * 0.82) : 0,
    cachedBytes: web ? Math.round(bytesOut * 0.85) : 0,
    status2xx: web ? Math.round(requests * 0.92) : 0,
    status3xx: web ? Math.round(requests * 0.04) : 0,
    status4xx: web ? Math.round(requests * 0.035) : 0,
    status5xx: web ? Math.round(requests * 0.005) : 0,
    peakBps,
    wafBlocked: service.product === "waf" ? Math.round(requests * (attack ? 0.3 : 0.004)) : 0,
    ...(attack
      ? { ddosBytes: Math.round((attack.peakBps / 8) * USAGE_BUCKET_SECONDS * 0.6), ddosPackets: attack.peakPps * 180 }
      : ZERO_ATTACK),
  };
}

/** The whole service's figures split over its domains by fixed weights (the first domain the busiest). */
function domainBuckets(whole: UsageBucketEntry, domains: string[]): UsageBucketEntry[] {
  const weights = domains.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return domains.map((domain, i) => {
    const share = weights[i]! / total;
    const part = Object.fromEntries(
      Object.entries(whole).map(([key, value]) =>
        key === "serviceId" || key === "at" ? [key, value] : [key, Math.round((value as number) * share)],
      ),
    ) as unknown as UsageBucketEntry;
    return { ...part, domain };
  });
}

/** The buckets of a service from `from` to `to` (seconds, 5-minute boundaries; `to` excluded). */
export function bucketsOf(
  service: SimulatedService,
  from: number,
  to: number,
  attacks: AttackEntry[],
): UsageBucketEntry[] {
  const buckets: UsageBucketEntry[] = [];
  const split = service.product === "cdn" || service.product === "waf" ? service.domains : [];
  for (let at = from; at < to; at += USAGE_BUCKET_SECONDS) {
    const whole = serviceBucket(service, at, attacks);
    buckets.push(whole, ...domainBuckets(whole, split));
  }
  return buckets;
}

const VECTORS = ["UDP amplification", "SYN flood", "HTTP flood", "ACK flood"] as const;

/** A few attacks on DDoS and WAF services over the span; the latest one still going when it is recent. */
export function attacksOf(service: SimulatedService, from: number, to: number): AttackEntry[] {
  if (service.product !== "ddos" && service.product !== "waf") return [];
  const next = random(service.serviceId * 7919);
  const count = 3;
  return Array.from({ length: count }, (_, i) => {
    const startedAt = from + Math.floor(((i + next()) / count) * (to - from - 3600));
    const start = startedAt - (startedAt % USAGE_BUCKET_SECONDS);
    const minutes = 20 + Math.floor(next() * 70);
    const end = start + minutes * 60;
    const web = service.product === "waf";
    return {
      serviceId: service.serviceId,
      attackId: `sim-${service.serviceId}-${start}`,
      startedAt: start,
      ...(end < to ? { endedAt: end } : {}),
      target: service.domains[0] ?? `203.0.113.${(service.serviceId % 250) + 1}`,
      vector: web ? "HTTP flood" : VECTORS[Math.floor(next() * VECTORS.length)]!,
      peakBps: Math.round((5 + next() * 80) * 1e9),
      peakPps: Math.round((1 + next() * 20) * 1e6),
      action: web ? "challenged" : next() < 0.8 ? "scrubbed" : "blackholed",
    };
  });
}

const COUNTRIES = ["ID", "VN", "SG", "MY", "TH", "PH", "CN", "HK", "TW", "JP", "US", "DE"];
const PATHS = ["/", "/index.html", "/static/app.js", "/static/app.css", "/images/hero.webp", "/api/products", "/login"];
const REFERRERS = ["https://www.google.com/", "https://www.facebook.com/", "https://t.co/", "(direct)"];
const STATUSES = ["200", "304", "206", "404", "301", "403", "502"];

/** A day's top lists of a web service (countries, URLs, clients, referrers, statuses). */
export function topsOf(service: SimulatedService, day: string): UsageTopEntry[] {
  if (service.product !== "cdn" && service.product !== "waf") return [];
  const next = random(service.serviceId * 104_729 + Number(day.replaceAll("-", "")));
  const host = service.domains[0] ?? "www.example.com";
  const list = (kind: UsageTopEntry["kind"], keys: string[]): UsageTopEntry => {
    let requests = 100_000 + Math.floor(next() * 400_000);
    return {
      serviceId: service.serviceId,
      day,
      kind,
      items: keys.map((key) => {
        requests = Math.floor(requests * (0.4 + next() * 0.5));
        return { key, requests, bytes: requests * 48_000 };
      }),
    };
  };
  const clients = Array.from({ length: 10 }, (_, i) => `198.51.100.${(i * 37 + service.serviceId) % 250}`);
  return [
    list("country", COUNTRIES),
    list(
      "url",
      PATHS.map((path) => `https://${host}${path}`),
    ),
    list("client", clients),
    list("referrer", REFERRERS),
    list("status", STATUSES),
  ];
}
