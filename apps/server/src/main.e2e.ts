import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
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
