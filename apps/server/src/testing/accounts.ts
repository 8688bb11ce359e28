import { OPERATOR_ROLE } from "@rampart/contracts";
import { eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.ts";
import { sysRole, sysSite, sysUser, sysUserRole } from "../db/schema.ts";
import { hashPassword } from "../modules/auth/password.ts";

/** Creates a user with the given roles (role keys of seeded roles); returns their id. */
export async function createUser(
  db: Db,
  user: { userName: string; password: string; roles?: string[]; siteId?: number | null; status?: "0" | "1" },
): Promise<number> {
  const [row] = await db
    .insert(sysUser)
    .values({
      userName: user.userName,
      nickName: user.userName,
      passwordHash: await hashPassword(user.password),
      siteId: user.siteId ?? null,
      status: user.status ?? "0",
    })
    .returning({ userId: sysUser.userId });
  if (user.roles?.length) {
    const roles = await db.select().from(sysRole).where(inArray(sysRole.roleKey, user.roles));
    await db.insert(sysUserRole).values(roles.map((role) => ({ userId: row!.userId, roleId: role.roleId })));
  }
  return row!.userId;
}

export async function userIdOf(db: Db, userName: string): Promise<number> {
  const [row] = await db.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, userName));
  return row!.userId;
}

/** Logs in through the real route (captcha off) and returns the bearer header. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<{ authorization: string }> {
  const response = await app.inject({
    method: "POST",
    url: "/prod-api/auth/admin/login",
    headers,
    payload: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`login as ${username} failed: ${response.body}`);
  return { authorization: `Bearer ${response.json().data.access_token}` };
}

/**
 * An operator bound to the demo brand's site (agent code LOTUS), signed in on its domain: the one
 * who may see and change that site's records only.
 */
export async function signInDemoSiteOperator(
  app: FastifyInstance,
  db: Db,
  user = { userName: "lotus.ops", password: "lotus-pass-12" },
): Promise<{ authorization: string }> {
  const [demo] = await db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS"));
  await createUser(db, { ...user, roles: [OPERATOR_ROLE], siteId: demo!.siteId });
  return signIn(app, user.userName, user.password, { host: "demo.localhost" });
}
