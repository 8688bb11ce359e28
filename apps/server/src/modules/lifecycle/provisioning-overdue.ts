import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { bizService, sysUser } from "../../db/schema.ts";
import { PRODUCT_NAMES } from "../catalogue/document-names.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import { siteOperators } from "../users/site-operators.ts";

/** Services one pass flags at most; the next pass takes the rest. */
const BATCH = 200;

/**
 * Paid means provisioned: a service the platform was told of and has not confirmed within the
 * deadline (`sys.lifecycle.provisioningMinutes`) is flagged once ("overdue", listed so in Business
 * → Services) and its site's operators are mailed. Answers how many were flagged.
 */
export async function flagOverdueProvisioning(
  deps: { db: Db; mail: MailOutbox },
  minutes: number,
  now: Date,
): Promise<number> {
  const { db, mail } = deps;
  const deadline = new Date(now.getTime() - minutes * 60_000);
  const waiting = await db
    .select({ service: bizService, customer: sysUser.userName })
    .from(bizService)
    .innerJoin(sysUser, eq(sysUser.userId, bizService.userId))
    .where(
      and(
        eq(bizService.provisioning, "pending"),
        lte(bizService.provisioningSince, deadline),
        isNull(bizService.provisioningOverdueAt),
      ),
    )
    .orderBy(asc(bizService.provisioningSince))
    .limit(BATCH);
  // Who to tell and where to send them, once per site of the batch.
  const told = new Map<number | null, Promise<{ people: Awaited<ReturnType<typeof siteOperators>>; link: string }>>();
  const tellingFor = (siteId: number | null) => {
    let found = told.get(siteId);
    if (!found) {
      found = (async () => ({
        people: await siteOperators(db, siteId),
        link: `${await siteOrigin(db, siteId, null, { console: true })}/business/service`,
      }))();
      told.set(siteId, found);
    }
    return found;
  };
  let flagged = 0;
  for (const { service, customer } of waiting) {
    const { people, link } = await tellingFor(service.siteId);
    const done = await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(bizService)
        .set({ provisioningOverdueAt: now })
        .where(
          and(
            eq(bizService.serviceId, service.serviceId),
            eq(bizService.provisioning, "pending"),
            isNull(bizService.provisioningOverdueAt),
          ),
        )
        .returning({ serviceId: bizService.serviceId });
      if (!marked) return false;
      for (const person of people) {
        await mail.enqueue(tx, {
          siteId: service.siteId,
          event: "provisioning_overdue",
          language: person.language,
          to: person.to,
          values: {
            name: person.name,
            product: PRODUCT_NAMES[service.product]?.[person.language] ?? service.product,
            orderNo: service.orderNo,
            customer,
            minutes: String(minutes),
            link,
          },
          key: `provisioning-overdue-${service.serviceId}-${person.to}`,
        });
      }
      return true;
    });
    if (done) flagged++;
  }
  return flagged;
}
