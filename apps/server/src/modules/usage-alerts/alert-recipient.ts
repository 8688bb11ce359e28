import type { Tx } from "../../db/client.ts";
import type { bizService } from "../../db/schema.ts";
import { PRODUCT_NAMES } from "../catalogue/document-names.ts";
import { ownerRecipient } from "../mail/owner-recipient.ts";

type ServiceRow = typeof bizService.$inferSelect;

/** Who a package's usage and attack mails go to: its owner, in their language, with a link to My services. */
export async function alertRecipient(tx: Tx, service: ServiceRow) {
  const owner = await ownerRecipient(tx, service, "/control/services");
  if (!owner) return null;
  return { ...owner, product: PRODUCT_NAMES[service.product]?.[owner.language] ?? service.product };
}
