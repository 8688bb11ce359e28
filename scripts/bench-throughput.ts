// The ratio table's load generator (bench.ts). On this two-core machine the server and the client
// share the CPU, and autocannon (JavaScript, one thread) parses a response at a cost that grows
// with its size: on the 8 KB home page it was the saturated side (96% of a core) while the server
// idled a third of the time, so the table measured autocannon. wrk (C, Debian's `wrk` package)
// spends a fraction of that per response, and the server is then the side that saturates, as the
// ratios mean. Without wrk, autocannon is used and the table says so.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import autocannon from "autocannon";

const run = promisify(execFile);

export interface Throughput {
  /** Requests answered per second. */
  rps: number;
  /** The 99th percentile of latency, in milliseconds. */
  p99: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  /**
   * The serving process's CPU time per answered request, in microseconds (all its threads, user and
   * system), when its pid was given and /proc can be read.
   */
  cpuMicros?: number;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux Node runs on). */
const TICKS_PER_SECOND = 100;

/**
 * A process's CPU time in seconds (user and system) from its /proc/<pid>/stat line. The command
 * name, in parentheses, may hold spaces and parentheses of its own: fields are counted after the last ")".
 */
export function cpuSecondsOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are the stat line's 14th and 15th fields: the 12th and 13th after the name.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function cpuSeconds(pid: number): number | undefined {
  try {
    return cpuSecondsOfStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return undefined;
  }
}

export type LoadTool = "wrk" | "autocannon";

/** wrk when it is installed (`apt-get install wrk`), otherwise autocannon. */
export async function loadTool(): Promise<LoadTool> {
  try {
    await run("wrk", ["--version"]);
  } catch (error) {
    // wrk prints its version and exits with 1; only a missing program means no wrk.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "autocannon";
  }
  return "wrk";
}

/** Milliseconds of a wrk duration such as "850.00us", "4.16ms" or "1.02s". */
function milliseconds(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value);
  if (!match) throw new Error(`bench: cannot read wrk's duration "${value}"`);
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
  return Number(match[1]) * factor;
}

/** Reads wrk's report (with --latency). */
export function parseWrk(output: string): Throughput {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  const p99 = /^\s+99%\s+(\S+)/m.exec(output);
  if (!rps || !p99) throw new Error(`bench: unexpected wrk output:\n${output}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { rps: Number(rps[1]), p99: Math.round(milliseconds(p99[1]!)), errors: non2xx + socketErrors };
}

/**
 * Loads `url` with GETs from `connections` connections for `seconds`; with `pid`, the serving
 * process's CPU time per request too. On this two-core machine the figures of one route moved by a
 * third within a run, the CPU time per request much less: it shows a change's effect where the
 * requests per second cannot.
 */
export async function throughput(
  tool: LoadTool,
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  pid?: number,
): Promise<Throughput> {
  const cpuBefore = pid === undefined ? undefined : cpuSeconds(pid);
  const result = await load(tool, url, headers, connections, seconds);
  const cpuAfter = pid === undefined ? undefined : cpuSeconds(pid);
  if (cpuBefore === undefined || cpuAfter === undefined || result.rps === 0) return result;
  return { ...result, cpuMicros: ((cpuAfter - cpuBefore) / (result.rps * seconds)) * 1e6 };
}

async function load(
  tool: LoadTool,
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Throughput> {
  if (tool === "wrk") {
    const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
    const { stdout } = await run("wrk", [
      "--threads",
      "1",
      "--connections",
      String(connections),
      "--duration",
      `${seconds}s`,
      "--latency",
      ...headerArgs,
      url,
    ]);
    return parseWrk(stdout);
  }
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}
