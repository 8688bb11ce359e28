import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { Duplex } from "node:stream";
import type { Lookup } from "./name-lookup.ts";

/** Whether a connection may be made to an address. */
export type AddressRule = (address: string) => boolean;

type ConnectionCallback = (error: Error | null, stream: Duplex) => void;
type Connect = (options: http.ClientRequestArgs, callback?: ConnectionCallback) => Duplex | null | undefined;

/** The error of a refused address (its words are what outbound-client.ts's failureOf recognises). */
export const addressRefused = (address: string) => new Error(`connecting to ${address} is not allowed`);

/**
 * A lookup that answers only when every address of the name passes the rule (a name with one
 * inward address among public ones is refused whole, as when it is saved).
 */
export function guardedLookup(lookup: Lookup, allowed: AddressRule): Lookup {
  return (hostname, options, callback) =>
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as { address: string; family: number }[];
      const refused = list.find((entry) => !allowed(entry.address));
      if (refused || list.length === 0) return callback(addressRefused(refused?.address ?? hostname), "", 0);
      if (options.all) callback(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
}

/**
 * The check made as a connection is opened: an address given as such is judged at once (no lookup
 * happens for it), a name through a lookup that judges every address it resolves to. Redirects and
 * names that point elsewhere after they were saved meet the same rule.
 */
function guardedConnection(
  options: http.ClientRequestArgs,
  callback: ConnectionCallback | undefined,
  allowed: AddressRule,
  connect: Connect,
): Duplex | null | undefined {
  const host = String(options.host ?? options.hostname ?? "").replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0 && !allowed(host)) {
    if (!callback) throw addressRefused(host);
    callback(addressRefused(host), undefined as never);
    return undefined;
  }
  const lookup = (options.lookup ?? dns.lookup) as unknown as Lookup;
  return connect({ ...options, lookup: guardedLookup(lookup, allowed) as never }, callback);
}

/** An http agent that connects only to addresses the rule allows. */
export class GuardedHttpAgent extends http.Agent {
  readonly #allowed: AddressRule;

  constructor(allowed: AddressRule, options?: http.AgentOptions) {
    super(options);
    this.#allowed = allowed;
  }

  override createConnection(options: http.ClientRequestArgs, callback?: ConnectionCallback) {
    return guardedConnection(options, callback, this.#allowed, (o, cb) => super.createConnection(o, cb));
  }
}

/** An https agent that connects only to addresses the rule allows. */
export class GuardedHttpsAgent extends https.Agent {
  readonly #allowed: AddressRule;

  constructor(allowed: AddressRule, options?: https.AgentOptions) {
    super(options);
    this.#allowed = allowed;
  }

  override createConnection(options: http.ClientRequestArgs, callback?: ConnectionCallback) {
    return guardedConnection(options, callback, this.#allowed, (o, cb) => super.createConnection(o, cb));
  }
}
