import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMail, sysUser } from "../../db/schema.ts";
import { signIn } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

/**
 * Issue 37 (review of item 1): the links mailed to an account of no site (the administrator, an
 * operator) come from the default site, with the request's own origin when its host is one of the
 * default site's domains. A default installation (npm start on :3000, the default site's host
 * `localhost`, no web or console domain) mailed them as http://localhost/cloud/…: no port, dead.
 * Issue 38: so did every mail an operator's action made (no request, or the operator's own): a
 * local name's links now lead to this server, on the port it listens on (3000 here).
 */
let t: TestApp;
const smtp = new MailCatcher();

beforeAll(async () => {
  await smtp.start();
  t = await openTestApp({ smtpUrl: smtp.url, port: 3000 });
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
    expect(await linkTo("root@example.com", 2)).toBe("http://localhost:3000");
  });
});

describe("a mail an operator's action makes", () => {
  it("carries the same origin as the mails the customer makes, whatever host the operator used", async () => {
    const customer = { host: "localhost:3000" };
    const registered = await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/register",
      headers: customer,
      payload: { username: "le.thu", password: "Thu-pass-2027", email: "thu@example.vn" },
    });
    expect(registered.statusCode).toBe(200);
    // The customer's own: a password reset asked on the site.
    await t.app.inject({
      method: "POST",
      url: "/prod-api/auth/password/forgot",
      headers: customer,
      payload: { account: "le.thu" },
    });
    await expect.poll(() => smtp.to("thu@example.vn").length, { timeout: 15_000 }).toBe(1);
    const customerOrigin = /(https?:\/\/[^\s/]+)\/cloud\/reset-password/.exec(smtp.to("thu@example.vn")[0]!.text)?.[1];
    expect(customerOrigin).toBe("http://localhost:3000");

    // The operator's: an offline order confirmed from the console reached by its address (no domain of the site).
    const me = { ...(await signIn(t.app, "le.thu", "Thu-pass-2027", customer)), ...customer };
    const ordered = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers: me,
      payload: {
        product: "ddos",
        configuration: "duration=month-1",
        action: "new",
        payMethod: "offline",
        idempotencyKey: randomUUID(),
      },
    });
    expect(ordered.json(), ordered.body).toMatchObject({ code: 200 });
    const operator = { ...(await signIn(t.app, "admin", TEST_ADMIN_PASSWORD)), host: "127.0.0.1:3000" };
    const confirmed = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${ordered.json().data.orderNo}`,
      headers: operator,
    });
    expect(confirmed.statusCode).toBe(200);
    const paidMail = async () =>
      (
        await t.database.db
          .select()
          .from(sysMail)
          .where(and(eq(sysMail.recipient, "thu@example.vn"), eq(sysMail.event, "order_paid")))
      )[0]?.text ?? "";
    await expect.poll(paidMail, { timeout: 15_000 }).toContain("/control/services");
    expect(/(https?:\/\/[^\s/]+)\/control\/services/.exec(await paidMail())?.[1]).toBe(customerOrigin);

    // An invitation the operator sends from there: the site's origin too, never the operator's host.
    const invited = await t.app.inject({
      method: "POST",
      url: "/prod-api/system/user",
      headers: operator,
      payload: {
        userName: "ops.hoa",
        nickName: "Hoa",
        email: "hoa@ops.example",
        invite: true,
        status: "0",
        roleKeys: [],
      },
    });
    expect(invited.statusCode).toBe(200);
    expect(await linkTo("hoa@ops.example", 1)).toBe(customerOrigin);
  });
});
