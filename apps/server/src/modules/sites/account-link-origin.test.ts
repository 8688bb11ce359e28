import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysUser } from "../../db/schema.ts";
import { signIn } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

/**
 * Issue 37 (review of item 1): the links mailed to an account of no site (the administrator, an
 * operator) come from the default site, with the request's own origin when its host is one of the
 * default site's domains. A default installation (npm start on :3000, the default site's host
 * `localhost`, no web or console domain) mailed them as http://localhost/cloud/…: no port, dead.
 */
let t: TestApp;
const smtp = new MailCatcher();

beforeAll(async () => {
  await smtp.start();
  t = await openTestApp({ smtpUrl: smtp.url });
  await t.database.db
    .update(sysUser)
    .set({ email: "root@example.com", emailVerifiedAt: new Date() })
    .where(eq(sysUser.userName, "admin"));
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const linkTo = async (address: string, n: number) => {
  await expect.poll(() => smtp.to(address).length, { timeout: 15_000 }).toBe(n);
  return /(https?:\/\/[^\s/]+)\/cloud\/reset-password\?token=/.exec(smtp.to(address)[n - 1]!.text)?.[1];
};

describe("a link mailed to an account of no site", () => {
  it("is on the origin the default site was reached at, port and all", async () => {
    const asked = await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/password/forgot",
      headers: { host: "localhost:3000" },
      payload: { account: "admin" },
    });
    expect(asked.statusCode).toBe(200);
    expect(await linkTo("root@example.com", 1)).toBe("http://localhost:3000");

    const admin = { ...(await signIn(t.app, "admin", TEST_ADMIN_PASSWORD)), host: "localhost:3000" };
    const invited = await t.app.inject({
      method: "POST",
      url: "/prod-api/system/user",
      headers: admin,
      payload: {
        userName: "ops.mai",
        nickName: "Mai",
        email: "mai@ops.example",
        invite: true,
        status: "0",
        roleKeys: [],
      },
    });
    expect(invited.statusCode).toBe(200);
    expect(await linkTo("mai@ops.example", 1)).toBe("http://localhost:3000");
  });

  it("never takes a host that is not one of the default site's domains", async () => {
    const asked = await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/password/forgot",
      headers: { host: "evil.example:3000", "x-forwarded-host": "evil.example" },
      payload: { account: "admin" },
    });
    expect(asked.statusCode).toBe(200);
    expect(await linkTo("root@example.com", 2)).toBe("http://localhost");
  });
});
