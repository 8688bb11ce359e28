import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { accessPlugin } from "./http/access.ts";
import { apiDocsPlugin } from "./http/api-docs.ts";
import { apiNotFoundPlugin } from "./http/api-not-found.ts";
import { errorsPlugin, frameworkError } from "./http/errors.ts";
import { gracefulClosePlugin } from "./http/graceful-close.ts";
import { inputGuardPlugin } from "./http/input-guard.ts";
import { languagePlugin } from "./http/language.ts";
import { lazySchemaCompilers } from "./http/lazy-schemas.ts";
import { loadSheddingPlugin } from "./http/load-shedding.ts";
import { errorSummary } from "./http/log-summary.ts";
import { operationLogPlugin } from "./http/operation-log.ts";
import { postgresRateLimitStore } from "./http/rate-limit-store.ts";
import { requestIdGenerator } from "./http/request-id.ts";
import { RequestsInFlight } from "./http/requests-in-flight.ts";
import { securityHeadersPlugin } from "./http/security-headers.ts";
import { type JobClock, JobRunner } from "./jobs/job-runner.ts";
import { scheduleSweeps } from "./jobs/scheduled-sweeps.ts";
import { AltchaCaptcha, type CaptchaService, DisabledCaptcha } from "./modules/auth/captcha.ts";
import { emailRoutes } from "./modules/auth/email-routes.ts";
import { defineLinkReissues } from "./modules/auth/link-reissue.ts";
import { ownSessionRoutes } from "./modules/auth/own-session-routes.ts";
import { PasswordResetRequests } from "./modules/auth/password-reset-requests.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { SessionDirectory } from "./modules/auth/sessions.ts";
import { TwoFactorService } from "./modules/auth/two-factor.ts";
import { twoFactorRoutes } from "./modules/auth/two-factor-routes.ts";
import { priceListAdminRoutes } from "./modules/catalogue/admin-routes.ts";
import { PriceLists } from "./modules/catalogue/price-lists.ts";
import { AcmeAccounts, LETS_ENCRYPT_DIRECTORY } from "./modules/certificates/acme-accounts.ts";
import { acmeChallengeRoutes } from "./modules/certificates/acme-challenge-routes.ts";
import { CertificateEvents } from "./modules/certificates/certificate-events.ts";
import { defineCertificateJobs } from "./modules/certificates/certificate-jobs.ts";
import { certificateRoutes } from "./modules/certificates/routes.ts";
import { configAdminRoutes } from "./modules/configs/admin-routes.ts";
import { configRoutes } from "./modules/configs/routes.ts";
import { controlRoutes } from "./modules/control/routes.ts";
import { couponAdminRoutes } from "./modules/coupons/admin-routes.ts";
import { dictAdminRoutes } from "./modules/dicts/admin-routes.ts";
import { dictRoutes } from "./modules/dicts/routes.ts";
import { domainRoutes } from "./modules/domains/routes.ts";
import { fileRoutes } from "./modules/files/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { invoiceRoutes } from "./modules/invoices/routes.ts";
import { leadRoutes } from "./modules/leads/routes.ts";
import { serviceAdminRoutes } from "./modules/lifecycle/admin-routes.ts";
import { mailTemplateRoutes } from "./modules/mail/mail-template-routes.ts";
import { MailOutbox } from "./modules/mail/outbox.ts";
import { mailLogRoutes } from "./modules/mail/routes.ts";
import { menuAdminRoutes } from "./modules/menus/admin-routes.ts";
import { menuRoutes } from "./modules/menus/routes.ts";
import { monitorRoutes } from "./modules/monitor/routes.ts";
import { noticeRoutes } from "./modules/notices/routes.ts";
import { couponOfferRoutes } from "./modules/orders/coupon-offer-routes.ts";
import { OrderMails } from "./modules/orders/order-mails.ts";
import { orderRoutes } from "./modules/orders/routes.ts";
import { AlipayChannel } from "./modules/payments/alipay-channel.ts";
import { AntomChannel } from "./modules/payments/antom-channel.ts";
import { orderPayments } from "./modules/payments/order-payments.ts";
import { type PaymentChannel, PaymentChannels } from "./modules/payments/payment-channel.ts";
import { paymentRoutes } from "./modules/payments/routes.ts";
import { roleAdminRoutes } from "./modules/roles/admin-routes.ts";
import { fanOut } from "./modules/services/lifecycle-events.ts";
import { serviceRoutes } from "./modules/services/routes.ts";
import { siteAdminRoutes } from "./modules/sites/admin-routes.ts";
import { siteRoutes } from "./modules/sites/routes.ts";
import { SiteDirectory } from "./modules/sites/site-directory.ts";
import { linkLocalNamesTo } from "./modules/sites/site-origin.ts";
import { uptimeRoutes } from "./modules/uptime/routes.ts";
import { defineUptimeJobs } from "./modules/uptime/uptime-jobs.ts";
import { userAdminRoutes } from "./modules/users/admin-routes.ts";
import { profileRoutes } from "./modules/users/profile-routes.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { webhookRoutes } from "./modules/webhooks/routes.ts";
import { WebhookDelivery } from "./modules/webhooks/webhook-delivery.ts";
import { WebhookOutbox } from "./modules/webhooks/webhook-outbox.ts";
import { WebhookPoster } from "./modules/webhooks/webhook-post.ts";
import { OutboundClient } from "./outbound/outbound-client.ts";
import { RecordLookup } from "./outbound/record-lookup.ts";
import { SecretSeal, sealingKey } from "./secrets/sealed-secret.ts";
import { deriveSecret, TokenSigner } from "./secrets/tokens.ts";
import { webAppPlugin } from "./web-app.ts";

export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Requests in progress beyond which a new one is refused 503 at once (MAX_REQUESTS_IN_FLIGHT).
 * The embedded database runs one query at a time: 64 requests queued behind a list that takes
 * 40 ms is already a 2.5 s wait, and each one more makes every one of them wait longer.
 */
const DEFAULT_REQUESTS_IN_FLIGHT = { pglite: 64, postgres: 256 } as const;

/** The longest a session can last however often it is refreshed (its token's own expiry). */
const MAX_SESSION_LIFETIME_MS = 30 * 24 * 3600_000;

export interface AppOptions {
  config: Pick<
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
        | "webhookAllowLoopback"
        | "outboundAllowPrivate"
        | "dnsServers"
        | "acme"
      >
    > &
    Partial<Pick<Config, "pageCacheTtlMs" | "requestTimeoutMs" | "maxRequestsInFlight" | "metricsToken" | "port">>;
  database: Database;
  /** The resolved token secret (see modules/auth/token-secret.ts). */
  tokenSecret: string;
  /** The clock (tests move it to expire sessions). */
  now?: () => Date;
  /** Serve the web app's server rendering and assets (needs `npm run build`); off in API tests. */
  webApp?: boolean;
  /** Where log lines go (standard output unless a test reads them). */
  logStream?: { write(line: string): void };
  /** The job runner's clock (a test drives pg-boss's TestClock to walk through retries). */
  jobClock?: JobClock;
  /** False: the job runner sets no cron schedule (a test runs the scheduled work itself). */
  jobSchedules?: boolean;
  /**
   * Every route's schemas compiled while the server starts (Fastify's way), not on a route's first
   * request: a test, to see that each of them compiles.
   */
  compileSchemasAtStart?: boolean;
}

/** Builds the whole server: used by main.ts and by every test. */
export async function buildApp({
  config,
  database,
  tokenSecret,
  now = () => new Date(),
  webApp = false,
  logStream,
  jobClock,
  jobSchedules = true,
  compileSchemasAtStart = false,
}: AppOptions): Promise<FastifyInstance> {
  const lazySchemas = compileSchemasAtStart ? undefined : lazySchemaCompilers();
  const app = Fastify({
    ...(lazySchemas ? { schemaController: { compilersFactory: lazySchemas.compilersFactory } } : {}),
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie"],
      // An error is logged as a bounded summary: never the query parameters or bodies it carries.
      serializers: { err: errorSummary },
      ...(logStream ? { stream: logStream } : {}),
    },
    // Refusals and failures are logged by the error handler; a line per request is noise.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "requestId" }),
    bodyLimit: JSON_BODY_LIMIT,
    // Fastify gives each plugin 10 s to load, and on a busy machine importing the web app's server
    // build took longer: the process then failed to start at all (seen in the tests under load).
    // A start that takes long is slow; one that never ends is still stopped by this.
    pluginTimeout: 120_000,
    // A client has this long to send its whole request (a body trickled byte by byte holds a
    // connection no longer); then Node answers 408 and closes it.
    requestTimeout: config.requestTimeoutMs ?? 30_000,
    // Node looks for requests past their time this often (30 s by default, which would let a
    // trickled request live up to twice its limit).
    http: { connectionsCheckingInterval: 1_000 },
    // While stopping, a request that arrives on a connection already open is still answered (with
    // Connection: close, see graceful-close.ts): a balancer sent it before it saw the process go,
    // and a 503 to a POST it may not pass on would fail a client for nothing. New connections are
    // refused from the first moment, and the balancer sends those to another process.
    return503OnClosing: false,
    // Which connections to close when stopping is graceful-close.ts's decision: Fastify's own
    // choice ("idle") would also close connections whose first request is still on its way.
    forceCloseConnections: false,
    // The client address (lockout, rate limits, logs) comes from X-Forwarded-For only when the
    // connection is from a configured proxy; otherwise it is the socket's address.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    genReqId: requestIdGenerator(config.trustedProxies),
    frameworkErrors: frameworkError,
  });

  // The request line and headers come within 10 s (a slow-headers client holds nothing longer).
  app.server.headersTimeout = Math.min(10_000, config.requestTimeoutMs ?? 30_000);

  // Cross-cutting, in order: who is asking (language), how errors travel, headers, compression.
  await app.register(gracefulClosePlugin);
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  await app.register(cookie);
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  // Before any route reads its input: no NUL or lone surrogate anywhere, no endless nesting.
  await app.register(inputGuardPlugin);

  // Links to a local name (a trial on localhost) lead here, on the port this server listens on.
  linkLocalNamesTo(config.port ?? null);
  app.addHook("onListen", (done) => {
    const address = app.server.address();
    if (typeof address === "object" && address) linkLocalNamesTo(address.port);
    done();
  });
  const sites = new SiteDirectory(database, config.siteCacheTtlMs);
  await sites.start();
  app.addHook("onClose", () => sites.stop());
  const sessions = new SessionDirectory(database, { sessionTtlMs: config.tokenTtlMs, now });
  await sessions.start();
  app.addHook("onClose", () => sessions.stop());
  const tokens = new TokenSigner(tokenSecret, Math.max(MAX_SESSION_LIFETIME_MS, config.tokenTtlMs));
  const captcha: CaptchaService = config.captchaEnabled
    ? new AltchaCaptcha(
        database.db,
        { signature: deriveSecret(tokenSecret, "captcha"), keySignature: deriveSecret(tokenSecret, "captcha-key") },
        now,
      )
    : new DisabledCaptcha();
  // The job runner: modules define their queues while the app is assembled; it starts once ready.
  // Requests in progress: background jobs wait for a quiet moment under a burst.
  const inFlight = new RequestsInFlight();
  await app.register(inFlight.plugin);
  await app.register(loadSheddingPlugin, {
    inFlight,
    limit: config.maxRequestsInFlight ?? DEFAULT_REQUESTS_IN_FLIGHT[database.kind],
  });
  const jobs = new JobRunner(database, app.log, jobClock, () => inFlight.whenQuiet(), { schedules: jobSchedules });
  if (lazySchemas) {
    // Once listening, the schemas no request has needed yet are compiled between requests: a
    // route's first caller then rarely waits for its compilation.
    let closing = false;
    app.addHook("onListen", (done) => {
      void lazySchemas
        .compileWaiting(
          () => inFlight.whenQuiet(),
          () => closing,
        )
        .catch((error: unknown) => app.log.error({ err: error }, "compiling the route schemas"));
      done();
    });
    app.addHook("onClose", (_instance, done) => {
      closing = true;
      done();
    });
  }
  const mail = new MailOutbox(
    { db: database.db, jobs, log: app.log, now },
    { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom ?? "no-reply@rampart.localhost" },
  );
  // A failed mail with a one-time link is sent again as a new link, by the module that owns it.
  defineLinkReissues(mail, { db: database.db, sessions, now });
  const twoFactor = new TwoFactorService(database.db, tokenSecret, now, mail);
  // The provider's platform hears of payments and service changes (System → Webhooks), signed with
  // each endpoint's secret, kept sealed under a key derived from the token secret.
  const webhookSeal = new SecretSeal(sealingKey(tokenSecret, "webhook-secret"));
  const webhookAllowLoopback = config.webhookAllowLoopback ?? false;
  const webhookPoster = new WebhookPoster(webhookAllowLoopback);
  const webhookDelivery = new WebhookDelivery({
    db: database.db,
    jobs,
    seal: webhookSeal,
    poster: webhookPoster,
    mail,
    now,
    log: app.log,
  });
  // Requests to addresses customers give (monitoring): public addresses only, time and size limits.
  const outbound = new OutboundClient({
    allowPrivate: config.outboundAllowPrivate ?? false,
    dnsServers: config.dnsServers ?? [],
  });
  const webhookOutbox = new WebhookOutbox({ jobs, now });
  const orderEvents = fanOut(new OrderMails({ db: database.db, jobs, outbox: mail }), webhookOutbox);
  // Certificates: the installation's ACME account, keys sealed under their own derived key.
  const certificateSeal = new SecretSeal(sealingKey(tokenSecret, "certificate-key"));
  const acmeSettings = config.acme ?? { directoryUrl: LETS_ENCRYPT_DIRECTORY, caFile: undefined, http01Port: 80 };
  const certificateDeps = {
    db: database.db,
    accounts: new AcmeAccounts({ db: database.db, seal: certificateSeal, now }, acmeSettings),
    records: new RecordLookup(config.dnsServers ?? []),
    outbound,
    jobs,
    seal: certificateSeal,
    mail,
    events: new CertificateEvents({ db: database.db, seal: certificateSeal, mail, webhooks: webhookOutbox, now, jobs }),
    now,
    log: app.log,
  };
  await app.register(securityHeadersPlugin);
  await app.register(compress, { global: true, threshold: 1024 });
  // After the headers, so that refusals carry them too.
  await app.register(accessPlugin, { sessions, tokens });
  await app.register(apiDocsPlugin);
  await app.register(operationLogPlugin, { db: database.db });
  // Per route and client address; on PostgreSQL counted in the database, so that a limit holds
  // across every process (the embedded database has one process: counted in memory).
  await app.register(rateLimit, {
    global: false,
    ...(database.kind === "postgres" ? { store: postgresRateLimitStore(database.db) } : {}),
  });
  await app.register(apiNotFoundPlugin);
  if (config.metricsToken) {
    // prom-client is loaded only where metrics are asked for.
    const { metricsPlugin } = await import("./modules/monitor/metrics.ts");
    await app.register(metricsPlugin, { database, jobs, token: config.metricsToken });
  }

  // The API, one module at a time.
  await app.register(healthRoutes, { database, jobs });
  await app.register(siteRoutes, { sites, db: database.db, now });
  await app.register(siteAdminRoutes, { database, sites });
  await app.register(authRoutes, {
    deps: { db: database.db, sessions, tokens, captcha, twoFactor, mail, now },
    sites,
    mail,
    resets: new PasswordResetRequests({ db: database.db, jobs, mail, sessions, now }),
    loginRateLimitPerMinute: config.loginRateLimitPerMinute,
  });
  await app.register(emailRoutes, { db: database.db, mail, now, sessions });
  await app.register(userRoutes);
  await app.register(userAdminRoutes, { db: database.db, sessions, mail, now, twoFactor });
  await app.register(roleAdminRoutes, { db: database.db, sessions });
  await app.register(profileRoutes, { db: database.db, sessions, mail, now });
  await app.register(twoFactorRoutes, { twoFactor, sessions, sites });
  await app.register(ownSessionRoutes, { sessions });
  await app.register(menuRoutes, { db: database.db, sessions });
  await app.register(menuAdminRoutes, { db: database.db, sessions });
  await app.register(dictRoutes, { db: database.db });
  await app.register(dictAdminRoutes, { db: database.db });
  await app.register(configRoutes, { db: database.db });
  await app.register(configAdminRoutes, { db: database.db, sessions });
  await app.register(monitorRoutes, { database, sessions, jobs });
  await app.register(controlRoutes, { db: database.db, now });
  await app.register(noticeRoutes, { db: database.db, now });
  await app.register(fileRoutes, { db: database.db });
  await app.register(leadRoutes, { db: database.db, sites, now, mail });
  const channels: PaymentChannel[] = [];
  if (config.alipay) channels.push(await AlipayChannel.open(config.alipay));
  if (config.antom) channels.push(new AntomChannel(config.antom));
  const payments = new PaymentChannels(channels);
  const priceLists = new PriceLists(database, config.siteCacheTtlMs);
  await priceLists.start();
  app.addHook("onClose", () => priceLists.stop());
  await app.register(priceListAdminRoutes, { database, priceLists, now });
  await app.register(couponOfferRoutes, { db: database.db, sites, priceLists, now });
  await app.register(couponAdminRoutes, { db: database.db });
  await app.register(orderRoutes, {
    db: database.db,
    sites,
    priceLists,
    now,
    payments: orderPayments(database.db, payments, app.log),
    events: orderEvents,
  });
  await app.register(serviceRoutes, { db: database.db, now });
  await app.register(uptimeRoutes, { db: database.db, outbound, jobs, now });
  await app.register(certificateRoutes, { ...certificateDeps, http01Port: acmeSettings.http01Port });
  await app.register(acmeChallengeRoutes, { db: database.db });
  await app.register(domainRoutes, {
    db: database.db,
    records: certificateDeps.records,
    outbound,
    webhooks: webhookOutbox,
    cnameKey: sealingKey(tokenSecret, "domain-cname"),
    now,
  });
  await app.register(invoiceRoutes, { db: database.db });
  await app.register(serviceAdminRoutes, { deps: { db: database.db, mail, events: orderEvents }, now });
  await app.register(paymentRoutes, { db: database.db, now, payments, events: orderEvents });
  scheduleSweeps(jobs, {
    db: database.db,
    now,
    log: app.log,
    unpaidOrderTtlMs: config.unpaidOrderTtlMs,
    payments,
    events: orderEvents,
    mail,
    priceLists,
  });
  defineUptimeJobs(jobs, { db: database.db, outbound, mail, now, log: app.log });
  defineCertificateJobs(jobs, certificateDeps);

  if (webApp) {
    await app.register(webAppPlugin, {
      sites,
      mode: config.env,
      pageCacheTtlMs: config.pageCacheTtlMs ?? 0,
      hearsChanges: () => database.hearsChanges(),
      db: database.db,
      priceLists,
      now,
      mail,
      onlinePayMethods: payments.methods,
    });
  }
  await app.register(mailLogRoutes, {
    db: database.db,
    mail,
    previewKey: deriveSecret(tokenSecret, "mail-preview"),
    now,
  });
  await app.register(mailTemplateRoutes, { db: database.db, mail, now });
  await app.register(webhookRoutes, {
    db: database.db,
    seal: webhookSeal,
    delivery: webhookDelivery,
    now,
    allowLoopback: webhookAllowLoopback,
    certificateSeal,
  });
  await jobs.start();
  app.addHook("onClose", async () => {
    await jobs.stop();
    // Pooled SMTP connections would otherwise stay open until the mail server drops them.
    mail.close();
    webhookPoster.close();
    outbound.close();
  });
  return app;
}
