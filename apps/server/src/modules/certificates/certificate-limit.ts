import { CERTIFICATES_PER_CUSTOMER } from "@rampart/contracts";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bizCertificate } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { countSetting } from "../configs/service.ts";

/** System → Settings: how many certificates one customer may hold. */
export const CERTIFICATE_LIMIT_SETTING = "sys.certificate.maxPerCustomer";

/**
 * Refuses a new certificate beyond the customer's limit, in the caller's transaction and under a
 * lock on that customer's certificates (two requests at once cannot both pass). Counted: the live
 * ones, each once: not failed ones, not renewals still open, not one a renewal has replaced.
 */
export async function assertUnderCertificateLimit(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('certificate-limit'), ${userId})`);
  const limit = await countSetting(tx, CERTIFICATE_LIMIT_SETTING, CERTIFICATES_PER_CUSTOMER);
  const [row] = await tx
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(bizCertificate)
    .where(
      sql`${bizCertificate.userId} = ${userId} and ${bizCertificate.state} <> 'failed'
        and (${bizCertificate.renews} is null or ${bizCertificate.state} = 'issued')
        and not exists (select 1 from ${bizCertificate} as next
          where next.renews = ${bizCertificate.certificateId} and next.state = 'issued')`,
    );
  const n = row?.n ?? 0;
  if (n >= limit) throw new AppError(409, "certificate_limit", { value: n });
}
