import type { Language } from "@rampart/contracts";
import type { MailEvent } from "./mail-texts.ts";

/**
 * Mails whose link carries a one-time token (a password reset, an invitation, an address to
 * confirm): whoever reads the link can use it. It is shown to nobody but its recipient: the mail
 * log masks it whatever the mail's status, and the kept copy loses it once the mail is sent, has
 * failed for good, or will never be sent. "Send again" mails a new link, never the old one.
 */
export const ONE_TIME_LINK_EVENTS: ReadonlySet<string> = new Set<MailEvent>([
  "password_reset",
  "invitation",
  "email_verification",
  "email_change",
]);

export const carriesOneTimeLink = (event: string) => ONE_TIME_LINK_EVENTS.has(event);

/** What a one-time link's token looks like in a mail, to mask it where the mail is shown or kept. */
const ONE_TIME_TOKEN = /([?&]token=)[A-Za-z0-9_-]+/g;
export const maskOneTimeLinks = (text: string) => text.replace(ONE_TIME_TOKEN, "$1••••••");

/** A mail of the log, as its owner's module needs it to send a fresh link to the same person. */
export interface LinkMail {
  event: MailEvent;
  recipient: string;
  siteId: number | null;
  language: Language;
}

/**
 * Sends a new one-time link for a mail that did not reach its recipient: the module that owns the
 * token finds the mail's owner (the account with its address, on its site) and mails them a fresh
 * link through its own flow, with its own limits. Nothing of the link comes back to the caller.
 */
export type LinkReissuer = (mail: LinkMail) => Promise<void>;
