import type { KeyObject } from "node:crypto";
import { resolve } from "node:path";
import { Ajv } from "ajv";
import { type Static, Type } from "typebox";
import { privateKeyOf, publicKeyOf } from "./secrets/key-text.ts";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Every environment variable the server reads; docs/configuration.md lists them with the same defaults. */
export const EnvSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal("production"), Type.Literal("development"), Type.Literal("test")], {
    default: "production",
  }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: "localhost" }),
  DATA_DIR: Type.String({ minLength: 1, default: "./data" }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: "^postgres(ql)?://" })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  ADMIN_TWO_FACTOR: Type.Boolean({ default: true }),
  EMAIL_VERIFICATION: Type.Boolean({ default: true }),
  /** On a first start: a demo customer with three packages and a month of their platform's figures. */
  DEMO_DATA: Type.Boolean({ default: false }),
  DEMO_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  /** Webhook endpoints may be http:// on this machine (127.0.0.1, ::1, localhost): tests only. */
  WEBHOOK_ALLOW_LOOPBACK: Type.Boolean({ default: false }),
  OUTBOUND_ALLOW_PRIVATE: Type.Boolean({ default: false }),
  DNS_SERVERS: Type.String({ default: "" }),
  ACME_DIRECTORY_URL: Type.String({ pattern: "^https://", default: "https://acme-v02.api.letsencrypt.org/directory" }),
  ACME_CA_CERTIFICATES: Type.Optional(Type.String({ minLength: 1 })),
  ACME_HTTP01_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 80 }),
  LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((l) => Type.Literal(l)),
    { default: "info" },
  ),
  SITE_CACHE_TTL_SECONDS: Type.Integer({ minimum: 0, maximum: 3600, default: 30 }),
  SHUTDOWN_GRACE_SECONDS: Type.Integer({ minimum: 1, maximum: 300, default: 10 }),
  /** Turns on GET /metrics (Prometheus), which then asks for it as a bearer token. */
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  REQUEST_TIMEOUT_SECONDS: Type.Integer({ minimum: 5, maximum: 600, default: 30 }),
  MAX_REQUESTS_IN_FLIGHT: Type.Optional(Type.Integer({ minimum: 8, maximum: 100_000 })),
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 2, maximum: 200, default: 10 }),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: 30 }),
  PAGE_CACHE_TTL_SECONDS: Type.Integer({ minimum: 0, maximum: 3600, default: 60 }),
  TOKEN_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  TOKEN_TTL_MINUTES: Type.Integer({ minimum: 5, maximum: 43_200, default: 720 }),
  CAPTCHA_ENABLED: Type.Boolean({ default: true }),
  TRUSTED_PROXIES: Type.String({ default: "" }),
  LOGIN_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 10_000, default: 30 }),
  UNPAID_ORDER_TTL_MINUTES: Type.Integer({ minimum: 1, maximum: 43_200, default: 4320 }),
  ALIPAY_APP_ID: Type.Optional(Type.String({ pattern: "^[0-9]{6,32}$" })),
  ALIPAY_PRIVATE_KEY: Type.Optional(Type.String({ minLength: 100 })),
  ALIPAY_PUBLIC_KEY: Type.Optional(Type.String({ minLength: 100 })),
  ALIPAY_SELLER_ID: Type.Optional(Type.String({ pattern: "^[0-9]{6,32}$" })),
  ALIPAY_KEY_TYPE: Type.Union([Type.Literal("PKCS8"), Type.Literal("PKCS1")], { default: "PKCS8" }),
  ALIPAY_GATEWAY: Type.String({ pattern: "^https?://", default: "https://openapi.alipay.com/gateway.do" }),
  ALIPAY_NOTIFY_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  ANTOM_CLIENT_ID: Type.Optional(Type.String({ pattern: "^[A-Za-z0-9_]{6,64}$" })),
  ANTOM_PRIVATE_KEY: Type.Optional(Type.String({ minLength: 100 })),
  ANTOM_PUBLIC_KEY: Type.Optional(Type.String({ minLength: 100 })),
  // https (http only to this machine, for a stand-in gateway in tests).
  ANTOM_GATEWAY: Type.String({
    pattern: "^(https://|http://(127\\.0\\.0\\.1|localhost)(:|/|$))",
    default: "https://open-sea-global.alipay.com",
  }),
  ANTOM_PAYMENT_METHOD: Type.String({ pattern: "^[A-Z][A-Z0-9_]{1,31}$", default: "ALIPAY_HK" }),
  ANTOM_NOTIFY_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  SMTP_URL: Type.Optional(Type.String({ pattern: "^smtps?://" })),
  MAIL_FROM: Type.String({ pattern: "^[^\\s@<>]+@[^\\s@<>]+$", default: "no-reply@rampart.localhost" }),
  // The support desk's own SMTP listener (replies by mail into tickets, new tickets to a
  // department's address): off unless a port is given.
  INBOUND_SMTP_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  INBOUND_SMTP_HOST: Type.String({ minLength: 1, default: "0.0.0.0" }),
  // The provider's own mail servers that hand the listener mail they have checked (comma-separated
  // addresses); mail from anywhere else must pass DMARC.
  INBOUND_TRUSTED_RELAYS: Type.String({ default: "" }),
  // The domain of the signed reply addresses (ticket+<number>.<signature>@<domain>); MAIL_FROM's by default.
  INBOUND_MAIL_DOMAIN: Type.Optional(Type.String({ pattern: "^[a-z0-9.-]+\\.[a-z]{2,}$|^localhost$" })),
  // The secret a provider's inbound-mail webhook signs its posts with (Standard Webhooks); none: the route is off.
  INBOUND_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 24 })),
});
type Env = Static<typeof EnvSchema>;
export type RuntimeEnv = "production" | "development" | "test";

export interface InboundMailSettings {
  /** The listener's port (0: any free one, tests); none: no listener. */
  smtpPort?: number;
  smtpHost: string;
  /** Servers whose mail is taken as checked (the provider's MX); any other must pass DMARC. */
  trustedRelays: string[];
  /** The domain of the reply addresses the desk's mails carry. */
  domain: string;
  webhookSecret?: string;
}
export type LogLevel = (typeof LOG_LEVELS)[number];

// Coerces "3000" to 3000 and fills in the defaults, as the schema says.
// The schema is ours and typebox's: not checked against JSON Schema's meta-schema, whose compilation
// was most of the tenth of a second this took at every start.
const validateEnv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true, validateSchema: false }).compile(
  EnvSchema,
);

export interface Config {
  env: RuntimeEnv;
  port: number;
  host: string;
  /** Absolute path of the embedded database's directory (unused when databaseUrl is set). */
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  /** On a first start, the administrator role's members must use two-factor sign-in. */
  adminTwoFactor: boolean;
  /** The first value of sys.account.emailVerification on a new installation. */
  emailVerification: boolean;
  /** On a first start, the demo customer `demo` and a month of figures (seed/demo-customer.ts). */
  demoData: boolean;
  /** The demo customer's password; unset: one is made and shown once. */
  demoPassword: string | undefined;
  logLevel: LogLevel;
  siteCacheTtlMs: number;
  shutdownGraceMs: number;
  /** GET /metrics answers with this bearer token only; unset: there is no /metrics. */
  metricsToken: string | undefined;
  /** The longest a client may take to send a whole request (headers and body); then 408. */
  requestTimeoutMs: number;
  /**
   * Requests answered at once by this process; beyond, 503 at once (health checks excepted).
   * Unset: see DEFAULT_REQUESTS_IN_FLIGHT (app.ts).
   */
  maxRequestsInFlight: number | undefined;
  /** PostgreSQL connections per process (the embedded database has one). */
  databasePoolSize: number;
  /** The longest one statement may run on PostgreSQL (migrations excepted). */
  databaseStatementTimeoutMs: number;
  /** How long a rendered public page is kept (0: every page is rendered for every request). */
  pageCacheTtlMs: number;
  /** Signs session tokens; unset means generated once and kept in DATA_DIR (embedded only). */
  tokenSecret: string | undefined;
  tokenTtlMs: number;
  captchaEnabled: boolean;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); none by default. */
  trustedProxies: string[];
  loginRateLimitPerMinute: number;
  /** An order left unpaid this long closes itself. */
  unpaidOrderTtlMs: number;
  /** Alipay's settings when all of them are given; without them orders are settled offline. */
  alipay: AlipaySettings | undefined;
  /** International Alipay through Antom when its three credentials are given. */
  antom: AntomSettings | undefined;
  /** The SMTP server mail is sent through (smtp:// or smtps://, with credentials); none: mail is kept, not sent. */
  smtpUrl: string | undefined;
  /** The sender address of every mail (each site puts its own name before it). */
  mailFrom: string;
  /** The support desk's inbound mail: its SMTP listener (off without a port), reply addresses' domain, webhook secret. */
  inboundMail: InboundMailSettings;
  /** Webhook endpoints on this machine over http are allowed (tests); never in production. */
  webhookAllowLoopback: boolean;
  /** Requests made for customers (monitoring, TLS checks) may reach private addresses: tests only. */
  outboundAllowPrivate: boolean;
  /** DNS servers (host or host:port) for the record checks and customer-given names; empty: the system's. */
  dnsServers: string[];
  /** The ACME CA (directory URL), extra roots to trust for it alone, the port HTTP-01 files are checked on. */
  acme: AcmeSettings;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Reads and validates the environment once. A bad value stops start-up with a message that names
 * the variable (for example "PORT must be <= 65535").
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Only the variables we know, with empty strings treated as unset.
  const data: Record<string, unknown> = {};
  for (const name of Object.keys(EnvSchema.properties)) {
    if (env[name] !== undefined && env[name] !== "") data[name] = env[name];
  }
  if (!validateEnv(data)) {
    const problems = (validateEnv.errors ?? []).map(
      (e) => `${e.instancePath.replace(/^\//, "") || "environment"} ${e.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const parsed = data as Env & { NODE_ENV: RuntimeEnv; LOG_LEVEL: LogLevel };
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL || undefined,
    adminPassword: parsed.ADMIN_PASSWORD,
    adminTwoFactor: parsed.ADMIN_TWO_FACTOR,
    emailVerification: parsed.EMAIL_VERIFICATION,
    demoData: parsed.DEMO_DATA,
    demoPassword: parsed.DEMO_PASSWORD,
    logLevel: parsed.LOG_LEVEL,
    siteCacheTtlMs: parsed.SITE_CACHE_TTL_SECONDS * 1000,
    shutdownGraceMs: parsed.SHUTDOWN_GRACE_SECONDS * 1000,
    metricsToken: parsed.METRICS_TOKEN,
    requestTimeoutMs: parsed.REQUEST_TIMEOUT_SECONDS * 1000,
    maxRequestsInFlight: parsed.MAX_REQUESTS_IN_FLIGHT,
    databasePoolSize: parsed.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: parsed.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
    pageCacheTtlMs: parsed.PAGE_CACHE_TTL_SECONDS * 1000,
    tokenSecret: parsed.TOKEN_SECRET,
    tokenTtlMs: parsed.TOKEN_TTL_MINUTES * 60_000,
    captchaEnabled: parsed.CAPTCHA_ENABLED,
    trustedProxies: parsed.TRUSTED_PROXIES.split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    loginRateLimitPerMinute: parsed.LOGIN_RATE_LIMIT_PER_MINUTE,
    unpaidOrderTtlMs: parsed.UNPAID_ORDER_TTL_MINUTES * 60_000,
    alipay: alipaySettings(parsed),
    antom: antomSettings(parsed),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    inboundMail: {
      ...(parsed.INBOUND_SMTP_PORT === undefined ? {} : { smtpPort: parsed.INBOUND_SMTP_PORT }),
      smtpHost: parsed.INBOUND_SMTP_HOST,
      trustedRelays: parsed.INBOUND_TRUSTED_RELAYS.split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
      domain: parsed.INBOUND_MAIL_DOMAIN ?? parsed.MAIL_FROM.split("@")[1]!.toLowerCase(),
      ...(parsed.INBOUND_WEBHOOK_SECRET ? { webhookSecret: parsed.INBOUND_WEBHOOK_SECRET } : {}),
    },
    webhookAllowLoopback: parsed.WEBHOOK_ALLOW_LOOPBACK,
    outboundAllowPrivate: parsed.OUTBOUND_ALLOW_PRIVATE,
    dnsServers: parsed.DNS_SERVERS.split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    acme: {
      directoryUrl: parsed.ACME_DIRECTORY_URL,
      caFile: parsed.ACME_CA_CERTIFICATES,
      http01Port: parsed.ACME_HTTP01_PORT,
    },
  };
}

/**
 * A payment channel's credentials: all of them, or none (the channel is then not offered). Half a
 * configuration is a mistake, not "offline": it stops start-up naming what is missing.
 */
function allOrNone<Name extends string>(
  given: Record<Name, string | undefined>,
  prefix: string,
): Record<Name, string> | undefined {
  const missing = Object.entries<string | undefined>(given).filter(([, value]) => !value);
  if (missing.length === Object.keys(given).length) return undefined;
  if (missing.length > 0)
    throw new ConfigError(
      `Invalid configuration: ${missing.map(([name]) => name).join(", ")} must be set with the other ${prefix} settings`,
    );
  return given as Record<Name, string>;
}

/** Keys often travel in one line with "\n" for the line breaks. */
const keyText = (text: string) => text.replaceAll("\\n", "\n");

function alipaySettings(parsed: Env): AlipaySettings | undefined {
  const given = allOrNone(
    {
      ALIPAY_APP_ID: parsed.ALIPAY_APP_ID,
      ALIPAY_PRIVATE_KEY: parsed.ALIPAY_PRIVATE_KEY,
      ALIPAY_PUBLIC_KEY: parsed.ALIPAY_PUBLIC_KEY,
      ALIPAY_SELLER_ID: parsed.ALIPAY_SELLER_ID,
    },
    "ALIPAY_",
  );
  if (!given) return undefined;
  return {
    appId: given.ALIPAY_APP_ID,
    privateKey: keyText(given.ALIPAY_PRIVATE_KEY),
    alipayPublicKey: keyText(given.ALIPAY_PUBLIC_KEY),
    sellerId: given.ALIPAY_SELLER_ID,
    keyType: parsed.ALIPAY_KEY_TYPE,
    gateway: parsed.ALIPAY_GATEWAY,
    notifyUrl: parsed.ALIPAY_NOTIFY_URL,
  };
}

/** Whether a key parses (a bad key is named at start-up, not at the first payment). */
function readable(read: () => unknown): boolean {
  try {
    read();
    return true;
  } catch {
    return false;
  }
}

/** Antom signs with RSA only. */
function assertRsa(key: KeyObject): void {
  if (key.asymmetricKeyType !== "rsa") throw new Error(`an ${key.asymmetricKeyType} key, not RSA`);
}

/** International Alipay through Antom. */
function antomSettings(parsed: Env): AntomSettings | undefined {
  const given = allOrNone(
    {
      ANTOM_CLIENT_ID: parsed.ANTOM_CLIENT_ID,
      ANTOM_PRIVATE_KEY: parsed.ANTOM_PRIVATE_KEY,
      ANTOM_PUBLIC_KEY: parsed.ANTOM_PUBLIC_KEY,
    },
    "ANTOM_",
  );
  if (!given) return undefined;
  const privateKey = keyText(given.ANTOM_PRIVATE_KEY);
  const antomPublicKey = keyText(given.ANTOM_PUBLIC_KEY);
  if (!readable(() => assertRsa(privateKeyOf(privateKey))))
    throw new ConfigError("Invalid configuration: ANTOM_PRIVATE_KEY is not an RSA private key (PEM or base64 PKCS#8)");
  if (!readable(() => assertRsa(publicKeyOf(antomPublicKey))))
    throw new ConfigError("Invalid configuration: ANTOM_PUBLIC_KEY is not an RSA public key (PEM or base64 SPKI)");
  return {
    clientId: given.ANTOM_CLIENT_ID,
    privateKey,
    antomPublicKey,
    gateway: parsed.ANTOM_GATEWAY,
    paymentMethodType: parsed.ANTOM_PAYMENT_METHOD,
    notifyUrl: parsed.ANTOM_NOTIFY_URL,
  };
}

/** What the server needs to take money through Alipay (all from the environment: ALIPAY_*). */
export interface AlipaySettings {
  appId: string;
  /** The application's private key (PEM, or the bare base64 that Alipay's key tool prints). */
  privateKey: string;
  /** Alipay's public key, which signs notifications and answers. */
  alipayPublicKey: string;
  /** The receiving account (a 2088… partner id); notifications for another account are refused. */
  sellerId: string;
  keyType: "PKCS1" | "PKCS8";
  gateway: string;
  /** Where Alipay posts notifications; by default this server's own address for the request. */
  notifyUrl?: string | undefined;
}

/** What the server needs to take money through Antom, Alipay's international acquirer (ANTOM_*). */
export interface AntomSettings {
  clientId: string;
  /** Our private key (PEM, or the bare base64 PKCS#8 that Antom's dashboard works with). */
  privateKey: string;
  /** Antom's public key, which signs its answers and notifications. */
  antomPublicKey: string;
  /** Antom's domain for the region of the contract, e.g. https://open-sea-global.alipay.com. */
  gateway: string;
  /** The wallet the cashier opens (ALIPAY_HK for Alipay outside mainland China, ALIPAY_CN, …). */
  paymentMethodType: string;
  /** Where Antom posts notifications; by default this server's own address for the request. */
  notifyUrl?: string | undefined;
}

export interface AcmeSettings {
  /** The CA's ACME directory (Let's Encrypt's production one unless ACME_DIRECTORY_URL says otherwise). */
  directoryUrl: string;
  /** A PEM file of roots to trust for the directory alone (a private or test CA such as Pebble). */
  caFile: string | undefined;
  /** The port HTTP-01 files are looked for on before the CA is asked (80; a test CA's own port in tests). */
  http01Port: number;
}

/** The settings buildApp reads: those it needs, then those a test may leave out. */
export type AppConfig = Pick<
  Config,
  | "logLevel"
  | "siteCacheTtlMs"
  | "env"
  | "tokenTtlMs"
  | "captchaEnabled"
  | "trustedProxies"
  | "loginRateLimitPerMinute"
  | "unpaidOrderTtlMs"
> &
  Partial<
    Pick<
      Config,
      | "alipay"
      | "antom"
      | "smtpUrl"
      | "mailFrom"
      | "inboundMail"
      | "webhookAllowLoopback"
      | "outboundAllowPrivate"
      | "dnsServers"
      | "acme"
    >
  > &
  Partial<Pick<Config, "pageCacheTtlMs" | "requestTimeoutMs" | "maxRequestsInFlight" | "metricsToken" | "port">>;
