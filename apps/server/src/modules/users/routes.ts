import { Ok, type SessionUser, UserInfo } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { sysUser } from "../../db/schema.ts";
import { principalOf, UnauthorizedError } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";

export async function userRoutes(app: FastifyInstance, { db }: { db: Db }) {
  /** Who the caller is: the user (never the password), their roles and permissions. */
  app.get(
    "/prod-api/system/user/getInfo",
    { config: { access: "signed-in" }, schema: { response: { 200: Ok(UserInfo) } } },
    async (request) => {
      const principal = principalOf(request);
      const [row] = await db.select().from(sysUser).where(eq(sysUser.userId, principal.userId));
      if (!row) throw new UnauthorizedError(true);
      const user: SessionUser = {
        userId: row.userId,
        userName: row.userName,
        nickName: row.nickName,
        email: row.email,
        phonenumber: row.phone,
        avatar: row.avatar,
        status: row.status,
        siteId: row.siteId,
        loginIp: row.loginIp,
        loginDate: row.loginDate?.toISOString() ?? null,
        createTime: row.createdAt.toISOString(),
      };
      return ok(request, { user, roles: principal.roles, permissions: principal.permissions });
    },
  );
}
