import { mkdtempSync, rmSync } from "node:fs";
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
