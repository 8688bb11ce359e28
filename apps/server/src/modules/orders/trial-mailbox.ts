/** Google's domains, where dots in the local part are ignored (a.b@gmail.com is ab@gmail.com). */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to, as the free-trial count knows it (one trial per mailbox and
 * site): case does not matter, a sub-address (`+anything` before the @) reaches the same mailbox,
 * and at Gmail dots do not matter either (googlemail.com is gmail.com). Elsewhere a dot is part of
 * the name. What is not an address is taken as it is, lower-cased.
 */
export function trialMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.$/, "");
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}
