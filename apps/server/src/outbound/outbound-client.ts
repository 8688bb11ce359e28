import http from "node:http";
import https from "node:https";
import type { TLSSocket } from "node:tls";
import tls from "node:tls";
import { type AddressRule, GuardedHttpAgent, GuardedHttpsAgent, guardedLookup } from "./guarded-agents.ts";
import { addressesOf, type Lookup, nameLookup } from "./name-lookup.ts";
import { isAllowedAddress } from "./public-address.ts";

/** Why an address may not be used, or could not be reached. */
export type OutboundProblem = "url_invalid" | "url_scheme" | "address_private" | "name_unresolved";

/** What came back from one request: the status (null when none came), how long, the start of the body. */
export interface OutboundAnswer {
  status: number | null;
  durationMs: number;
  /** The body's first `maxBytes` (as text). */
  body: string;
  /** Where the answer came from after redirects. */
  url: string;
  /** The served certificate's end of validity (https only). */
  certificateExpiresAt: Date | null;
  /** Why no answer came (null when one did), and the system's own words for it. */
  failure: OutboundFailure | null;
  detail: string | null;
}

/** Why a request got no answer. */
export type OutboundFailure =
  | "address_refused"
  | "timeout"
  | "connection_refused"
  | "connection_reset"
  | "name_not_found"
  | "certificate_expired"
  | "certificate_untrusted"
  | "certificate_name"
  | "other";

export interface OutboundRequest {
  method?: "GET" | "HEAD";
  /** For the whole exchange: every redirect, and reading the answers. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Ask for this host (Host header and TLS server name) at the URL's address: an origin behind a proxy. */
  hostHeader?: string;
  /** Take any TLS certificate (an origin is asked whether it answers, not whether its certificate is right). */
  insecureTls?: boolean;
}

/** The served certificate of a TLS endpoint, as read by a handshake. */
export interface ServedCertificate {
  subject: string;
  issuer: string;
  names: string[];
  validFrom: Date;
  validTo: Date;
  fingerprint256: string;
  /** Whether the chain is trusted and the name matches (the reason when not). */
  authorized: boolean;
  authorizationError: string | null;
  /** The certificate in DER, to compare with a stored one. */
  raw: Buffer;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 256 * 1024;
const USER_AGENT = "Rampart-Monitor/1.0";

/**
 * The one road for requests to addresses a customer gave (monitoring URLs, TLS hosts, ownership
 * files): the name is resolved (system resolver or DNS_SERVERS) and every address it has must be
 * public unicast (public-address.ts), checked again when the connection is made (guarded-agents.ts:
 * a name that resolves elsewhere later is refused too) and on every redirect; each request has one
 * time limit for all its hops and reads at most a few hundred kilobytes. `OUTBOUND_ALLOW_PRIVATE`
 * lets tests use this machine.
 */
export class OutboundClient {
  readonly #allowed: AddressRule;
  readonly #lookup: Lookup;
  readonly #http: http.Agent;
  readonly #https: https.Agent;

  constructor(options: { allowPrivate: boolean; dnsServers: string[] }) {
    this.#allowed = (address) => isAllowedAddress(address, options.allowPrivate);
    this.#lookup = nameLookup(options.dnsServers);
    this.#http = new GuardedHttpAgent(this.#allowed, { keepAlive: false });
    this.#https = new GuardedHttpsAgent(this.#allowed, { keepAlive: false });
  }

  get lookup(): Lookup {
    return this.#lookup;
  }

  /**
   * Whether a URL may be used (when it is saved): http(s), no credentials, a name that resolves, and
   * only to allowed addresses. Answers the problem and what it concerns, or null.
   */
  async checkUrl(raw: string): Promise<{ problem: OutboundProblem; value: string } | null> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { problem: "url_invalid", value: raw };
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return { problem: "url_scheme", value: url.protocol };
    if (url.username || url.password || !url.hostname) return { problem: "url_invalid", value: raw };
    return this.checkHost(url.hostname.replace(/^\[|\]$/g, ""));
  }

  /** Whether a host name (or address) resolves, and only to allowed addresses. */
  async checkHost(host: string): Promise<{ problem: OutboundProblem; value: string } | null> {
    let addresses: string[];
    try {
      addresses = await addressesOf(this.#lookup, host);
    } catch {
      return { problem: "name_unresolved", value: host };
    }
    if (addresses.length === 0) return { problem: "name_unresolved", value: host };
    const refused = addresses.find((address) => !this.#allowed(address));
    return refused ? { problem: "address_private", value: refused } : null;
  }

  /**
   * One request, following up to `maxRedirects` redirects (each checked again), all within one time
   * limit. Never throws.
   */
  async request(raw: string, options: OutboundRequest = {}): Promise<OutboundAnswer> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // One deadline for the whole exchange: a slow redirect leaves the next hop less time.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(timedOut(timeoutMs)), timeoutMs);
    try {
      let url = raw;
      let redirects = options.maxRedirects ?? 5;
      for (;;) {
        const answer = await this.#once(url, options, took, deadline.signal);
        const { location, result } = answer;
        if (!location || result.status === null || result.status < 300 || result.status >= 400 || redirects === 0)
          return result;
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return result;
        }
        if (next.protocol !== "http:" && next.protocol !== "https:") return result;
        url = next.toString();
        redirects -= 1;
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** One hop of a request, ended by the request's deadline. */
  #once(
    url: string,
    options: OutboundRequest,
    took: () => number,
    deadline: AbortSignal,
  ): Promise<{ result: OutboundAnswer; location: string | null }> {
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    const failed = (error: Error) => ({
      result: {
        status: null,
        durationMs: took(),
        body: "",
        url,
        certificateExpiresAt: null,
        failure: failureOf(error),
        detail: error.message.slice(0, 200),
      },
      location: null,
    });
    return new Promise((resolve) => {
      if (deadline.aborted) {
        resolve(failed(deadline.reason as Error));
        return;
      }
      let target: URL;
      try {
        target = new URL(url);
      } catch (error) {
        resolve(failed(error as Error));
        return;
      }
      const secure = target.protocol === "https:";
      const request = (secure ? https : http).request(
        target,
        {
          method: options.method ?? "GET",
          agent: secure ? this.#https : this.#http,
          lookup: this.#lookup as never,
          headers: {
            "user-agent": USER_AGENT,
            accept: "*/*",
            ...(options.hostHeader ? { host: options.hostHeader } : {}),
          },
          ...(secure && options.hostHeader ? { servername: options.hostHeader } : {}),
          ...(secure && options.insecureTls ? { rejectUnauthorized: false } : {}),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const certificate = secure ? (response.socket as TLSSocket).getPeerCertificate?.() : undefined;
          const done = () =>
            resolve({
              result: {
                status: response.statusCode ?? null,
                durationMs: took(),
                body: Buffer.concat(chunks).toString("utf8"),
                url,
                certificateExpiresAt: certificate?.valid_to ? new Date(certificate.valid_to) : null,
                failure: null,
                detail: null,
              },
              location: typeof response.headers.location === "string" ? response.headers.location : null,
            });
          response.on("data", (chunk: Buffer) => {
            if (size >= maxBytes) return;
            chunks.push(chunk.subarray(0, maxBytes - size));
            size += chunk.length;
            if (size >= maxBytes) {
              // Enough read: the rest is not waited for.
              done();
              response.destroy();
            }
          });
          response.on("end", done);
          response.on("error", done);
        },
      );
      // The exchange's deadline ends this hop wherever it is: connecting, waiting, reading.
      const stop = () => request.destroy(deadline.reason as Error);
      deadline.addEventListener("abort", stop, { once: true });
      request.on("error", (error) => resolve(failed(error)));
      request.on("close", () => deadline.removeEventListener("abort", stop));
      request.end();
    });
  }

  /**
   * The certificate a TLS endpoint serves for a name (SNI), read by a handshake through the same
   * address rules; null with the reason when no handshake could be made.
   */
  async servedCertificate(
    host: string,
    port: number,
    servername = host,
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<{ certificate: ServedCertificate | null; failure: OutboundFailure | null }> {
    const problem = await this.checkHost(host);
    if (problem)
      return {
        certificate: null,
        failure: problem.problem === "address_private" ? "address_refused" : "name_not_found",
      };
    return new Promise((resolve) => {
      const socket = tls.connect({
        host,
        port,
        servername,
        lookup: guardedLookup(this.#lookup, this.#allowed) as never,
        rejectUnauthorized: false,
        timeout: timeoutMs,
      });
      const finish = (result: { certificate: ServedCertificate | null; failure: OutboundFailure | null }) => {
        clearTimeout(deadline);
        socket.destroy();
        resolve(result);
      };
      const deadline = setTimeout(() => finish({ certificate: null, failure: "timeout" }), timeoutMs);
      socket.once("secureConnect", () => {
        const peer = socket.getPeerCertificate();
        if (!peer?.raw) return finish({ certificate: null, failure: "other" });
        finish({
          certificate: {
            subject: peer.subject?.CN ? String(peer.subject.CN) : "",
            issuer: peer.issuer?.CN ? String(peer.issuer.CN) : String(peer.issuer?.O ?? ""),
            names: (peer.subjectaltname ?? "")
              .split(",")
              .map((part) => part.trim())
              .filter((part) => part.startsWith("DNS:"))
              .map((part) => part.slice(4)),
            validFrom: new Date(peer.valid_from),
            validTo: new Date(peer.valid_to),
            fingerprint256: peer.fingerprint256,
            authorized: socket.authorized,
            authorizationError: socket.authorizationError ? String(socket.authorizationError) : null,
            raw: peer.raw,
          },
          failure: null,
        });
      });
      socket.once("error", (error) => finish({ certificate: null, failure: failureOf(error) }));
    });
  }

  close(): void {
    this.#http.destroy();
    this.#https.destroy();
  }
}

const timedOut = (ms: number) => Object.assign(new Error(`no answer within ${ms / 1000} s`), { code: "ETIMEDOUT" });

/** What kind of failure an error is (its system code, or guarded-agents.ts's refusal). */
function failureOf(error: Error & { code?: string }): OutboundFailure {
  const code = error.code ?? "";
  if (/is not allowed/.test(error.message)) return "address_refused";
  if (code === "ETIMEDOUT") return "timeout";
  if (code === "ECONNREFUSED") return "connection_refused";
  if (code === "ECONNRESET" || code === "EPIPE") return "connection_reset";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") return "name_not_found";
  if (code === "CERT_HAS_EXPIRED") return "certificate_expired";
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID") return "certificate_name";
  if (code.startsWith("UNABLE_TO") || code === "DEPTH_ZERO_SELF_SIGNED_CERT" || code === "SELF_SIGNED_CERT_IN_CHAIN")
    return "certificate_untrusted";
  return "other";
}
