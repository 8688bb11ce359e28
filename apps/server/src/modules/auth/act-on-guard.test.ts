import { eq, like, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { sysMenu, sysRole, sysRoleMenu, sysSession, sysUser } from "../../db/schema.ts";
import { createUser, signIn, userIdOf } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

/**
 * The attack review's escalation: an operator holding only user management resets the password
 * of an order manager, signs in as them and refunds orders. Nobody may act on a user who holds a
 * role or permission they lack.
 */
let t: TestApp;
const as: Record<string, { authorization: string }> = {};
let managerId: number;

async function roleWith(db: Db, roleKey: string, permsLike: string[]) {
  const [role] = await db
    .insert(sysRole)
    .values({ roleKey, roleName: { en: roleKey }, sort: 9 })
    .returning();
  const menus = await db
    .select({ menuId: sysMenu.menuId })
    .from(sysMenu)
    .where(or(...permsLike.map((p) => like(sysMenu.perms, p))));
  await db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role!.roleId, menuId: m.menuId })));
}

const call = (method: "GET" | "PUT" | "DELETE", url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: { ...headers }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await openTestApp();
  const { db } = t.database;
  await roleWith(db, "user-manager", ["system:user:%", "monitor:online:%"]);
  await roleWith(db, "order-manager", ["business:order:%"]);
  await createUser(db, { userName: "uma", password: "uma-pass-1234", roles: ["user-manager"] });
  await createUser(db, { userName: "omar", password: "omar-pass-1234", roles: ["order-manager"] });
  await createUser(db, { userName: "cora", password: "cora-pass-1234" });
  managerId = await userIdOf(db, "omar");
  as.uma = await signIn(t.app, "uma", "uma-pass-1234");
  as.omar = await signIn(t.app, "omar", "omar-pass-1234");
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

describe("acting on a user who holds more than the actor", () => {
  it("refuses a password reset of an order manager by a user manager, and nothing changes", async () => {
    const [before] = await t.database.db.select().from(sysUser).where(eq(sysUser.userId, managerId));
    const reset = await call("PUT", `/prod-api/system/user/${managerId}/resetPwd`, as.uma!, {
      password: "Taken0ver-2026",
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().msg).toBe(
      "This user holds roles or permissions that you do not hold, so you cannot change them",
    );
    const [after] = await t.database.db.select().from(sysUser).where(eq(sysUser.userId, managerId));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    await expect(signIn(t.app, "omar", "Taken0ver-2026")).rejects.toThrow();
    expect((await call("GET", "/prod-api/order/trade/order/list", as.omar!)).statusCode).toBe(200);
  });

  it("refuses editing, disabling and ending the sessions of such a user, in the caller's language", async () => {
    const edit = await call(
      "PUT",
      `/prod-api/system/user/${managerId}`,
      { ...as.uma!, "accept-language": "vi" },
      { nickName: "Omar", status: "1", roleKeys: ["order-manager"] },
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().msg).toBe(
      "Người dùng này có vai trò hoặc quyền mà bạn không có, nên bạn không thể thao tác trên họ",
    );
    const [row] = await t.database.db.select().from(sysUser).where(eq(sysUser.userId, managerId));
    expect(row!.status).toBe("0");

    const [session] = await t.database.db.select().from(sysSession).where(eq(sysSession.userId, managerId));
    const out = await call("DELETE", `/prod-api/monitor/online/${session!.sessionId}`, as.uma!);
    expect(out.statusCode).toBe(403);
    expect((await call("GET", "/prod-api/order/trade/order/list", as.omar!)).statusCode).toBe(200);
  });

  it("still lets the user manager act on a customer, and the administrator on anyone", async () => {
    const cora = await userIdOf(t.database.db, "cora");
    const reset = await call("PUT", `/prod-api/system/user/${cora}/resetPwd`, as.uma!, { password: "Ruby-new-2026" });
    expect(reset.statusCode).toBe(200);
    await signIn(t.app, "cora", "Ruby-new-2026");
    const byAdmin = await call("PUT", `/prod-api/system/user/${managerId}/resetPwd`, as.admin!, {
      password: "Kestrel-new-2026",
    });
    expect(byAdmin.statusCode).toBe(200);
  });
});
