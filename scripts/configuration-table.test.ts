// The configuration table is the operator's list of settings: every environment variable the server
// reads (apps/server/src/config.ts) is in it, with the default the server applies, and nothing else.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EnvSchema } from "../apps/server/src/config.ts";

/** Where the table lives (the operator's configuration page). */
const TABLE_FILE = new URL("../docs/configuration.md", import.meta.url);

function tableRows(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const [, name, defaultCell] of readFileSync(TABLE_FILE, "utf8").matchAll(
    /^\| `([A-Z][A-Z0-9_]+)` \| ([^|]*) \|/gm,
  ))
    rows.set(name!, defaultCell!.trim());
  return rows;
}

describe("the configuration table", () => {
  const settings = EnvSchema.properties as Record<string, { default?: unknown }>;

  it("lists every setting the server reads, and no other", () => {
    expect([...tableRows().keys()].sort()).toEqual(Object.keys(settings).sort());
  });

  it("gives each setting the default the server applies", () => {
    const rows = tableRows();
    const wrong = Object.entries(settings)
      // An empty default is written in words ("unset", "the system's").
      .filter(([, schema]) => schema.default !== undefined && schema.default !== "")
      .filter(([name, schema]) => !rows.get(name)?.includes(`\`${String(schema.default)}\``))
      .map(
        ([name, schema]) =>
          `${name}: the server's default is ${String(schema.default)}, the table says ${rows.get(name)}`,
      );
    expect(wrong).toEqual([]);
  });
});
