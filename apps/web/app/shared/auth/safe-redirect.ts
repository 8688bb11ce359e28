/**
 * Where to go after login, or back to after a refresh: the target only if it is a path on this
 * same site, else the fallback. The target is read the way a browser reads it (WHATWG URL parsing:
 * tabs and newlines dropped, `\` taken for `/`, `.` segments resolved), then it must keep the
 * site's origin, and the path sent back can never start with `//` or `/\`, which a browser would
 * take for another host (`/.//evil.example` resolves to the path `//evil.example`). Never an
 * absolute URL, a protocol-relative `//host` or a `javascript:` URL (no open redirect).
 */
export function safeRedirect(target: string | null | undefined, fallback: string, origin: string): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.includes("\\")) return fallback;
  try {
    const base = new URL(origin);
    const url = new URL(target, base);
    if (url.origin !== base.origin) return fallback;
    const path = url.pathname.replace(/^[/\\]+/, "/");
    return `${path}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
