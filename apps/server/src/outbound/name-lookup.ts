import dns, { type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** The shape `net.connect` and the http agents take as `lookup`. */
export type Lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

/**
 * How Rampart finds the addresses of names it connects to for a customer: the system's resolver,
 * or the DNS servers in `DNS_SERVERS` when set (the same servers that answer its record checks).
 */
export function nameLookup(servers: string[]): Lookup {
  if (servers.length === 0) return dns.lookup as unknown as Lookup;
  const resolver = new dns.promises.Resolver({ timeout: 3_000, tries: 2 });
  resolver.setServers(servers);
  return (hostname, options, callback) => {
    if (isIP(hostname)) {
      const family = isIP(hostname);
      if (options.all) callback(null, [{ address: hostname, family }]);
      else callback(null, hostname, family);
      return;
    }
    const v4 = resolver.resolve4(hostname).catch(() => [] as string[]);
    const v6 = resolver.resolve6(hostname).catch(() => [] as string[]);
    Promise.all([v4, v6]).then(
      ([four, six]) => {
        const found: LookupAddress[] = [
          ...four.map((address) => ({ address, family: 4 })),
          ...six.map((address) => ({ address, family: 6 })),
        ].filter((entry) => !options.family || entry.family === options.family);
        if (found.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          error.code = "ENOTFOUND";
          callback(error, "", 0);
        } else if (options.all) callback(null, found);
        else callback(null, found[0]!.address, found[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

/** Every address a name has, through a lookup (an address is its own answer). */
export function addressesOf(lookup: Lookup, host: string): Promise<string[]> {
  return new Promise((resolve, reject) =>
    lookup(host, { all: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve((addresses as LookupAddress[]).map((entry) => entry.address));
    }),
  );
}
