import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMail, sysSite, sysUser } from "../../db/schema.ts";
import { signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

/**
 * Issue 38: mails gave every reader UTC ("2026-11-28 23:51 UTC" to a customer in Shanghai). A
 * mail's times are the reader's: the zone their browser reported at registration (or chose in the
 * profile), else their site's, in their language's way.
 */
const AT = new Date("2026-11-28T23:51:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await openTestApp({ now: () => AT });
});
afterAll(() => t.close());

const register = (username: string, language: string, timeZone: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/auth/register",
    headers: { "accept-language": language },
    payload: { username, password: "tz-pass-2026", email: `${username}@example.com`, timeZone },
  });

const zoneOf = async (userName: string) =>
  (await t.database.db.select().from(sysUser).where(eq(sysUser.userName, userName)))[0]!.timeZone;

/** The customer changes their password: the mail says when, in their words. */
async function passwordChangedMail(userName: string, language: string): Promise<string> {
  const me = await signIn(t.app, userName, "tz-pass-2026");
  const changed = await t.app.inject({
    method: "PUT",
    url: "/prod-api/system/user/profile/updatePwd",
    headers: { ...me, "accept-language": language },
    payload: { oldPassword: "tz-pass-2026", newPassword: "tz-pass-2027" },
  });
  expect(changed.statusCode).toBe(200);
  const [mail] = await t.database.db
    .select()
    .from(sysMail)
    .where(and(eq(sysMail.recipient, `${userName}@example.com`), eq(sysMail.event, "password_changed")))
    .orderBy(desc(sysMail.mailId));
  // The text part as read, its lines joined (it wraps at 78 characters).
  return mail!.text.replace(/\s+/g, " ");
}

describe("the times in a customer's mails", () => {
  it("are in the zone their browser reported at registration", async () => {
    expect((await register("wang.xm", "zh-CN", "Asia/Shanghai")).statusCode).toBe(200);
    expect(await zoneOf("wang.xm")).toBe("Asia/Shanghai");
    const text = await passwordChangedMail("wang.xm", "zh-CN");
    expect(text).toContain("已于 2026年11月29日 07:51 (GMT+8) 从 IP");
    expect(text).not.toContain("UTC");
  });

  it("fall back to the site's zone for a reader with none (a zone no one knows is ignored at registration)", async () => {
    expect((await register("nguyen.an", "vi", "Mars/Olympus")).statusCode).toBe(200);
    expect(await zoneOf("nguyen.an")).toBe("");
    await t.database.db.update(sysSite).set({ timeZone: "Asia/Ho_Chi_Minh" }).where(eq(sysSite.isDefault, true));
    expect(await passwordChangedMail("nguyen.an", "vi")).toContain("lúc 06:51 ngày 29/11/2026 (GMT+7)");
  });

  it("follow the zone chosen in the profile; a zone that is none is refused, nothing changed", async () => {
    const me = await signIn(t.app, "nguyen.an", "tz-pass-2027");
    const save = (timeZone: string) =>
      t.app.inject({
        method: "PUT",
        url: "/prod-api/system/user/profile",
        headers: { ...me, "accept-language": "vi" },
        payload: { nickName: "An", email: "nguyen.an@example.com", phonenumber: "", timeZone },
      });
    const refused = await save("GMT+7");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe("Vui lòng chọn múi giờ trong danh sách");
    expect(await zoneOf("nguyen.an")).toBe("");
    expect((await save("Asia/Jakarta")).statusCode).toBe(200);
    expect(await zoneOf("nguyen.an")).toBe("Asia/Jakarta");
    const info = await t.app.inject({ url: "/prod-api/system/user/getInfo", headers: me });
    expect(info.json().data.user.timeZone).toBe("Asia/Jakarta");
  });
});

describe("a site's time zone", () => {
  it("is edited in System → Sites, an IANA zone or nothing saved", async () => {
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const { data: sites } = (await t.app.inject({ url: "/prod-api/system/site/list", headers: admin })).json();
    const site = sites.find((s: { agentCode: string }) => s.agentCode === "LOTUS");
    const { siteId, users, createTime, isDefault, ...body } = site;
    const save = (timeZone: string) =>
      t.app.inject({
        method: "PUT",
        url: `/prod-api/system/site/${siteId}`,
        headers: admin,
        payload: { ...body, timeZone },
      });
    expect((await save("Saigon")).statusCode).toBe(400);
    // The demo brand starts in Vietnam's zone; its operator moves it to Bangkok's.
    const saved = await save("Asia/Bangkok");
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.timeZone).toBe("Asia/Bangkok");
  });
});
