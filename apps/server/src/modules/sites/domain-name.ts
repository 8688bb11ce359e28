import { LRUCache } from "lru-cache";
import { parse } from "tldts";

export interface ParsedHost {
  /** Lower-case host name or IP address, without port or trailing dot. */
  hostname: string;
  /** The registrable domain (from the Public Suffix List), or null for IPs and single labels. */
  registrableDomain: string | null;
  isIp: boolean;
}

const HOST_WITH_PORT = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i;

/**
 * Reads a host as a browser sends it ("Brand.example.com:8443", "[::1]:3000", "localhost") and
 * returns it normalised, or null when it is not a valid host name or IP address. Anything with a
 * scheme, path, user info or spaces is refused rather than guessed at.
 */
export function parseHost(input: string): ParsedHost | null {
  // Every request names its host: the Public Suffix List lookup is done once per distinct host.
  const known = parsedHosts.get(input);
  if (known) return known.host;
  const host = parseHostOnce(input);
  parsedHosts.set(input, { host: host && Object.freeze(host) });
  return host;
}

/** The hosts read lately (bounded: the Host header is the client's to choose). */
const parsedHosts = new LRUCache<string, { host: Readonly<ParsedHost> | null }>({ max: 2000 });

function parseHostOnce(input: string): ParsedHost | null {
  const text = input.trim().toLowerCase();
  if (text.length === 0 || text.length > 260 || /[/?#@\s\\]/.test(text)) return null;
  const match = HOST_WITH_PORT.exec(text);
  if (!match) return null;
  const [, hostPart = "", port] = match;
  if (port !== undefined && Number(port) > 65535) return null;
  const host = hostPart.replace(/\.$/, "");
  const parsed = parse(host, { validateHostname: true, extractHostname: true });
  if (!parsed.hostname || parsed.hostname.length > 253) return null;
  if (!parsed.isIp && !/^[a-z0-9.-]+$/.test(parsed.hostname)) return null;
  return { hostname: parsed.hostname, registrableDomain: parsed.isIp ? null : parsed.domain, isIp: !!parsed.isIp };
}
