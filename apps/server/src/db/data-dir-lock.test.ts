import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { DataDirInUseError } from "./data-dir-lock.ts";

// One directory, made once: creating an embedded database (initdb and every migration) is the
// costly part, and each test below needs one that exists rather than one of its own.
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rampart-lock-"));
  await (await openDatabase({ dataDir: dir })).close();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("refuses to open an embedded database directory that is already open", async () => {
  const first = await openDatabase({ dataDir: dir });
  try {
    const second = openDatabase({ dataDir: dir });
    await expect(second).rejects.toThrow(DataDirInUseError);
    await expect(second).rejects.toThrow(/in use by another Rampart process/);
  } finally {
    await first.close();
  }
  // Once closed, the directory opens again and keeps its data.
  const again = await openDatabase({ dataDir: dir });
  await again.close();
}, 30_000);

it.skipIf(process.platform === "win32")(
  "keeps the directory closed to other accounts (PGlite's own files are open to all)",
  async () => {
    // As made by a first start.
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // Opened to others since (by hand, by a copy): closed again at the next start.
    chmodSync(dir, 0o755);
    const database = await openDatabase({ dataDir: dir });
    await database.close();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  },
  60_000,
);
