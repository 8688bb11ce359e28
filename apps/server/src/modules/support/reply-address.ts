import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveSecret } from "../../secrets/tokens.ts";

/**
 * The signed reply address of a ticket, `ticket+<number>.<signature>@<domain>`: a reply by mail is
 * matched to its ticket by this address, never by the subject alone, and an address whose
 * signature is not ours (a guessed or altered number) finds no ticket. The signature is an HMAC
 * of the number with a key derived from the token secret, 80 bits in hex (an address's case may
 * change on its way: hex does not mind).
 */
export class ReplyAddresses {
  readonly #key: string;
  readonly domain: string;
  /** Whether mail to these addresses reaches the desk (its SMTP listener or webhook is on). */
  readonly receiving: boolean;

  constructor(tokenSecret: string, domain: string, receiving: boolean) {
    this.#key = deriveSecret(tokenSecret, "ticket-reply-address");
    this.domain = domain.toLowerCase();
    this.receiving = receiving;
  }

  #signature(ticketNo: string): string {
    return createHmac("sha256", this.#key).update(`ticket:${ticketNo}`).digest("hex").slice(0, 20);
  }

  /** The reply-to of the desk's mails about this ticket: its address when the desk receives mail (else none: the site's). */
  replyToOf(ticketNo: string): string | undefined {
    return this.receiving ? this.addressOf(ticketNo) : undefined;
  }

  /** The address the desk's mails about this ticket are answered to. */
  addressOf(ticketNo: string): string {
    return `ticket+${ticketNo}.${this.#signature(ticketNo)}@${this.domain}`;
  }

  /**
   * The ticket number an address names, when it is one of ours with a good signature ("forged"
   * when it looks like one but is not signed by us; null when it is no reply address).
   */
  ticketOf(address: string): string | "forged" | null {
    const match = /^ticket\+(\d{6,12})\.([0-9a-f]{20})@(.+)$/i.exec(address.trim());
    if (!match || match[3]!.toLowerCase() !== this.domain) return null;
    const expected = Buffer.from(this.#signature(match[1]!));
    const given = Buffer.from(match[2]!.toLowerCase());
    return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : "forged";
  }
}
