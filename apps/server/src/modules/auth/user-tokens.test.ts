import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { sysUserToken } from "../../db/schema.ts";
import { createUser } from "../../testing/accounts.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { EXPIRED_TOKENS_KEPT_MS, newUserToken, removeExpiredTokens } from "./user-tokens.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it("removes one-time tokens a week past their expiry, used or not, and keeps the others", async () => {
  const userId = await createUser(database.db, { userName: "sari", password: "Sari-pass-2026" });
  const now = new Date("2026-11-29T03:00:00Z");
  const at = (ms: number) => new Date(now.getTime() + ms);
  const tokens = {
    live: at(3600_000),
    expiredYesterday: at(-24 * 3600_000),
    spentChallengeLongAgo: at(-EXPIRED_TOKENS_KEPT_MS - 60_000),
    resetLongAgo: at(-EXPIRED_TOKENS_KEPT_MS - 3600_000),
  };
  const hashes: Record<string, string> = {};
  for (const [name, expiresAt] of Object.entries(tokens)) {
    hashes[name] = newUserToken().tokenHash;
    await database.db.insert(sysUserToken).values({
      tokenHash: hashes[name]!,
      userId,
      purpose: name.startsWith("spent") ? "two_factor" : "password_reset",
      expiresAt,
      usedAt: name.startsWith("spent") ? at(-EXPIRED_TOKENS_KEPT_MS - 300_000) : null,
    });
  }
  expect(await removeExpiredTokens(database.db, now)).toBe(2);
  const left = new Set((await database.db.select().from(sysUserToken)).map((row) => row.tokenHash));
  expect([hashes.live, hashes.expiredYesterday].every((hash) => left.has(hash!))).toBe(true);
  expect([hashes.spentChallengeLongAgo, hashes.resetLongAgo].some((hash) => left.has(hash!))).toBe(false);
});
