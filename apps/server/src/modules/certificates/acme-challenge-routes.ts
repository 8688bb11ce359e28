import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { NotFoundError } from "../../http/errors.ts";
import { challengeAnswer } from "./acme-challenge-answer.ts";

const TokenParams = Type.Object({ token: Type.String({ pattern: "^[A-Za-z0-9_-]{16,128}$" }) });

/**
 * GET /.well-known/acme-challenge/{token}: Rampart answers the CA's HTTP-01 request itself for a
 * name live on the certificate owner's own package (see acme-challenge-answer.ts); a name is then
 * validated, and renewed, with nothing to copy. For any other name the customer serves the file.
 */
export async function acmeChallengeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Params: { token: string } }>(
    "/.well-known/acme-challenge/:token",
    { config: { access: "public" }, schema: { params: TokenParams } },
    async (request, reply) => {
      const host = (request.headers.host ?? "").toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
      const answer = await challengeAnswer(db, request.params.token, host);
      if (answer === null) throw new NotFoundError("not_found");
      return reply.type("text/plain").header("cache-control", "no-store").send(answer);
    },
  );
}
