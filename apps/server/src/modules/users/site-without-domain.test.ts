import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysSite, sysSiteDomain, sysUser } from "../../db/schema.ts";
import { signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

/**
 * Issue 37 (review): creating a user read its site's link origin whether or not a mail was sent,
 * and a site with no domain and no web domain (allowed) has none: every user created there,
 * even without an address, answered 500.
 */
let t: TestApp;
let siteId: number;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await openTestApp();
  const { db } = t.database;
  siteId = (await db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS")))[0]!.siteId;
  await db.delete(sysSiteDomain).where(eq(sysSiteDomain.siteId, siteId));
  await db.update(sysSite).set({ webDomain: "", consoleDomain: "" }).where(eq(sysSite.siteId, siteId));
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

describe("a user of a site with no domain", () => {
  it("is created when no mail is sent", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/prod-api/system/user",
      headers: admin,
      payload: {
        userName: "no.domain",
        nickName: "No domain",
        password: "No-domain-2026x",
        status: "0",
        siteId,
        roleKeys: [],
      },
    });
    expect(created.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sysUser).where(eq(sysUser.userName, "no.domain"));
    expect(row).toMatchObject({ siteId, email: "" });
  });
});
