// The slider captcha's proof of work: how long the login and registration forms take to solve one
// in Chromium, on this machine and with the CPU throttled 4x and 6x (DevTools'
// Emulation.setCPUThrottlingRate) to stand for a mid-range phone, and what one solve costs a bot
// that solves in Node with altcha-lib (one core). Target: the throttled median under about a
// second, while the form's user reads and drags. The browser runs the web app's own solver
// (app/console/login/captcha-solver.ts, bundled here) on the server's own challenges.
// Part of `npm run bench`; alone: `node scripts/bench-captcha.ts`.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CaptchaChallenge } from "@rampart/contracts";
import { chromium } from "playwright-core";
import { build, type Rolldown } from "vite";
import { solveCaptchaChallenge } from "../apps/server/src/testing/captcha-solver.ts";
import { startServerProcess } from "../apps/server/src/testing/server-process.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SOLVES = Number(process.env.BENCH_CAPTCHA_SOLVES ?? 40);
const THROTTLING = [1, 4, 6];
const solverSource = fileURLToPath(new URL("../apps/web/app/console/login/captcha-solver.ts", import.meta.url));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const sorted = (times: number[]) => [...times].sort((a, b) => a - b);
const median = (times: number[]) => percentile(sorted(times), 0.5);
const figures = (times: number[]) =>
  `median ${median(times).toFixed(0)} ms, p90 ${percentile(sorted(times), 0.9).toFixed(0)} ms`;

/** The web app's solver as a script for a page: `captchaBench.solveCaptcha(offer, signal)`. */
async function bundleSolver(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: "silent",
    build: {
      write: false,
      minify: false,
      target: "es2022",
      lib: { entry: solverSource, name: "captchaBench", formats: ["iife"] },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs[0]?.output.find((file) => file.type === "chunk");
  if (chunk?.type !== "chunk") throw new Error("the captcha solver did not bundle");
  return chunk.code;
}

async function challengeFrom(baseUrl: string): Promise<CaptchaChallenge> {
  const body = (await (await fetch(`${baseUrl}/prod-api/auth/captcha?scene=nc_login`)).json()) as {
    data: CaptchaChallenge;
  };
  if (!body.data.enabled) throw new Error("the captcha is off on the benchmark's server");
  return body.data;
}

/** Chromium: SOLVES challenges one after another at each throttling rate; the proof is checked once. */
async function solveInChromium(baseUrl: string): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`  Chromium: skipped (no Chromium at ${CHROMIUM})`);
    return;
  }
  const script = await bundleSolver();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    // A page of the server's origin (a secure context, as the forms are) that runs nothing else.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/prod-api/health`);
    await page.addScriptTag({ content: script });
    const cdp = await context.newCDPSession(page);
    const solveOne = () =>
      page.evaluate(async () => {
        const offer = (await (await fetch("/prod-api/auth/captcha?scene=nc_login")).json()).data;
        const { solveCaptcha } = (
          window as unknown as { captchaBench: typeof import("../apps/web/app/console/login/captcha-solver.ts") }
        ).captchaBench;
        const started = performance.now();
        const proof = await solveCaptcha(offer, new AbortController().signal);
        return { ms: performance.now() - started, proof };
      });

    // The browser's proof is one the server takes: a login with it is refused for the password only.
    const { proof } = await solveOne();
    const login = await fetch(`${baseUrl}/prod-api/auth/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "bench-nobody", password: "not-the-password", verifyInfo: proof }),
    });
    const answer = (await login.json()) as { msg: string };
    if (!/user name or password/i.test(answer.msg)) throw new Error(`the browser's proof was refused: ${answer.msg}`);

    let unthrottledMedian = 0;
    for (const rate of THROTTLING) {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      const times: number[] = [];
      for (let i = 0; i < SOLVES; i++) times.push((await solveOne()).ms);
      if (rate === 1) unthrottledMedian = median(times);
      const label = rate === 1 ? "Chromium, this machine" : `Chromium, CPU throttled ${rate}x`;
      console.log(`  ${`${label}:`.padEnd(32)} ${figures(times)} (${SOLVES} solves)`);
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    // The throttling slows the page's thread, not the one WebCrypto derives keys on: the figures
    // above slow the calls, not the hashing. A phone whose hashing, too, were that much slower:
    const worst = Math.max(...THROTTLING);
    console.log(
      `  ${`everything ${worst}x slower:`.padEnd(32)} median about ${(worst * unthrottledMedian).toFixed(0)} ms (${worst} × this machine's; ARMv8 phones hash SHA-256 in hardware, so less)`,
    );
  } finally {
    await browser.close();
  }
}

/** A bot: Node and altcha-lib, one solve after another; wall time and CPU time per solve. */
async function solveInNode(baseUrl: string): Promise<void> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < SOLVES; i++) {
    const offer = await challengeFrom(baseUrl);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await solveCaptchaChallenge(offer);
    const used = process.cpuUsage(cpuStarted);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  const cpuMedian = median(cpu);
  console.log(`  ${"a bot (Node, altcha-lib):".padEnd(32)} ${figures(wall)}; CPU ${figures(cpu)}`);
  console.log(
    `  one core solves about ${Math.round(3_600_000 / cpuMedian).toLocaleString("en")} challenges an hour (one registration or login each)`,
  );
}

/** The server's side: a challenge's round trip (the server derives one key to sign it). */
async function challengeRoundTrip(baseUrl: string): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < SOLVES; i++) {
    const started = performance.now();
    await challengeFrom(baseUrl);
    times.push(performance.now() - started);
  }
  console.log(`  ${"GET /prod-api/auth/captcha:".padEnd(32)} ${figures(times)}`);
}

export async function benchCaptcha(): Promise<void> {
  console.log("\nSlider captcha (proof of work; target: throttled median under about 1 s)");
  const dataDir = mkdtempSync(join(tmpdir(), "rampart-bench-captcha-"));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    CAPTCHA_ENABLED: "true",
    LOGIN_RATE_LIMIT_PER_MINUTE: "10000",
  });
  try {
    const { challenge } = await challengeFrom(server.baseUrl);
    const { algorithm, cost } = (challenge as { parameters: { algorithm: string; cost: number } }).parameters;
    console.log(`  work: ${algorithm}, ${cost} iterations per attempt (see modules/auth/captcha.ts)`);
    await challengeRoundTrip(server.baseUrl);
    await solveInNode(server.baseUrl);
    await solveInChromium(server.baseUrl);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await benchCaptcha();
