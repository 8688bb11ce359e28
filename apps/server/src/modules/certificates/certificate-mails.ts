import type { Language } from "@rampart/contracts";
import type { Db, Tx } from "../../db/client.ts";
import type { bizCertificate } from "../../db/schema.ts";
import type { MailEvent } from "../mail/mail-texts.ts";
import type { MailInput, MailOutbox } from "../mail/outbox.ts";
import { ownerRecipient } from "../mail/owner-recipient.ts";

type Owned = Pick<typeof bizCertificate.$inferSelect, "userId" | "siteId">;

/**
 * A mail about a certificate to its owner, in their language, with Certificates on their site's
 * console (from the site record), written in the caller's transaction; once per `key`.
 */
export async function mailCertificateOwner<E extends MailEvent>(
  mail: MailOutbox,
  tx: Db | Tx,
  owned: Owned,
  event: E,
  key: string,
  values: (language: Language) => Omit<MailInput<E>, "name" | "link">,
): Promise<void> {
  const owner = await ownerRecipient(tx, owned, "/control/certificates");
  if (!owner) return;
  await mail.enqueue(tx as Tx, {
    siteId: owned.siteId,
    event,
    language: owner.language,
    to: owner.to,
    timeZone: owner.timeZone,
    key,
    values: { ...values(owner.language), name: owner.name, link: owner.link } as MailInput<E>,
  });
}
