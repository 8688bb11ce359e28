import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysUser, sysUserToken } from "../../db/schema.ts";
import { createUser, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { RESET_PURPOSE } from "./password-recovery.ts";
import { newUserToken } from "./user-tokens.ts";

/**
 * Issue 37 (review of item 5): a password set through a link locked the link, then the user's
 * row, then the user's other links; two links of one user used at once deadlocked on PostgreSQL
 * (one answered 500). Every password change locks the user's row first.
 */
let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "phuong.ng", password: "First-pass-2026x" });
  await t.database.db.update(sysUser).set({ email: "phuong@example.vn" }).where(eq(sysUser.userName, "phuong.ng"));
  userId = await userIdOf(t.database.db, "phuong.ng");
});
afterAll(() => t.close());

/** A live reset link of the user, as a mail would carry it. */
async function liveLink(): Promise<string> {
  const { token, tokenHash } = newUserToken();
  await t.database.db
    .insert(sysUserToken)
    .values({ tokenHash, userId, purpose: RESET_PURPOSE, expiresAt: new Date(Date.now() + 1_800_000) });
  return token;
}
const reset = (token: string, password: string) =>
  t.app.inject({ method: "POST", url: "/prod-api/auth/password/reset", payload: { token, password } });

describe("two links of one user used at once", () => {
  it("set the password and refuse the links spent meanwhile, never a 500", async () => {
    // Several at once, a few times: the transactions must overlap for the old order to deadlock.
    for (let round = 0; round < 5; round++) {
      const links = await Promise.all(Array.from({ length: 6 }, liveLink));
      const answers = await Promise.all(links.map((link, i) => reset(link, `Round-${round}-${i}-2026x`)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses).not.toContain(500);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((status) => status === 200 || status === 400)).toBe(true);
    }
  });
});
