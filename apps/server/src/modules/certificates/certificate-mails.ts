import { isLanguage } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type bizCertificate, sysUser } from "../../db/schema.ts";
import type { MailEvent, MailValues } from "../mail/mail-texts.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { siteOrigin } from "../sites/site-origin.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
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
  values: (language: ReturnType<typeof languageOf>) => Omit<MailValues<E>, "company" | "name" | "link">,
): Promise<void> {
  const [user] = await tx.select().from(sysUser).where(eq(sysUser.userId, owned.userId));
  if (!user?.email) return;
  const language = languageOf(user.language);
  const link = `${await siteOrigin(tx, owned.siteId, null, { console: true })}/control/certificates`;
  await mail.enqueue(tx as Tx, {
    siteId: owned.siteId,
    event,
    language,
    to: user.email,
    key,
    values: { ...values(language), name: user.nickName || user.userName, link } as Omit<MailValues<E>, "company">,
  });
}

const languageOf = (language: string) => (isLanguage(language) ? language : "en");

/** A date as mails write it (the same for every reader): 2027-03-01. */
export const mailDate = (at: Date) => at.toISOString().slice(0, 10);
