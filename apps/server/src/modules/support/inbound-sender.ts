import type { DNSResolver } from "mailauth";

/** Where a mail came from, as the listener saw it. */
export interface MailOrigin {
  /** The connecting server's address. */
  ip: string;
  /** The name it greeted with (HELO/EHLO). */
  helo: string;
  /** The envelope sender (MAIL FROM). */
  sender: string;
}

/**
 * Whether a mail is really from the address in its From header: it came through one of the
 * provider's own mail servers (INBOUND_TRUSTED_RELAYS, which have checked it), or it passes DMARC
 * (its From domain aligned with a passing SPF or DKIM check; mailauth). A mail that does not is
 * never added to anyone's ticket: anyone can write any From.
 */
export async function senderAuthenticated(
  raw: Buffer,
  origin: MailOrigin,
  settings: { trustedRelays: readonly string[]; mta: string; resolver?: DNSResolver },
): Promise<boolean> {
  const ip = origin.ip.replace(/^::ffff:/, "");
  if (settings.trustedRelays.includes(ip)) return true;
  const { authenticate } = await import("mailauth");
  try {
    const result = await authenticate(raw, {
      ip,
      helo: origin.helo,
      sender: origin.sender,
      mta: settings.mta,
      ...(settings.resolver ? { resolver: settings.resolver } : {}),
    });
    return result.dmarc !== false && result.dmarc.status.result === "pass";
  } catch {
    // DNS trouble or a mail mailauth cannot read: not proven.
    return false;
  }
}
