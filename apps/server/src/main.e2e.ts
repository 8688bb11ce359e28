import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, get as httpGet } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUNDLE_ENTRY, serverEntry } from "../bin/server-entry.ts";
import { runServerToExit, startServerProcess } from "./testing/server-process.ts";

const dataDir = mkdtempSync(join(tmpdir(), "rampart-main-"));
const gracefulDir = mkdtempSync(join(tmpdir(), "rampart-graceful-"));
afterAll(() => {
  for (const dir of [dataDir, gracefulDir]) rmSync(dir, { recursive: true, force: true });
});

/** A Node older than 22 on this machine (the system Node of a fresh machine is 20), if any. */
function oldNode(): string | undefined {
  for (const candidate of ["/usr/bin/node", "/usr/local/bin/node"]) {
    try {
      const version = execFileSync(candidate, ["-p", "process.versions.node"]).toString().trim();
      if (Number(version.split(".")[0]) < 22) return candidate;
    } catch {}
  }
  return undefined;
}

describe("the server process", () => {
  it("runs from the bundle `npm run build` made (these tests run after it)", () => {
    expect(serverEntry()).toBe(BUNDLE_ENTRY);
  });

  it("loads at start none of the packages that only some requests or jobs need", () => {
    // The packages the bundle's entry imports, which every start loads (the rest is in chunks
    // or imported by `await import(…)` where first needed).
    const loaded = [...readFileSync(BUNDLE_ENTRY, "utf8").matchAll(/^import (?:[^"]*? from )?"([^"]+)";$/gm)].map(
      (match) => match[1]!.replace(/^((?:@[^/]+\/)?[^/]+).*$/, "$1"),
    );
    expect(loaded).toContain("fastify");
    const onlyWhenNeeded = [
      // certificates
      "acme-client",
      "@peculiar/x509",
      "pkijs",
      "asn1js",
      // mail delivery, notices and mail templates, uploads
      "nodemailer",
      "mjml",
      "sanitize-html",
      "file-type",
      // documents, payments, metrics, PostgreSQL
      "pdfkit",
      "piscina",
      "write-excel-file",
      "qrcode",
      "alipay-sdk",
      "prom-client",
      "pg",
    ];
    expect(loaded.filter((name) => onlyWhenNeeded.includes(name))).toEqual([]);
  });

  it("stops at start-up on a bad setting and names the variable", async () => {
    const { code, output } = await runServerToExit({ PORT: "eighty", DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid configuration: PORT must be integer/);
  });

  it.skipIf(!oldNode())("refuses to run on Node older than 22 with a clear message", async () => {
    const { code, output } = await runServerToExit({ DATA_DIR: dataDir }, oldNode());
    expect(code).toBe(1);
    expect(output).toContain("Rampart needs Node.js 22.18 or newer");
  });

  it("starts on an empty data directory, prints the administrator once, and refuses a second process", async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD: "" });
    try {
      expect(server.output()).toMatch(/user name: admin\n\s+password:\s+\S{12,}/);
      const health = await fetch(`${server.baseUrl}/prod-api/health`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { data: { database: string } }).data.database).toBe("pglite");

      const second = await runServerToExit({ DATA_DIR: dataDir });
      expect(second.code).toBe(1);
      expect(second.output).toContain("is in use by another Rampart process");

      // The first process was not disturbed by the second.
      expect((await fetch(`${server.baseUrl}/prod-api/health`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.output()).toContain("Rampart stopped (SIGTERM)");

    // The data survived the restart, and the administrator is not created (or printed) again.
    const again = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect(again.output()).not.toContain("password:");
      const site = await fetch(`${again.baseUrl}/prod-api/system/common/getSysByDomain?domainName=demo.localhost`);
      expect(((await site.json()) as { data: { company: string } }).data.company).toBe("Lotus Shield");
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });

  it("answers every request on kept-alive connections while it stops, never resets one", async () => {
    const server = await startServerProcess({ DATA_DIR: gracefulDir });
    // Clients as a script behind no balancer has them: connections kept alive between requests.
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const outcomes = new Map<string, number>();
    const count = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
    const ask = () =>
      new Promise<boolean>((resolve) => {
        const req = httpGet(`${server.baseUrl}/prod-api/health`, { agent }, (res) => {
          res.resume();
          res.on("end", () => {
            count(`${res.statusCode}${res.headers.connection === "close" ? " close" : ""}`);
            resolve(true);
          });
        });
        req.on("error", (error: NodeJS.ErrnoException) => {
          count(error.code ?? error.message);
          resolve(false);
        });
      });
    let stopped = false;
    const client = async () => {
      while (!stopped) if (!(await ask())) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const clients = Array.from({ length: 20 }, client);
    await expect.poll(() => outcomes.get("200") ?? 0).toBeGreaterThan(500);
    const code = await server.stop();
    stopped = true;
    await Promise.all(clients);
    agent.destroy();
    expect(code, server.output()).toBe(0);
    // Answered, the last ones asking to close; then refused (the port is closed): never reset.
    expect(outcomes.get("200 close")).toBeGreaterThan(0);
    expect([...outcomes.keys()].filter((what) => !["200", "200 close", "ECONNREFUSED"].includes(what))).toEqual([]);
  });

  it("finishes a response in progress when told to stop, then closes", async () => {
    const server = await startServerProcess({ DATA_DIR: gracefulDir });
    const res = await fetch(`${server.baseUrl}/index`); // headers received, body still to read
    const code = server.stop();
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("</html>");
    expect(await code, server.output()).toBe(0);
    await expect(fetch(`${server.baseUrl}/prod-api/health`)).rejects.toThrow();
  });
});
