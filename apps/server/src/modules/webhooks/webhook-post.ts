import http from "node:http";
import https from "node:https";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";

/** What came back from one try: the status (null when no answer came), how long, what it said. */
export interface PostAnswer {
  statusCode: number | null;
  durationMs: number;
  response: string;
}

const TIMEOUT_MS = 10_000;
/** The start of an answer's body kept with the try. */
const EXCERPT = 500;

/**
 * POSTs a delivery to an endpoint through agents that refuse, when they connect, any address that
 * is not public unicast (request-filtering-agent: a name that resolves to a private address after
 * it was saved is refused too); loopback only when allowed (tests). No redirect is followed.
 */
export class WebhookPoster {
  readonly #http: http.Agent;
  readonly #https: https.Agent;

  constructor(allowLoopback: boolean) {
    const filter = { allowIPAddressList: allowLoopback ? ["127.0.0.1", "::1"] : [] };
    this.#http = new RequestFilteringHttpAgent({ ...filter, keepAlive: false });
    this.#https = new RequestFilteringHttpsAgent({ ...filter, keepAlive: false });
  }

  post(url: string, headers: Record<string, string>, body: string, now = () => performance.now()): Promise<PostAnswer> {
    const started = now();
    const took = () => Math.round(now() - started);
    return new Promise((resolve) => {
      const target = new URL(url);
      const secure = target.protocol === "https:";
      const request = (secure ? https : http).request(
        target,
        {
          method: "POST",
          agent: secure ? this.#https : this.#http,
          headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
          timeout: TIMEOUT_MS,
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            if (text.length < EXCERPT) text += chunk;
          });
          response.on("end", () =>
            resolve({ statusCode: response.statusCode ?? null, durationMs: took(), response: text.slice(0, EXCERPT) }),
          );
          response.on("error", (error) => resolve({ statusCode: null, durationMs: took(), response: error.message }));
        },
      );
      request.on("timeout", () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
      request.on("error", (error) =>
        resolve({ statusCode: null, durationMs: took(), response: error.message.slice(0, EXCERPT) }),
      );
      request.end(body);
    });
  }

  close(): void {
    this.#http.destroy();
    this.#https.destroy();
  }
}
