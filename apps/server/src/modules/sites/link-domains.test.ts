import { OPERATOR_ROLE } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysSite, sysUser } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

/**
 * Issue 37, item 2: a site-bound operator set their site's console domain to a host of theirs,
 * then asked a reset for the administrator with the site's agent code: the administrator was mailed
 * a link to that host, in the site's branding. A site's web and console domains (where its mailed
 * links lead) are set by the installation's administrators only; an account of no site's links
 * are the default site's.
 */
let t: TestApp;
const smtp = new MailCatcher();
let lotusId: number;
const as: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  await smtp.start();
  t = await openTestApp({ smtpUrl: smtp.url });
  const { db } = t.database;
  lotusId = (await db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS")))[0]!.siteId;
  await db.update(sysUser).set({ email: "root@example.com" }).where(eq(sysUser.userName, "admin"));
  await createUser(db, { userName: "lotus.buyer", password: "Lotus-buyer-2026", siteId: lotusId });
  await db.update(sysUser).set({ email: "buyer@lotus.example" }).where(eq(sysUser.userName, "lotus.buyer"));
  await createUser(db, { userName: "ops.global", password: "Ops-global-2026", roles: [OPERATOR_ROLE] });
  as.lotus = await signInDemoSiteOperator(t.app, db);
  as.global = await signIn(t.app, "ops.global", "Ops-global-2026");
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const lotusSite = async () => (await t.database.db.select().from(sysSite).where(eq(sysSite.siteId, lotusId)))[0]!;
const save = async (who: { authorization: string }, change: Record<string, string>) => {
  const list = (await t.app.inject({ url: "/prod-api/system/site/list", headers: who })).json().data;
  const { siteId, users, createTime, isDefault, ...body } = list.find((s: { siteId: number }) => s.siteId === lotusId);
  return t.app.inject({
    method: "PUT",
    url: `/prod-api/system/site/${siteId}`,
    headers: who,
    payload: { ...body, ...change },
  });
};
const linkTo = async (address: string, n: number) => {
  await expect.poll(() => smtp.to(address).length, { timeout: 15_000 }).toBe(n);
  return /(https?:\/\/[^/\s]+)\/cloud\/reset-password\?token=/.exec(smtp.to(address)[n - 1]!.text)?.[1];
};

describe("where a site's mailed links lead", () => {
  it("is not a site-bound operator's to change: their site's domains stay, its branding changes", async () => {
    const changed = await save(as.lotus!, {
      company: "Lotus Shield Asia",
      consoleDomain: "attacker.example",
      webDomain: "attacker.example",
    });
    expect(changed.statusCode).toBe(200);
    expect(await lotusSite()).toMatchObject({ company: "Lotus Shield Asia", consoleDomain: "", webDomain: "" });

    // The administrator's reset, asked with the site's agent code: a link on the default site (on
    // the origin it was asked at, one of the default site's domains: inject's Host is localhost:80).
    await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/password/forgot",
      payload: { account: "admin", agentCode: "LOTUS" },
    });
    expect(await linkTo("root@example.com", 1)).toBe("http://localhost:80");
    expect(smtp.to("root@example.com")[0]!.subject).toBe("Reset your Rampart Cloud password");
    // The site's own customer: a link on the site's own domain.
    await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/password/forgot",
      payload: { account: "lotus.buyer", agentCode: "LOTUS" },
    });
    expect(await linkTo("buyer@lotus.example", 1)).toBe("http://demo.localhost");
  });

  it("is set by an operator bound to no site, or the administrator", async () => {
    expect((await save(as.global!, { consoleDomain: "console.lotus.example" })).statusCode).toBe(200);
    expect((await lotusSite()).consoleDomain).toBe("console.lotus.example");
    expect((await save(as.admin!, { webDomain: "lotus.example" })).statusCode).toBe(200);
    expect(await lotusSite()).toMatchObject({ consoleDomain: "console.lotus.example", webDomain: "lotus.example" });
    await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/password/forgot",
      payload: { account: "lotus.buyer", agentCode: "LOTUS" },
    });
    expect(await linkTo("buyer@lotus.example", 2)).toBe("https://console.lotus.example");
    // And a site-bound operator leaves them as they are.
    expect((await save(as.lotus!, { consoleDomain: "", webDomain: "" })).statusCode).toBe(200);
    expect(await lotusSite()).toMatchObject({ consoleDomain: "console.lotus.example", webDomain: "lotus.example" });
  });
});
