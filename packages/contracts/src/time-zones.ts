/**
 * Whether a text names a real IANA time zone ("Asia/Shanghai", "UTC"): a name, as browsers report
 * it (Intl.DateTimeFormat().resolvedOptions().timeZone), that this runtime's time-zone data knows.
 * Offsets ("+08:00") and abbreviations ("CST") are not names of a zone: Intl accepts some of them,
 * a reader's clock moves with the zone's rules, which they do not carry.
 */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)) return false;
  if (!zone.includes("/") && zone !== "UTC") return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
