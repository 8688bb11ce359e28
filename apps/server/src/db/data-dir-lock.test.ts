import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { DataDirInUseError } from "./data-dir-lock.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it("refuses to open an embedded database directory that is already open", async () => {
  const dir = mkdtempSync(join(tmpdir(), "rampart-lock-"));
  dirs.push(dir);
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
    const parent = mkdtempSync(join(tmpdir(), "rampart-private-"));
    dirs.push(parent);
    const fresh = join(parent, "fresh");
    const opened = join(parent, "opened");
    for (const dir of [fresh, opened]) {
      if (dir === opened) {
        const database = await openDatabase({ dataDir: dir });
        await database.close();
        chmodSync(dir, 0o755);
      }
      const database = await openDatabase({ dataDir: dir });
      await database.close();
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    }
  },
  60_000,
);
