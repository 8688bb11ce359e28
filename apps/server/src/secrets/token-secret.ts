import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../config.ts";

const SECRET_FILE = "token-secret";

/**
 * The secret that signs session tokens. It comes from TOKEN_SECRET; there is no default. The
 * embedded database's one process may instead keep a secret it generated on first start in its
 * data directory (readable by its owner only). On PostgreSQL, where several processes must agree,
 * TOKEN_SECRET is required.
 */
export function resolveTokenSecret(options: {
  configured: string | undefined;
  databaseKind: "pglite" | "postgres";
  dataDir: string;
}): string {
  if (options.configured) return options.configured;
  if (options.databaseKind === "postgres") {
    throw new ConfigError(
      "TOKEN_SECRET must be set when DATABASE_URL is set (at least 32 characters, the same for every " +
        "server process), for example: TOKEN_SECRET=$(openssl rand -base64 48)",
    );
  }
  const path = join(options.dataDir, SECRET_FILE);
  try {
    return readFileSync(path, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: "wx" });
  return secret;
}
