import dns from "node:dns";

/** Answers that mean "no such record" rather than a failure to ask. */
const NONE = new Set(["ENODATA", "ENOTFOUND", "ENOTIMP", "NXDOMAIN"]);

/**
 * DNS records as Rampart checks them for customers (ACME TXT records, CNAME targets): asked of the
 * servers in DNS_SERVERS, or the system's, with short time-outs; a name without the record answers
 * an empty list, a server that does not answer throws.
 */
export class RecordLookup {
  readonly #resolver: dns.promises.Resolver;

  constructor(servers: string[]) {
    this.#resolver = new dns.promises.Resolver({ timeout: 3_000, tries: 2 });
    if (servers.length > 0) this.#resolver.setServers(servers);
  }

  /** Every TXT record of a name, each as one string (its chunks joined). */
  async txt(name: string): Promise<string[]> {
    return this.#none(async () => (await this.#resolver.resolveTxt(name)).map((chunks) => chunks.join("")));
  }

  /** The CNAME targets of a name, lower case, without the trailing dot. */
  async cname(name: string): Promise<string[]> {
    return this.#none(async () =>
      (await this.#resolver.resolveCname(name)).map((target) => target.toLowerCase().replace(/\.$/, "")),
    );
  }

  async #none(ask: () => Promise<string[]>): Promise<string[]> {
    try {
      return await ask();
    } catch (error) {
      if (NONE.has((error as NodeJS.ErrnoException).code ?? "")) return [];
      throw error;
    }
  }
}
