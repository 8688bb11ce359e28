import type { Db } from "../../db/client.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { reissueConfirmationLink } from "./email-verification.ts";
import { reissueInvitation, reissueResetLink } from "./password-recovery.ts";
import type { SessionDirectory } from "./sessions.ts";

/**
 * The one-time links this module mails, and how a failed one is sent again from the mail log: a
 * new link, by the flow that made the first, to the mail's owner (see mail/one-time-links.ts).
 */
export function defineLinkReissues(
  mail: MailOutbox,
  deps: { db: Db; sessions: SessionDirectory; now: () => Date },
): void {
  const all = { ...deps, mail };
  mail.defineReissue("password_reset", (sent) => reissueResetLink(all, sent));
  mail.defineReissue("invitation", (sent) => reissueInvitation(all, sent));
  mail.defineReissue("email_verification", (sent) => reissueConfirmationLink(all, sent));
  mail.defineReissue("email_change", (sent) => reissueConfirmationLink(all, sent));
}
