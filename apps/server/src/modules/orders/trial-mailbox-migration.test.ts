import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { bizTrialUse } from "../../db/schema.ts";
import { serverFile } from "../../server-files.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { trialMailbox } from "./trial-mailbox.ts";

// Migration 0037 keys the trials kept before per mailbox, as trialMailbox() keys new ones: run
// again here on trials of every spelling, it must give the same keys, keeping the earliest trial.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const migration = readFileSync(serverFile("drizzle", "0037_trial_mailboxes.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((statement) => statement.trim())
  .filter(Boolean);

it("keys the trials kept before per mailbox, as new ones are, keeping the earliest of a mailbox", async () => {
  const spellings = [
    ["Tuan.Nguyen+trial@Example.VN", "2026-01-01"],
    ["tuan.nguyen@example.vn", "2026-02-01"],
    ["t.u.a.n+x@googlemail.com", "2026-03-01"],
    ["tuan@gmail.com.", "2026-01-15"],
    ["+only@example.com", "2026-01-01"],
    ["no-at-sign", "2026-01-01"],
    ["a@b@example.com", "2026-01-01"],
    ["dewi+1@mail.co.id", "2026-04-01"],
  ] as const;
  await database.db.delete(bizTrialUse);
  await database.db.insert(bizTrialUse).values(
    spellings.map(([email, at], n) => ({
      siteKey: 1,
      email,
      product: "cdn",
      orderNo: `T${n}`,
      createdAt: new Date(at),
    })),
  );
  for (const statement of migration) await database.db.execute(sql.raw(statement));
  const rows = await database.db.select().from(bizTrialUse);
  const expected = new Map<string, string>();
  for (const [email, at] of [...spellings].sort((a, b) => a[1].localeCompare(b[1]))) {
    const key = trialMailbox(email);
    if (!expected.has(key)) expected.set(key, `T${spellings.findIndex(([e, a]) => e === email && a === at)}`);
  }
  expect(Object.fromEntries(rows.map((row) => [row.email, row.orderNo]))).toEqual(Object.fromEntries(expected));
  expect(rows).toHaveLength(expected.size);
});
