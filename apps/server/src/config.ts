import { resolve } from "node:path";
import { envSchema } from "env-schema";
import { type Static, Type } from "typebox";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Every environment variable the server reads; README.md lists them with the same defaults. */
const EnvSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal("production"), Type.Literal("development"), Type.Literal("test")], {
    default: "production",
  }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: "localhost" }),
  DATA_DIR: Type.String({ minLength: 1, default: "./data" }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: "^postgres(ql)?://" })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((l) => Type.Literal(l)),
    { default: "info" },
  ),
  SITE_CACHE_TTL_SECONDS: Type.Integer({ minimum: 0, maximum: 3600, default: 30 }),
  SHUTDOWN_GRACE_SECONDS: Type.Integer({ minimum: 1, maximum: 300, default: 10 }),
});
type Env = Static<typeof EnvSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  /** Absolute path of the embedded database's directory (unused when databaseUrl is set). */
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  logLevel: Env["LOG_LEVEL"];
  siteCacheTtlMs: number;
  shutdownGraceMs: number;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Reads and validates the environment once. A bad value stops start-up with a message that names
 * the variable (for example "PORT must be <= 65535").
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  let parsed: Env;
  try {
    parsed = envSchema<Env>({ schema: EnvSchema, data: env, dotenv: false });
  } catch (error) {
    const text = (error as Error).message.replace(/env\/([A-Z_]+)/g, "$1").replace(/^env /, "");
    throw new ConfigError(`Invalid configuration: ${text}`);
  }
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL || undefined,
    adminPassword: parsed.ADMIN_PASSWORD,
    logLevel: parsed.LOG_LEVEL,
    siteCacheTtlMs: parsed.SITE_CACHE_TTL_SECONDS * 1000,
    shutdownGraceMs: parsed.SHUTDOWN_GRACE_SECONDS * 1000,
  };
}
