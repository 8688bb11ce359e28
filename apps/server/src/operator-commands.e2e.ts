import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, signInOverHttp, startServerProcess } from "./testing/server-process.ts";
import { createScratchDatabase } from "./testing/test-database.ts";

// The operator's commands, run as an operator runs them (`rampart backup`, …), against real servers.

const entry = fileURLToPath(new URL("../bin/rampart.mjs", import.meta.url));
const dirs: string[] = [];
const databases: { drop(): Promise<void> }[] = [];
const servers: ServerProcess[] = [];
const serverUrl = process.env.TEST_DATABASE_URL;
const ADMIN_PASSWORD = "commands-admin-pass-1";
const signIn = (base: string) => signInOverHttp(base, "admin", ADMIN_PASSWORD);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const database of databases) await database.drop();
});

function rampart(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ ADMIN_PASSWORD, CAPTCHA_ENABLED: "false", ...env });
  servers.push(server);
  return server;
}

async function stop(server: ServerProcess): Promise<void> {
  await server.stop();
  servers.splice(servers.indexOf(server), 1);
}

async function placeOrder(base: string): Promise<string> {
  const response = await fetch(`${base}/prod-api/order/trade/order/createOrder`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await signIn(base)}` },
    body: JSON.stringify({
      product: "ddos",
      configuration: "bandwidth=100&duration=month-1",
      action: "new",
      payMethod: "offline",
      idempotencyKey: randomBytes(8).toString("hex"),
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { orderNo: string } }).data.orderNo;
}

async function hasOrder(base: string, orderNo: string): Promise<boolean> {
  const response = await fetch(`${base}/prod-api/order/trade/order/describeOrder/${orderNo}`, {
    headers: { authorization: `Bearer ${await signIn(base)}` },
  });
  return response.status === 200;
}

async function newDatabase(): Promise<string> {
  const scratch = await createScratchDatabase(serverUrl!, "rampart_commands");
  databases.push(scratch);
  return scratch.url;
}

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

describe("rampart backup and restore", () => {
  it("backs up the embedded database while its server runs, and restores it into a new directory", async () => {
    const dataDir = tempDir("rampart-backup-src-");
    const server = await start({ DATA_DIR: dataDir });
    const orderNo = await placeOrder(server.baseUrl);
    const archive = join(tempDir("rampart-backup-out-"), "backup.tar.gz");
    // From another temporary directory than the server's (another TMPDIR, systemd's PrivateTmp),
    // the server's socket is out of reach: the command says where it looked and what to do.
    const elsewhere = await rampart(["backup", "--out", archive], {
      DATA_DIR: dataDir,
      TMPDIR: tempDir("rampart-tmp-"),
    });
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.output).toMatch(/did not answer for a backup at \S+rampart-tmp-\S+backup-\w+\.sock/);
    expect(elsewhere.output).toContain("run this command with the server's TMPDIR");
    const made = await rampart(["backup", "--out", archive], { DATA_DIR: dataDir });
    expect(made.code, made.output).toBe(0);
    expect(statSync(archive).size).toBeGreaterThan(100_000);
    // Readable by its owner only: it holds the token secret and every password hash.
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    // The server went on serving meanwhile.
    expect(await hasOrder(server.baseUrl, orderNo)).toBe(true);
    await stop(server);

    const restoredDir = join(tempDir("rampart-backup-dst-"), "data");
    const restored = await rampart(["restore", archive], { DATA_DIR: restoredDir });
    expect(restored.code, restored.output).toBe(0);
    // Never over data.
    const again = await rampart(["restore", archive], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain("is not empty");

    const back = await start({ DATA_DIR: restoredDir });
    expect(back.output()).not.toContain("password:"); // the same data: no first start
    expect(await hasOrder(back.baseUrl, orderNo)).toBe(true);
  }, 180_000);

  it.skipIf(!serverUrl)(
    "backs up a PostgreSQL database with pg_dump and restores it into an empty one",
    async () => {
      const databaseUrl = await newDatabase();
      const env = { DATABASE_URL: databaseUrl, TOKEN_SECRET: randomBytes(48).toString("base64") };
      const server = await start(env);
      const orderNo = await placeOrder(server.baseUrl);
      const dump = join(tempDir("rampart-pgdump-"), "backup.dump");
      const made = await rampart(["backup", "--out", dump], env);
      expect(made.code, made.output).toBe(0);
      expect(statSync(dump).mode & 0o777).toBe(0o600);
      await stop(server);

      const emptyUrl = await newDatabase();
      const restored = await rampart(["restore", dump], { ...env, DATABASE_URL: emptyUrl });
      expect(restored.code, restored.output).toBe(0);
      const back = await start({ ...env, DATABASE_URL: emptyUrl });
      expect(await hasOrder(back.baseUrl, orderNo)).toBe(true);
    },
    180_000,
  );
});

describe.skipIf(!serverUrl)("rampart move-to-postgres", () => {
  it("copies the embedded database into an empty PostgreSQL database that the server then runs on", async () => {
    const dataDir = tempDir("rampart-move-");
    const server = await start({ DATA_DIR: dataDir, SMTP_URL: "smtp://127.0.0.1:1" });
    const orderNo = await placeOrder(server.baseUrl);
    // Refused while the server holds the directory.
    const target = await newDatabase();
    const busy = await rampart(["move-to-postgres", "--to", target], { DATA_DIR: dataDir });
    expect(busy.code).toBe(1);
    expect(busy.output).toContain("is in use by another Rampart process");
    await stop(server);

    const moved = await rampart(["move-to-postgres", "--to", target], { DATA_DIR: dataDir });
    expect(moved.code, moved.output).toBe(0);
    expect(moved.output).toMatch(/biz_order: [1-9]\d* rows/);
    expect(moved.output).toContain("every table checked: same rows, same checksums");

    // A second time, onto what is now not empty: refused.
    const twice = await rampart(["move-to-postgres", "--to", target], { DATA_DIR: dataDir });
    expect(twice.code).toBe(1);
    expect(twice.output).toContain("is not empty");

    // With the embedded database's token secret, as the command says.
    expect(moved.output).toContain(`TOKEN_SECRET="$(cat ${join(dataDir, "token-secret")})"`);
    const tokenSecret = readFileSync(join(dataDir, "token-secret"), "utf8").trim();
    const onPostgres = await start({ DATABASE_URL: target, TOKEN_SECRET: tokenSecret });
    expect(onPostgres.output()).not.toContain("password:");
    expect(await hasOrder(onPostgres.baseUrl, orderNo)).toBe(true);
    // The sequences came along: new rows take new ids.
    expect(await hasOrder(onPostgres.baseUrl, await placeOrder(onPostgres.baseUrl))).toBe(true);
  }, 180_000);
});
