import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizCertificate, bizService, bizServiceDomain } from "../../db/schema.ts";
import { identifierOf } from "./certificate-names.ts";

/**
 * The key authorisation Rampart answers an HTTP-01 request with, or null: only for a name asked
 * for by that name (the Host) that is live on one of the certificate owner's own packages (its
 * CNAME verified to point at the platform, which forwards the path here). Without the owner check,
 * anyone could have Rampart vouch for a name it serves but they do not hold.
 */
export async function challengeAnswer(db: Db, token: string, host: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: bizCertificate.userId, challenges: bizCertificate.challenges })
    .from(bizCertificate)
    .where(
      sql`${bizCertificate.state} in ('pending', 'validating') and ${bizCertificate.challenges} @> ${JSON.stringify([{ token, type: "http-01" }])}::jsonb`,
    )
    .limit(1);
  const challenge = row?.challenges.find((c) => c.token === token);
  if (!row || !challenge || identifierOf(challenge.name) !== host) return null;
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
  return live ? challenge.keyAuthorization : null;
}
