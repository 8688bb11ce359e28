import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysSite, sysUser } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
const as: Record<string, Record<string, string>> = {};
let lotusSite: number;
const call = (method: "GET" | "POST" | "PUT", url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const names = async (query: string, headers = as.admin!) => {
  const response = await call("GET", `/prod-api/system/user/list?${query}`, headers);
  expect(response.statusCode).toBe(200);
  return (response.json().rows as { userName: string }[]).map((r) => r.userName);
};
const getInfo = (headers: Record<string, string>) => call("GET", "/prod-api/system/user/getInfo", headers);

beforeAll(async () => {
  t = await openTestApp();
  const [demo] = await t.database.db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS"));
  lotusSite = demo!.siteId;
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
  await createUser(t.database.db, { userName: "quang.le", password: "quang-pass-12", siteId: lotusSite });
  as.nina = await signIn(t.app, "nina", "nina-pass-12");
  as.lotus = await signInDemoSiteOperator(t.app, t.database.db);
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  userName: "an.pham",
  nickName: "An Pham",
  password: "Hanoi2026pw",
  email: "an@example.vn",
  phonenumber: "+84 24 3825 1234",
  status: "0",
  roleKeys: ["operator"],
  ...over,
});

describe("the users list", () => {
  it("searches by name, sorts by known columns only, and pages by the usual sizes", async () => {
    expect(await names("userName=NIN")).toEqual(["nina"]);
    expect(await names("orderByColumn=userName&isAsc=ascending")).toEqual(["admin", "lotus.ops", "nina", "quang.le"]);
    expect(await names("orderByColumn=userName&isAsc=descending")).toEqual(["quang.le", "nina", "lotus.ops", "admin"]);
    expect((await call("GET", "/prod-api/system/user/list?orderByColumn=password_hash", as.admin!)).statusCode).toBe(
      400,
    );
    expect((await call("GET", "/prod-api/system/user/list?pageSize=7", as.admin!)).statusCode).toBe(400);
    const first = (await call("GET", "/prod-api/system/user/list?pageSize=10", as.admin!)).json();
    expect(first.total).toBe(4);
    expect(JSON.stringify(first)).not.toContain("argon2");
  });

  it("shows an operator bound to a site only that site's users, and refuses a customer", async () => {
    expect((await names("", as.lotus)).sort()).toEqual(["lotus.ops", "quang.le"]);
    expect((await call("GET", "/prod-api/system/user/list", as.nina!)).statusCode).toBe(403);
  });
});

describe("creating a user", () => {
  it("creates a user with their roles, who can then sign in with those roles", async () => {
    const response = await call("POST", "/prod-api/system/user", as.admin!, newUser());
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ userName: "an.pham", roleKeys: ["operator"], siteId: null });
    const an = await signIn(t.app, "an.pham", "Hanoi2026pw");
    expect((await getInfo(an)).json().data.roles).toEqual(["operator"]);
  });

  it("refuses a taken name, a weak password, an unknown role or site, and writes nothing", async () => {
    const before = (await t.database.db.select().from(sysUser)).length;
    const taken = await call("POST", "/prod-api/system/user", as.admin!, newUser({ userName: "AN.PHAM" }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe("The user name AN.PHAM is already taken");
    const weak = await t.app.inject({
      method: "POST",
      url: "/prod-api/system/user",
      headers: { ...as.admin!, "accept-language": "vi" },
      payload: newUser({ userName: "binh.vo", password: "onlyletters" }),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().msg).toMatch(/chữ|số/);
    expect(
      (await call("POST", "/prod-api/system/user", as.admin!, newUser({ userName: "binh.vo", roleKeys: ["wizard"] })))
        .statusCode,
    ).toBe(400);
    expect(
      (await call("POST", "/prod-api/system/user", as.admin!, newUser({ userName: "binh.vo", siteId: 9999 })))
        .statusCode,
    ).toBe(400);
    expect(
      (await call("POST", "/prod-api/system/user", as.admin!, newUser({ userName: "bad name!" }))).statusCode,
    ).toBe(400);
    expect((await t.database.db.select().from(sysUser)).length).toBe(before);
  });

  it("is refused to an operator without the permission", async () => {
    expect((await call("POST", "/prod-api/system/user", as.lotus!, newUser({ userName: "khoa.do" }))).statusCode).toBe(
      403,
    );
  });
});

describe("changing a user", () => {
  const edit = (userId: number, headers: Record<string, string>, over: Record<string, unknown> = {}) =>
    call("PUT", `/prod-api/system/user/${userId}`, headers, {
      nickName: "Quang Le",
      email: "quang@example.vn",
      phonenumber: "",
      status: "0",
      roleKeys: [],
      ...over,
    });

  it("lets a site's operator change their site's users only, and grant only roles they hold", async () => {
    const quang = await userIdOf(t.database.db, "quang.le");
    const nina = await userIdOf(t.database.db, "nina");
    const admin = await userIdOf(t.database.db, "admin");
    expect((await edit(quang, as.lotus!)).statusCode).toBe(200);
    expect((await edit(nina, as.lotus!)).statusCode).toBe(404);
    expect((await edit(admin, as.lotus!)).statusCode).toBe(404);
    expect((await edit(quang, as.lotus!, { roleKeys: ["admin"] })).statusCode).toBe(403);
    // A site's operator cannot move a user to another site: the user stays on theirs.
    const moved = await edit(quang, as.lotus!, { siteId: null });
    expect(moved.json().data.siteId).toBe(lotusSite);
    const [row] = await t.database.db.select().from(sysUser).where(eq(sysUser.userId, quang));
    // The address typed waits for its owner to open the link mailed to it (issue 37, item 3).
    expect(row).toMatchObject({ nickName: "Quang Le", email: "", siteId: lotusSite });
  });

  it("disabling a user ends their sessions; nobody disables themselves or the administrator", async () => {
    const nina = await userIdOf(t.database.db, "nina");
    const admin = await userIdOf(t.database.db, "admin");
    expect((await getInfo(as.nina!)).statusCode).toBe(200);
    const disabled = await edit(nina, as.admin!, { nickName: "Nina", status: "1" });
    expect(disabled.statusCode).toBe(200);
    expect((await getInfo(as.nina!)).statusCode).toBe(401);
    expect(
      (await edit(admin, as.admin!, { nickName: "Administrator", status: "1", roleKeys: ["admin"] })).statusCode,
    ).toBe(400);
    const self = await userIdOf(t.database.db, "lotus.ops");
    expect((await edit(self, as.lotus!, { nickName: "Lotus", status: "1", roleKeys: ["operator"] })).statusCode).toBe(
      400,
    );
    expect((await edit(admin, as.admin!, { nickName: "Administrator", roleKeys: [] })).statusCode).toBe(403);
  });

  it("lets only an administrator change a user who holds the administrator role", async () => {
    await createUser(t.database.db, { userName: "root2", password: "root2-pass-12", roles: ["admin"] });
    await createUser(t.database.db, { userName: "ops.free", password: "ops-free-pass-1", roles: ["operator"] });
    const ops = await signIn(t.app, "ops.free", "ops-free-pass-1");
    const root2 = await userIdOf(t.database.db, "root2");
    const refused = await edit(root2, ops, { nickName: "Root 2", status: "1", roleKeys: ["admin"] });
    expect(refused.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(sysUser).where(eq(sysUser.userId, root2));
    expect(row?.status).toBe("0");
    // (An address of its own: one address is one account among the operators too.)
    const allowed = await edit(root2, as.admin!, {
      nickName: "Root 2",
      email: "root2@example.vn",
      status: "0",
      roleKeys: ["admin"],
    });
    expect(allowed.statusCode).toBe(200);
  });

  it("resets a password: the user's sessions end and the new password works", async () => {
    const an = await signIn(t.app, "an.pham", "Hanoi2026pw");
    const anId = await userIdOf(t.database.db, "an.pham");
    const weak = await call("PUT", `/prod-api/system/user/${anId}/resetPwd`, as.admin!, { password: "short1" });
    expect(weak.statusCode).toBe(400);
    expect((await getInfo(an)).statusCode).toBe(200);
    const reset = await call("PUT", `/prod-api/system/user/${anId}/resetPwd`, as.admin!, { password: "Hue2027newpw" });
    expect(reset.statusCode).toBe(200);
    expect((await getInfo(an)).statusCode).toBe(401);
    await signIn(t.app, "an.pham", "Hue2027newpw");
    expect(
      (await call("PUT", `/prod-api/system/user/${anId}/resetPwd`, as.lotus!, { password: "Hue2027newpw2" }))
        .statusCode,
    ).toBe(403);
  });
});

describe("the export", () => {
  it("sends the users the search finds as a spreadsheet headed in the caller's language", async () => {
    const response = await t.app.inject({
      url: "/prod-api/system/user/export?orderByColumn=userName&isAsc=ascending",
      headers: { ...as.admin!, "accept-language": "zh-CN" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="users-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const sheet = Object.entries(files)
      .filter(([name]) => name.startsWith("xl/"))
      .map(([, bytes]) => strFromU8(bytes))
      .join("\n");
    expect(sheet).toContain("用户名称");
    for (const name of ["admin", "an.pham", "lotus.ops", "nina", "quang.le"]) expect(sheet).toContain(name);
  });

  it("gives a site's operator their site's users only", async () => {
    const response = await call("GET", "/prod-api/system/user/export", as.lotus!);
    expect(response.statusCode).toBe(200);
    const sheet = Object.values(unzipSync(new Uint8Array(response.rawPayload)))
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    expect(sheet).toContain("quang.le");
    expect(sheet).not.toContain("nina");
  });
});
