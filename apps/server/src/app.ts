import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import type { AppConfig } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { AppContext, AppModule } from "./define-module.ts";
import { EventBus } from "./events/event-bus.ts";
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
import { AltchaCaptcha, type CaptchaService, DisabledCaptcha } from "./modules/auth/captcha.ts";
import { authModule } from "./modules/auth/module.ts";
import { SessionDirectory } from "./modules/auth/sessions.ts";
import { TwoFactorService } from "./modules/auth/two-factor.ts";
import { balanceModule } from "./modules/balance/module.ts";
import { cachePurgeModule } from "./modules/cache-purge/module.ts";
import { catalogueModule } from "./modules/catalogue/module.ts";
import { PriceLists } from "./modules/catalogue/price-lists.ts";
import { certificatesModule } from "./modules/certificates/module.ts";
import { configsModule } from "./modules/configs/module.ts";
import { controlModule } from "./modules/control/module.ts";
import { couponsModule } from "./modules/coupons/module.ts";
import { dictsModule } from "./modules/dicts/module.ts";
import { domainsModule } from "./modules/domains/module.ts";
import { filesModule } from "./modules/files/module.ts";
import { healthModule } from "./modules/health/module.ts";
import { HelpCentre } from "./modules/help/help-centre.ts";
import { helpModule } from "./modules/help/module.ts";
import { invoicesModule } from "./modules/invoices/module.ts";
import { leadsModule } from "./modules/leads/module.ts";
import { lifecycleModule } from "./modules/lifecycle/module.ts";
import { mailModule } from "./modules/mail/module.ts";
import { MailOutbox } from "./modules/mail/outbox.ts";
import { menusModule } from "./modules/menus/module.ts";
import { monitorModule } from "./modules/monitor/module.ts";
import { noticesModule } from "./modules/notices/module.ts";
import { notificationsModule } from "./modules/notifications/module.ts";
import { ordersModule } from "./modules/orders/module.ts";
import { OrderStore } from "./modules/orders/order-store.ts";
import { overageModule } from "./modules/overage/module.ts";
import { monthsSoFar } from "./modules/overage/month-so-far.ts";
import { AlipayChannel } from "./modules/payments/alipay-channel.ts";
import { AntomChannel } from "./modules/payments/antom-channel.ts";
import { paymentsModule } from "./modules/payments/module.ts";
import { orderPayments } from "./modules/payments/order-payments.ts";
import { type PaymentChannel, PaymentChannels } from "./modules/payments/payment-channel.ts";
import { rolesModule } from "./modules/roles/module.ts";
import { servicesModule } from "./modules/services/module.ts";
import { sitesModule } from "./modules/sites/module.ts";
import { SiteDirectory } from "./modules/sites/site-directory.ts";
import { linkLocalNamesTo } from "./modules/sites/site-origin.ts";
import { supportModule } from "./modules/support/module.ts";
import { ReplyAddresses } from "./modules/support/reply-address.ts";
import { uptimeModule } from "./modules/uptime/module.ts";
import { usageModule } from "./modules/usage/module.ts";
import { usageAlertsModule } from "./modules/usage-alerts/module.ts";
import { usageViewsModule } from "./modules/usage-views/module.ts";
import { usersModule } from "./modules/users/module.ts";
import { webhooksModule } from "./modules/webhooks/module.ts";
import { platformRefusalsPlugin } from "./modules/webhooks/platform-refusals.ts";
import { OutboundClient } from "./outbound/outbound-client.ts";
import { RecordLookup } from "./outbound/record-lookup.ts";
import { deriveSecret, TokenSigner } from "./secrets/tokens.ts";
import { webAppPlugin } from "./web-app.ts";

export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * The server's modules, in the order their routes are registered: each declares in its module.ts
 * its routes, its queues and schedules, and the events it listens to (define-module.ts).
 */
export const APP_MODULES: readonly AppModule[] = [
  healthModule,
  sitesModule,
  authModule,
  usersModule,
  rolesModule,
  menusModule,
  dictsModule,
  configsModule,
  monitorModule,
  controlModule,
  noticesModule,
  filesModule,
  leadsModule,
  catalogueModule,
  couponsModule,
  ordersModule,
  servicesModule,
  uptimeModule,
  supportModule,
  helpModule,
  notificationsModule,
  certificatesModule,
  domainsModule,
  usageViewsModule,
  invoicesModule,
  lifecycleModule,
  overageModule,
  paymentsModule,
  mailModule,
  webhooksModule,
  usageModule,
  usageAlertsModule,
  cachePurgeModule,
  balanceModule,
];

/**
 * Requests in progress beyond which a new one is refused 503 at once (MAX_REQUESTS_IN_FLIGHT).
 * The embedded database runs one query at a time: 64 requests queued behind a list that takes
 * 40 ms is already a 2.5 s wait, and each one more makes every one of them wait longer.
 */
const DEFAULT_REQUESTS_IN_FLIGHT = { pglite: 64, postgres: 256 } as const;

/** The longest a session can last however often it is refreshed (its token's own expiry). */
const MAX_SESSION_LIFETIME_MS = 30 * 24 * 3600_000;

export interface AppOptions {
  config: AppConfig;
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
  const twoFactor = new TwoFactorService(database.db, tokenSecret, now, mail);
  // Requests to addresses customers give (monitoring): public addresses only, time and size limits.
  const outbound = new OutboundClient({
    allowPrivate: config.outboundAllowPrivate ?? false,
    dnsServers: config.dnsServers ?? [],
  });
  const channels: PaymentChannel[] = [];
  if (config.alipay) channels.push(await AlipayChannel.open(config.alipay));
  if (config.antom) channels.push(new AntomChannel(config.antom));
  const payments = new PaymentChannels(channels);
  const priceLists = new PriceLists(database, config.siteCacheTtlMs);
  await priceLists.start();
  app.addHook("onClose", () => priceLists.stop());
  const help = new HelpCentre(database, tokenSecret);
  await help.start();
  app.addHook("onClose", () => help.stop());
  // The one path of events: the modules' listeners, in the change's transaction or by the job runner.
  const events = new EventBus<AppContext>(jobs);
  const context: AppContext = {
    config,
    database,
    db: database.db,
    now,
    log: app.log,
    tokenSecret,
    jobs,
    emitEvent: events.emit,
    inFlight,
    mail,
    sites,
    sessions,
    tokens,
    replies: new ReplyAddresses(
      tokenSecret,
      config.inboundMail?.domain ?? (config.mailFrom ?? "no-reply@rampart.localhost").split("@")[1]!,
      config.inboundMail?.smtpPort !== undefined || config.inboundMail?.webhookSecret !== undefined,
    ),
    captcha,
    twoFactor,
    priceLists,
    help,
    payments,
    orderPayments: orderPayments(database.db, payments, app.log),
    orders: new OrderStore(database.db, events.emit),
    monthsSoFar: (services, at) =>
      monthsSoFar(database.db, services, (currency) => priceLists.forCurrency(currency), at),
    outbound,
    records: new RecordLookup(config.dnsServers ?? []),
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
  // The platform's routes count their refusals of unproven senders with it (one count per address).
  await app.register(platformRefusalsPlugin);
  await app.register(apiNotFoundPlugin);

  // The API, one module at a time: its own services, queues, schedules, listeners and routes.
  for (const module of APP_MODULES) {
    const own = { ...context, ...(await module.services?.(context)) };
    for (const { queue, policy, run } of module.jobs ?? []) {
      jobs.define<never>(queue, policy, (data, job) => run(data, own, job));
    }
    for (const { queue, cron } of module.schedules ?? []) jobs.schedule(queue, cron);
    for (const queue of module.retiredSchedules ?? []) jobs.retireSchedule(queue);
    for (const listener of module.on ?? []) events.listen(module.name, listener, context);
    await module.routes?.(app, own);
    const { close } = module;
    if (close) app.addHook("onClose", async () => close(own));
  }

  if (webApp) {
    await app.register(webAppPlugin, {
      sites,
      mode: config.env,
      pageCacheTtlMs: config.pageCacheTtlMs ?? 0,
      hearsChanges: () => database.hearsChanges(),
      db: database.db,
      priceLists,
      help,
      now,
      mail,
      onlinePayMethods: payments.methods,
    });
  }
  await jobs.start();
  app.addHook("onClose", async () => {
    await jobs.stop();
    outbound.close();
  });
  return app;
}
