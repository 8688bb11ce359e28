import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { bizCertificate, bizService, bizServiceDomain } from "../../db/schema.ts";
import { NotFoundError } from "../../http/errors.ts";
import { identifierOf } from "./certificate-names.ts";

const TokenParams = Type.Object({ token: Type.String({ pattern: "^[A-Za-z0-9_-]{16,128}$" }) });

/**
 * GET /.well-known/acme-challenge/{token}: Rampart answers the CA's HTTP-01 request itself, but only
 * for a name asked for by that name (the Host) that is live on one of the certificate owner's own
 * packages (its CNAME verified to point at the platform, which forwards the path here). Such a name
 * is validated and renewed with nothing to copy; for any other name the customer serves the file.
 * Without the owner check, anyone could have Rampart vouch for a name it serves but they do not own.
 */
export async function acmeChallengeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Params: { token: string } }>(
    "/.well-known/acme-challenge/:token",
    { config: { access: "public" }, schema: { params: TokenParams } },
    async (request, reply) => {
      const token = request.params.token;
      const host = (request.headers.host ?? "").toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
      const [row] = await db
        .select({ userId: bizCertificate.userId, challenges: bizCertificate.challenges })
        .from(bizCertificate)
        .where(
          sql`${bizCertificate.state} in ('pending', 'validating') and ${bizCertificate.challenges} @> ${JSON.stringify([{ token, type: "http-01" }])}::jsonb`,
        )
        .limit(1);
      const challenge = row?.challenges.find((c) => c.token === token);
      if (!row || !challenge || identifierOf(challenge.name) !== host) throw new NotFoundError("not_found");
      const [live] = await db
        .select({ domainId: bizServiceDomain.domainId })
        .from(bizServiceDomain)
        .innerJoin(bizService, eq(bizService.serviceId, bizServiceDomain.serviceId))
        .where(
          and(
            eq(bizServiceDomain.name, host),
            eq(bizServiceDomain.state, "active"),
            eq(bizService.userId, row.userId),
            inArray(bizService.state, ["active", "grace"]),
          ),
        )
        .limit(1);
      if (!live) throw new NotFoundError("not_found");
      return reply.type("text/plain").header("cache-control", "no-store").send(challenge.keyAuthorization);
    },
  );
}
