import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const entry = fileURLToPath(new URL("../../bin/rampart.mjs", import.meta.url));

/**
 * The V8 flags `npm start` runs the server with (package.json): Node sizes the young generation
 * from the machine's memory, up to 64 MB per semi-space, which the server never needs; 2 MB
 * keeps it about 130 MB smaller after load at the same throughput.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=2"];

/**
 * How long a test waits for a server it stopped before killing it. The server gives itself
 * SHUTDOWN_GRACE_SECONDS (10) and then exits on its own; only a blocked event loop outlasts that.
 */
const STOP_DEADLINE_MS = 30_000;

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** Milliseconds from spawn to the "listening" line. */
  startupMs: number;
  output(): string;
  /**
   * Sends SIGTERM and resolves with the exit code; a server still running after STOP_DEADLINE_MS
   * (its own grace is 10 s) is killed, its output printed, and null returned.
   */
  stop(): Promise<number | null>;
}

/** Runs the real server (bin/rampart.mjs) as its own process, as `npm start` does, on a free port. */
export async function startServerProcess(
  env: Record<string, string> = {},
  nodePath = process.execPath,
): Promise<ServerProcess> {
  const startedAt = performance.now();
  const child = spawn(nodePath, [...SERVER_NODE_FLAGS, entry], {
    // Tests sign in as the administrator with a password alone, and their customers order without
    // confirming an address, unless they turn these on.
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      ADMIN_TWO_FACTOR: "false",
      EMAIL_VERIFICATION: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const onData = () => {
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout!.on("data", onData);
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    startupMs: performance.now() - startedAt,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      const stoppedAt = performance.now();
      child.kill("SIGTERM");
      const deadline = setTimeout(() => {
        console.error(
          `server on port ${port} still running ${STOP_DEADLINE_MS} ms after SIGTERM: killed. Its output:\n${output.slice(-4_000)}`,
        );
        child.kill("SIGKILL");
      }, STOP_DEADLINE_MS);
      const code = await exited;
      clearTimeout(deadline);
      if (performance.now() - stoppedAt > 15_000) {
        console.error(`server on port ${port} took ${Math.round(performance.now() - stoppedAt)} ms to stop`);
      }
      return code;
    },
  };
}

/** Signs in over HTTP as a user who needs no second factor; the session token. */
export async function signInOverHttp(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/prod-api/auth/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { msg: string; data?: { access_token: string } };
  if (!body.data) throw new Error(`sign-in as ${username} failed: ${body.msg}`);
  return body.data.access_token;
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export function runServerToExit(env: Record<string, string>, nodePath = process.execPath) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(nodePath, [entry], {
      env: {
        ...process.env,
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        ADMIN_TWO_FACTOR: "false",
        EMAIL_VERIFICATION: "false",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
