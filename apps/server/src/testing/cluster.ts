import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ServerProcess, startServerProcess } from "./server-process.ts";
import { createScratchDatabase } from "./test-database.ts";

const NGINX_CONF = fileURLToPath(new URL("../../../../deploy/nginx/rampart.conf", import.meta.url));

/** nginx's path on this machine, or undefined when it is not installed. */
export function nginxBinary(): string | undefined {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {}
  }
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The processes whose parent is `pid` (from /proc: nginx's workers). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": the name may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {}
  }
  return children;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface Cluster {
  /** nginx's address: what clients use. */
  baseUrl: string;
  /** Takes a process out of nginx's rotation (`down`) or puts it back: a graceful reload. */
  setInRotation(index: number, inRotation: boolean): Promise<void>;
  /** What nginx wrote to its error log (why it answered 502, say). */
  nginxLog(): string;
  /** Each process's own address (to ask one process directly). */
  processUrls(): string[];
  /** Each process's exit code, null while it runs (undefined: stopped by the test). */
  exitCodes(): (number | null | undefined)[];
  /** Each process's output so far. */
  outputs(): string[];
  databaseUrl: string;
  adminPassword: string;
  /** Sends a signal to one process and waits for it to exit. */
  stop(index: number, signal: NodeJS.Signals): Promise<void>;
  /** Starts a stopped process again on its port; resolves once it is ready. */
  start(index: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * `count` Rampart processes on one fresh PostgreSQL database (one TOKEN_SECRET), behind nginx with
 * the repository's deploy/nginx/rampart.conf, round robin. For the cluster test.
 */
export async function startCluster(
  serverUrl: string,
  count: number,
  env: Record<string, string> = {},
): Promise<Cluster> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error("nginx is not installed (apt-get install nginx)");
  const scratch = await createScratchDatabase(serverUrl, "rampart_cluster");
  const databaseUrl = scratch.url;
  const adminPassword = "cluster-admin-pass-1";
  const processEnv = {
    DATABASE_URL: databaseUrl,
    TOKEN_SECRET: randomBytes(48).toString("base64"),
    ADMIN_PASSWORD: adminPassword,
    CAPTCHA_ENABLED: "false",
    TRUSTED_PROXIES: "127.0.0.1",
    SHUTDOWN_GRACE_SECONDS: "20",
    ...env,
  };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const servers: (ServerProcess | undefined)[] = [];
  // The first one migrates and seeds; the others then start side by side.
  servers[0] = await startServerProcess({ ...processEnv, PORT: String(ports[0]) });
  const rest = await Promise.all(
    ports.slice(1).map((port) => startServerProcess({ ...processEnv, PORT: String(port) })),
  );
  servers.push(...rest);

  const prefix = mkdtempSync(join(tmpdir(), "rampart-nginx-"));
  const nginxPort = await freePort();
  const down = new Set<number>();
  const writeUpstreams = () =>
    writeFileSync(
      join(prefix, "rampart-upstreams.conf"),
      ports
        .map((port, i) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s${down.has(i) ? " down" : ""};\n`)
        .join(""),
    );
  writeUpstreams();
  // The repository's file as it is, but for the port it listens on.
  writeFileSync(
    join(prefix, "rampart.conf"),
    readFileSync(NGINX_CONF, "utf8").replace(/listen 8080;/, `listen 127.0.0.1:${nginxPort};`),
  );
  writeFileSync(
    join(prefix, "nginx.conf"),
    [
      "worker_processes 2;",
      `pid ${join(prefix, "nginx.pid")};`,
      "error_log stderr warn;",
      "daemon off;",
      "events { worker_connections 4096; }",
      "http {",
      "  access_log off;",
      `  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy;`,
      `  fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;`,
      "  include rampart.conf;",
      "}",
    ].join("\n"),
  );
  const nginxProcess: ChildProcess = spawn(nginx, ["-p", prefix, "-c", join(prefix, "nginx.conf")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let nginxErrors = "";
  nginxProcess.stderr!.on("data", (chunk: Buffer) => (nginxErrors += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${nginxPort}`;
  for (let tries = 0; ; tries++) {
    const answered = await fetch(`${baseUrl}/prod-api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) break;
    if (tries > 100 || nginxProcess.exitCode !== null) throw new Error(`nginx did not start:\n${nginxErrors}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const reload = async () => {
    const oldWorkers = childrenOf(nginxProcess.pid!);
    execFileSync(nginx, ["-p", prefix, "-c", join(prefix, "nginx.conf"), "-s", "reload"]);
    // Done when the old workers are gone (they finish what they carry, then exit): from then on
    // every request goes by the new list.
    for (let tries = 0; oldWorkers.some(alive); tries++) {
      if (tries > 400) throw new Error("nginx's old workers did not exit after a reload");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  return {
    baseUrl,
    databaseUrl,
    adminPassword,
    processUrls: () => ports.map((port) => `http://127.0.0.1:${port}`),
    nginxLog: () => nginxErrors,
    exitCodes: () => servers.map((server) => server?.child.exitCode),
    outputs: () => servers.map((server) => server?.output() ?? ""),
    async stop(index, signal) {
      const server = servers[index];
      if (!server) return;
      servers[index] = undefined;
      const exited = new Promise((resolve) => server.child.once("exit", resolve));
      if (server.child.exitCode === null) server.child.kill(signal);
      await exited;
    },
    async start(index) {
      servers[index] = await startServerProcess({ ...processEnv, PORT: String(ports[index]) });
      for (let tries = 0; ; tries++) {
        const ready = await fetch(`http://127.0.0.1:${ports[index]}/prod-api/health/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) return;
        if (tries > 200) throw new Error(`process ${index} did not become ready`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async setInRotation(index, inRotation) {
      if (inRotation) down.delete(index);
      else down.add(index);
      writeUpstreams();
      await reload();
    },
    async close() {
      nginxProcess.kill("SIGQUIT");
      await Promise.all(servers.map((server) => server?.stop()));
      rmSync(prefix, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}
