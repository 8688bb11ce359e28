import { Ok, UserInfo } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";

export async function userRoutes(app: FastifyInstance) {
  /** Who the caller is: the user (never the password), their roles and permissions. */
  app.get(
    "/prod-api/system/user/getInfo",
    {
      config: { access: "signed-in", allowedBeforeTwoFactor: true },
      schema: { response: { 200: Ok(UserInfo) } },
    },
    async (request) => {
      const { user, roles, permissions, twoFactorEnrolment } = principalOf(request);
      return ok(request, { user, roles, permissions, twoFactorEnrolment });
    },
  );
}
