import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SOURCE = join(import.meta.dirname, "../..");

/** The server's own code (no tests, no migrations). */
function sourceFiles(folder = SOURCE): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    // Test support (testing/) writes the rows a test starts from; the rule is the running server's.
    if (entry.isDirectory()) return ["migrations", "testing"].includes(entry.name) ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|e2e)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The text of the call's argument that starts at `open` (a parenthesis), to its matching one. */
function argumentAt(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === "(") depth++;
    if (text[index] === ")" && --depth === 0) return text.slice(open + 1, index);
  }
  return text.slice(open + 1);
}

/** Where an order's status is written: an UPDATE of biz_order whose SET names it (or is not spelled out). */
function statusWrites(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\.update\(bizOrder\)\s*\.set\(/g)) {
    const set = argumentAt(text, match.index + match[0].length - 1).trim();
    if (!set.startsWith("{") || /\bstatus\b/.test(set)) found.push(`update: ${set.slice(0, 60)}`);
  }
  if (/update\s+biz_order\b/i.test(text)) found.push("update biz_order (SQL)");
  for (const _ of text.matchAll(/\.insert\(bizOrder\)/g)) found.push("insert");
  return found;
}

describe("an order's state", () => {
  it("is written only by transitionOrder (lifecycle.ts); new orders only by the store, always unpaid", () => {
    const writers = Object.fromEntries(
      sourceFiles()
        .map((path) => [relative(SOURCE, path), statusWrites(readFileSync(path, "utf8"))] as const)
        .filter(([, writes]) => writes.length > 0),
    );
    expect(Object.keys(writers).sort()).toEqual(["modules/orders/lifecycle.ts", "modules/orders/order-store.ts"]);
    // The store inserts (its rows are unpaid: it drops any state it is given) and updates nothing.
    expect(writers["modules/orders/order-store.ts"]!.every((write) => write === "insert")).toBe(true);
    // The lifecycle moves states and inserts nothing.
    expect(writers["modules/orders/lifecycle.ts"]!.some((write) => write === "insert")).toBe(false);
  });
});
