import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { bizCertificate } from "../../db/schema.ts";
import { NotFoundError } from "../../http/errors.ts";

const TokenParams = Type.Object({ token: Type.String({ pattern: "^[A-Za-z0-9_-]{16,128}$" }) });

/**
 * GET /.well-known/acme-challenge/{token}: Rampart answers the CA's HTTP-01 request itself for any
 * certificate waiting for validation, so a name whose /.well-known/acme-challenge/ path reaches
 * Rampart (pointed at the provider's platform, or forwarded by the customer's server) is validated,
 * and renewed, with nothing to copy.
 */
export async function acmeChallengeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Params: { token: string } }>(
    "/.well-known/acme-challenge/:token",
    { config: { access: "public" }, schema: { params: TokenParams } },
    async (request, reply) => {
      const token = request.params.token;
      const [row] = await db
        .select({ challenges: bizCertificate.challenges })
        .from(bizCertificate)
        .where(
          sql`${bizCertificate.state} in ('pending', 'validating') and ${bizCertificate.challenges} @> ${JSON.stringify([{ token, type: "http-01" }])}::jsonb`,
        )
        .limit(1);
      const challenge = row?.challenges.find((c) => c.token === token);
      if (!challenge) throw new NotFoundError("not_found");
      return reply.type("text/plain").header("cache-control", "no-store").send(challenge.keyAuthorization);
    },
  );
}
