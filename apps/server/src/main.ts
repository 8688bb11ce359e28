import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openBackupSocket } from "./db/backup-socket.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirInUseError } from "./db/data-dir-lock.ts";
import type { AdministratorCreated } from "./modules/users/service.ts";
import { sealingKey } from "./secrets/sealed-secret.ts";
import { resolveTokenSecret } from "./secrets/token-secret.ts";
import { type DemoCustomerMade, seedDemoCustomer } from "./seed/demo-customer.ts";
import { DEMO_HISTORY_DAYS, sendDemoHistory } from "./seed/demo-history.ts";
import { seedFirstStart } from "./seed/seed.ts";
import { WebBuildMissingError } from "./web-app.ts";

const startedAt = performance.now();

function fail(message: string): never {
  console.error(`\nRampart cannot start: ${message}\n`);
  process.exit(1);
}

function printAdministrator(admin: AdministratorCreated) {
  const password = admin.generatedPassword ?? "(the value of ADMIN_PASSWORD)";
  const lines = [
    "First start: the administrator account was created.",
    `  user name: ${admin.userName}`,
    `  password:  ${password}`,
    admin.generatedPassword ? "This password is shown only once: write it down now." : "",
  ].filter(Boolean);
  console.log(`\n${lines.join("\n")}\n`);
}

/**
 * DEMO_DATA on a first start: the demo customer, then a month of their figures sent to this
 * server's own platform route. A failure is told and the server goes on without it.
 */
async function makeDemoData(baseUrl: string): Promise<(DemoCustomerMade & { rows: number }) | null> {
  try {
    const made = await seedDemoCustomer(database.db, {
      password: config.demoPassword,
      now: new Date(),
      cnameKey: sealingKey(tokenSecret, "domain-cname"),
    });
    if (!made) return null;
    const rows = await sendDemoHistory(database.db, {
      baseUrl,
      tokenSecret,
      siteId: made.siteId,
      log: (line) => app.log.debug(line),
    });
    return { ...made, rows };
  } catch (error) {
    app.log.error({ err: error }, "the demo data (DEMO_DATA) could not be made");
    return null;
  }
}

function printDemo(demo: DemoCustomerMade & { rows: number }, origin: string) {
  const password = demo.generatedPassword ?? "(the value of DEMO_PASSWORD)";
  const lines = [
    `Demo data: the customer ${demo.userName} (password: ${password}) has a CDN, a DDoS and a WAF package`,
    `  with ${DEMO_HISTORY_DAYS} days of their platform's figures (${demo.rows.toLocaleString("en")} five-minute rows).`,
    `  Sign in at ${origin}/cloud/login, then Control center → My services → Usage.`,
  ];
  console.log(`\n${lines.join("\n")}\n`);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  statementTimeoutMs: config.databaseStatementTimeoutMs,
}).catch((error: unknown) => {
  if (error instanceof DataDirInUseError) fail(error.message);
  const where = config.databaseUrl ? "PostgreSQL at DATABASE_URL" : `the embedded database in ${config.dataDir}`;
  fail(`could not open ${where}: ${(error as Error).message}`);
});

let tokenSecret: string;
try {
  tokenSecret = resolveTokenSecret({
    configured: config.tokenSecret,
    databaseKind: database.kind,
    dataDir: config.dataDir,
  });
} catch (error) {
  await database.close();
  fail(error instanceof ConfigError ? error.message : String(error));
}

const seed = await database.exclusive(() =>
  seedFirstStart(database.db, {
    adminPassword: config.adminPassword,
    adminTwoFactor: config.adminTwoFactor,
    emailVerification: config.emailVerification,
  }),
);

const app = await buildApp({ config, database, tokenSecret, webApp: true }).catch(async (error: unknown) => {
  await database.close();
  fail(error instanceof WebBuildMissingError ? error.message : String((error as Error).stack ?? error));
});

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  await app.close();
  await database.close();
  fail(`could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
}

// `rampart backup` while the server runs: the embedded database is this process's to dump.
const closeBackupSocket = database.dumpDataDir
  ? await openBackupSocket(database, config.dataDir).catch((error: unknown) => {
      app.log.warn({ err: error }, "no backup socket: `rampart backup` will not work while this server runs");
      return async () => {};
    })
  : async () => {};

const address = app.server.address();
const port = typeof address === "object" && address ? address.port : config.port;
const shownHost = ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(config.host) ? "localhost" : config.host;
const ownHost = ["0.0.0.0", "::"].includes(config.host) ? "127.0.0.1" : config.host;
const demo =
  config.demoData && seed.administrator
    ? await makeDemoData(`http://${ownHost.includes(":") ? `[${ownHost}]` : ownHost}:${port}`)
    : null;
const store = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
if (seed.administrator) printAdministrator(seed.administrator);
if (demo) printDemo(demo, `http://${shownHost}:${port}`);
console.log(
  `Rampart is listening on http://${shownHost}:${port} — database: ${store} — ready in ${Math.round(performance.now() - startedAt)} ms`,
);

// SIGTERM/SIGINT: stop accepting, let in-flight requests finish (new ones get 503), close the database.
closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, "stopping after an unexpected error");
  await closeBackupSocket();
  await app.close();
  await database.close();
  console.log(`Rampart stopped (${signal ?? "error"})`);
});
