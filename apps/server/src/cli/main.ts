import { join } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { DataDirInUseError } from "../db/data-dir-lock.ts";
import { BackupError, backup, restore } from "./backup.ts";
import { MoveRefusedError, moveToPostgres } from "./move-to-postgres.ts";
import { PlatformRefusedError } from "./platform-sender.ts";
import { simulatePlatform } from "./simulate-platform.ts";

/** The operator's commands: `rampart <command>` (or `npm run rampart -- <command>`). */
const USAGE = `Usage:
  rampart move-to-postgres --to postgres://user@host:5432/empty_db
      Copies the embedded database in DATA_DIR into an empty PostgreSQL database (stop the server first).
  rampart backup [--out FILE]
      A consistent backup while the server runs: DATA_DIR's embedded database (a .tar.gz), or
      DATABASE_URL's with pg_dump (custom format).
  rampart restore FILE
      Puts a backup back into an empty DATA_DIR, or into the empty database at DATABASE_URL.
  rampart simulate-platform [--url http://127.0.0.1:3000] [--days 30]
        [--webhook-id N --secret whsec_… (an enabled endpoint) | --endpoint-url https://platform.example.com/rampart
         with --token TOKEN or --user admin --password PASSWORD (or ADMIN_PASSWORD)]
      Plays the provider's platform for every active service of a running server: days of 5-minute
      traffic (daily and weekly curves, per domain for CDN and WAF), a few attacks, top lists, a third
      of the bandwidth packages over their commitment, sent signed to /prod-api/platform/usage.`;

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, "").slice(0, 15);
}

export async function runCommand(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      to: { type: "string" },
      out: { type: "string" },
      url: { type: "string" },
      token: { type: "string" },
      user: { type: "string" },
      password: { type: "string" },
      "webhook-id": { type: "string" },
      secret: { type: "string" },
      "endpoint-url": { type: "string" },
      days: { type: "string" },
    },
    allowPositionals: true,
  });
  if (command === "simulate-platform") return simulate(values);
  const config = loadConfig();
  const target = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
  switch (command) {
    case "move-to-postgres": {
      if (!values.to?.match(/^postgres(ql)?:\/\//)) throw new MoveRefusedError("--to needs a postgres:// address");
      console.log(`Moving ${config.dataDir} to PostgreSQL…`);
      const report = await moveToPostgres(config.dataDir, values.to);
      const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
      // Two-factor and webhook secrets are sealed with a key derived from the token secret: the
      // server on PostgreSQL must have the same one.
      const secret = config.tokenSecret
        ? "the same TOKEN_SECRET as now"
        : `TOKEN_SECRET="$(cat ${join(config.dataDir, "token-secret")})"`;
      console.log(
        `Done: ${report.tables.length} tables, ${rows} rows, ${report.jobs} waiting jobs.\nStart the server with DATABASE_URL set to that address and ${secret} (two-factor and webhook secrets are sealed with it).`,
      );
      return 0;
    }
    case "backup": {
      const out = values.out ?? `rampart-${stamp()}.${target.databaseUrl ? "dump" : "tar.gz"}`;
      await backup(target, out);
      console.log(`Backup written to ${out}`);
      return 0;
    }
    case "restore": {
      const file = positionals[0];
      if (!file) throw new BackupError("name the backup file to restore");
      await restore(target, file);
      console.log(`Restored ${file} into ${target.databaseUrl ? "DATABASE_URL's database" : config.dataDir}`);
      return 0;
    }
    default:
      console.error(USAGE);
      return command === "help" || command === "--help" ? 0 : 2;
  }
}

/** `simulate-platform`: the options as given (a running server's; no database of its own opened). */
async function simulate(values: Record<string, string | boolean | undefined>): Promise<number> {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);
  const days = Number(text("days") ?? 30);
  if (!Number.isInteger(days) || days < 1 || days > 35) throw new PlatformRefusedError("--days is 1 to 35");
  const webhookId = Number(text("webhook-id"));
  const secret = text("secret") ?? process.env.PLATFORM_SECRET;
  await simulatePlatform({
    baseUrl: (text("url") ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, ""),
    token: text("token"),
    user: text("user"),
    password: text("password") ?? process.env.ADMIN_PASSWORD,
    endpoint: webhookId > 0 && secret ? { webhookId, secret } : undefined,
    endpointUrl: text("endpoint-url") ?? "https://platform.example.com/rampart",
    days,
    log: (line) => console.log(line),
  });
  return 0;
}

export const COMMANDS = new Set(["move-to-postgres", "backup", "restore", "simulate-platform", "help", "--help"]);

/** Runs a command and exits with its status; a refusal is one clear line, not a stack. */
export async function main(argv: string[]): Promise<never> {
  try {
    process.exit(await runCommand(argv));
  } catch (error) {
    const known = [ConfigError, MoveRefusedError, BackupError, DataDirInUseError, PlatformRefusedError].some(
      (kind) => error instanceof kind,
    );
    console.error(`\nrampart ${argv[0]}: ${known ? (error as Error).message : ((error as Error).stack ?? error)}\n`);
    process.exit(1);
  }
}
