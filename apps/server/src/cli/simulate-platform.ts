import { USAGE_BATCH_LIMIT, USAGE_BUCKET_SECONDS } from "@rampart/contracts";
import { attacksOf, bucketsOf, simulated, topsOf } from "./platform-figures.ts";
import { type PlatformEndpoint, PlatformRefusedError, sendUsageBatch, usageTargetsOf } from "./platform-sender.ts";

export interface SimulateOptions {
  /** The running server, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /**
   * An operator's session, to make an endpoint when none is given (System → Webhooks): a token, or
   * a user and password. With an endpoint's id and secret none is needed.
   */
  token?: string;
  user?: string;
  password?: string;
  /** The enabled endpoint whose secret signs the batches; none: one is made. */
  endpoint?: PlatformEndpoint;
  /** Its address when one is made (https, public: the server checks it). */
  endpointUrl: string;
  /** Days of history up to now (at most the 5-minute buckets' retention, 35 by default). */
  days: number;
  log: (line: string) => void;
}

/** A request to the server; one that cannot reach it is refused in one line. */
async function reach(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new PlatformRefusedError(`cannot reach ${url} (${(error as Error).message}): is the server running? (--url)`);
  }
}

async function call<T>(options: SimulateOptions, token: string, path: string, body?: object): Promise<T> {
  const response = await reach(`${options.baseUrl}${path}`, {
    method: body ? "POST" : "GET",
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as { code: number; msg: string; data?: T };
  if (answer.code !== 200 || answer.data === undefined) throw new PlatformRefusedError(`${path}: ${answer.msg}`);
  return answer.data;
}

async function signIn(options: SimulateOptions): Promise<string> {
  if (options.token) return options.token;
  if (!options.password) throw new PlatformRefusedError("give --token, or --user and --password (or ADMIN_PASSWORD)");
  const response = await reach(`${options.baseUrl}/prod-api/auth/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: options.user ?? "admin", password: options.password }),
  });
  const answer = (await response.json()) as { msg: string; data?: { access_token: string } };
  if (!answer.data)
    throw new PlatformRefusedError(`sign-in failed: ${answer.msg} (a captcha or a second factor: use --token)`);
  return answer.data.access_token;
}

/**
 * A new endpoint, whose secret signs the batches: enabled (a disabled endpoint cannot call in), and
 * hearing of one event only, `service.throttle`, which Rampart sends only for a product set to
 * throttle at 100 % of its usage: the address seldom hears from Rampart, and an address that fails
 * every delivery for a day gets the endpoint switched off.
 */
async function endpointOf(options: SimulateOptions, token: string): Promise<PlatformEndpoint> {
  const made = await call<PlatformEndpoint>(options, token, "/prod-api/system/webhook", {
    url: options.endpointUrl,
    description: "Simulated platform (rampart simulate-platform)",
    events: ["service.throttle"],
    siteId: null,
    enabled: true,
  });
  options.log(
    `Made endpoint ${made.webhookId} (hears service.throttle only); to send again with it: --webhook-id ${made.webhookId} --secret ${made.secret}`,
  );
  return made;
}

/** Entries in batches of at most USAGE_BATCH_LIMIT. */
function* batches<T>(entries: T[]): Generator<T[]> {
  for (let i = 0; i < entries.length; i += USAGE_BATCH_LIMIT) yield entries.slice(i, i + USAGE_BATCH_LIMIT);
}

/**
 * `rampart simulate-platform`: the provider's platform played for every active service — `days`
 * of 5-minute figures up to now, a few attacks, daily top lists, a third of the bandwidth
 * packages over their commitment (a month with overage) — sent through the signed ingest route
 * of a running server, in batches. Returns the rows sent.
 */
export async function simulatePlatform(options: SimulateOptions): Promise<number> {
  const endpoint = options.endpoint ?? (await endpointOf(options, await signIn(options)));
  const targets = await usageTargetsOf(options.baseUrl, endpoint);
  if (targets.length === 0) throw new PlatformRefusedError("no active service to report on");
  const nowSeconds = Math.floor(Date.now() / 1000);
  // Up to the bucket going on now, included.
  const to = nowSeconds - (nowSeconds % USAGE_BUCKET_SECONDS) + USAGE_BUCKET_SECONDS;
  const from = to - options.days * 86_400;
  let rows = 0;
  const started = performance.now();
  for (const service of simulated(targets)) {
    const attacks = attacksOf(service, from, to);
    for (const part of batches(bucketsOf(service, from, to, attacks)))
      rows += (await sendUsageBatch(options.baseUrl, endpoint, { buckets: part })).buckets;
    const days = Array.from({ length: options.days }, (_, i) =>
      new Date((to - 1 - i * 86_400) * 1000).toISOString().slice(0, 10),
    );
    await sendUsageBatch(options.baseUrl, endpoint, { tops: days.flatMap((day) => topsOf(service, day)), attacks });
    options.log(
      `  service ${service.serviceId} (${service.product}, ${service.domains.length} domains${service.peakShare > 1 ? ", over its commitment" : ""}): sent`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  options.log(
    `Sent ${rows.toLocaleString("en")} bucket rows for ${targets.length} services in ${seconds.toFixed(1)} s.`,
  );
  return rows;
}
