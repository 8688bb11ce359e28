import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import type { AlipaySettings, AntomSettings } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { JobClock } from "../jobs/job-runner.ts";
import type { AcmeSettings } from "../modules/certificates/acme-accounts.ts";
import { openTestDatabase } from "./test-database.ts";

export interface TestApp {
  app: FastifyInstance;
  database: Database & { url?: string };
  close(): Promise<void>;
}

export const TEST_TOKEN_SECRET = "test-token-secret-that-is-long-enough-0123456789";
export const TEST_TOKEN_TTL_MS = 720 * 60_000;

export interface TestAppOptions {
  siteCacheTtlMs?: number;
  captchaEnabled?: boolean;
  loginRateLimitPerMinute?: number;
  trustedProxies?: string[];
  now?: () => Date;
  /** Alipay's settings (a stand-in gateway); without them orders are settled offline. */
  alipay?: AlipaySettings;
  /** Antom's settings (a stand-in gateway) for International Alipay. */
  antom?: AntomSettings;
  /** The job runner's clock (pg-boss's TestClock), to walk through retries without waiting. */
  jobClock?: JobClock;
  /** False: no cron schedule is set (the test calls the scheduled work itself, and counts it). */
  jobSchedules?: boolean;
  /** An SMTP server for the mail (a test's own smtp-server); none: mail is kept, not sent. */
  smtpUrl?: string;
  /** Log lines at this level and above go here (no log otherwise). */
  log?: { level: "info" | "error"; stream: { write(line: string): void } };
  /** Webhook endpoints on this machine over http (a test's own receiver). */
  webhookAllowLoopback?: boolean;
  /** Turns on GET /metrics with this bearer token. */
  metricsToken?: string;
  /** Monitoring may reach this machine (a test's own web server). */
  outboundAllowPrivate?: boolean;
  /** DNS servers for record checks and customer-given names (a test's own DNS server). */
  dnsServers?: string[];
  /** The ACME CA (a test's own Pebble). */
  acme?: AcmeSettings;
  /** The port links to local names carry, as a server listening on it (none: no port). */
  port?: number;
  /** The support desk's inbound mail: its SMTP listener on 127.0.0.1 (0: any free port), its webhook's secret. */
  inboundMail?: { smtpPort?: number; webhookSecret?: string };
}

/** The config tests run with: the captcha off unless a test is about it. */
export function testConfig(options: TestAppOptions = {}) {
  return {
    logLevel: options.log?.level ?? ("silent" as const),
    env: "test" as const,
    siteCacheTtlMs: options.siteCacheTtlMs ?? 60_000,
    tokenTtlMs: TEST_TOKEN_TTL_MS,
    captchaEnabled: options.captchaEnabled ?? false,
    trustedProxies: options.trustedProxies ?? [],
    loginRateLimitPerMinute: options.loginRateLimitPerMinute ?? 1_000,
    unpaidOrderTtlMs: 3 * 86_400_000,
    alipay: options.alipay,
    antom: options.antom,
    smtpUrl: options.smtpUrl,
    mailFrom: "no-reply@rampart.test",
    webhookAllowLoopback: options.webhookAllowLoopback ?? false,
    metricsToken: options.metricsToken,
    outboundAllowPrivate: options.outboundAllowPrivate ?? false,
    dnsServers: options.dnsServers ?? [],
    ...(options.acme ? { acme: options.acme } : {}),
    ...(options.port ? { port: options.port } : {}),
    inboundMail: {
      smtpHost: "127.0.0.1",
      // The test's mail comes from this machine, as from the provider's own mail server.
      trustedRelays: ["127.0.0.1"],
      domain: "desk.rampart.test",
      ...(options.inboundMail?.smtpPort === undefined ? {} : { smtpPort: options.inboundMail.smtpPort }),
      ...(options.inboundMail?.webhookSecret ? { webhookSecret: options.inboundMail.webhookSecret } : {}),
    },
  };
}

/** The real app on a fresh test database (no web rendering), for inject() tests. */
export async function openTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({
    config: testConfig(options),
    database,
    tokenSecret: TEST_TOKEN_SECRET,
    ...(options.now ? { now: options.now } : {}),
    ...(options.jobClock ? { jobClock: options.jobClock } : {}),
    ...(options.jobSchedules === false ? { jobSchedules: false } : {}),
    ...(options.log ? { logStream: options.log.stream } : {}),
  });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
