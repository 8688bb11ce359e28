import http from "node:http";
import https from "node:https";
import { GuardedHttpAgent, GuardedHttpsAgent } from "../../outbound/guarded-agents.ts";
import { endpointAddressRule } from "./endpoint-address.ts";

/** What came back from one try: the status (null when no answer came), how long, what it said. */
export interface PostAnswer {
  statusCode: number | null;
  durationMs: number;
  response: string;
}

/** The whole exchange: connecting, sending, the answer's status and as much of its body as is kept. */
const TIMEOUT_MS = 10_000;
/** The start of an answer's body kept with the try; nothing after it is read. */
const EXCERPT = 500;

/**
 * POSTs a delivery to an endpoint through agents that refuse, when they connect, any address the
 * endpoint rule does not allow (endpoint-address.ts: a name that resolves to a private address
 * after it was saved is refused too); loopback only when allowed (tests). No redirect is followed.
 * One time limit holds for the whole exchange, however slowly the endpoint trickles its answer; the
 * answer is read only as far as what is kept. An endpoint that gave its status and then ran out of
 * time or was cut off after the excerpt has answered with that status.
 */
export class WebhookPoster {
  readonly #http: http.Agent;
  readonly #https: https.Agent;

  constructor(allowLoopback: boolean) {
    const allowed = endpointAddressRule(allowLoopback);
    this.#http = new GuardedHttpAgent(allowed, { keepAlive: false });
    this.#https = new GuardedHttpsAgent(allowed, { keepAlive: false });
  }

  post(url: string, headers: Record<string, string>, body: string, now = () => performance.now()): Promise<PostAnswer> {
    const started = now();
    const took = () => Math.round(now() - started);
    return new Promise((resolve) => {
      let settled = false;
      /** What the endpoint has said so far, once its status came. */
      let answerSoFar: (() => PostAnswer) | null = null;
      let deadline: ReturnType<typeof setTimeout> | undefined;
      const settle = (answer: PostAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(answer);
      };
      const target = new URL(url);
      const secure = target.protocol === "https:";
      const request = (secure ? https : http).request(
        target,
        {
          method: "POST",
          agent: secure ? this.#https : this.#http,
          headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        },
        (response) => {
          let text = "";
          answerSoFar = () => ({
            statusCode: response.statusCode ?? null,
            durationMs: took(),
            response: text.slice(0, EXCERPT),
          });
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            text += chunk;
            if (text.length >= EXCERPT) {
              // All that is kept is in: the rest is not read.
              settle(answerSoFar!());
              request.destroy();
            }
          });
          response.on("end", () => settle(answerSoFar!()));
          response.on("error", (error) => settle({ statusCode: null, durationMs: took(), response: error.message }));
        },
      );
      deadline = setTimeout(() => {
        settle(
          answerSoFar?.() ?? {
            statusCode: null,
            durationMs: took(),
            response: `no answer within ${TIMEOUT_MS / 1000} s`,
          },
        );
        request.destroy();
      }, TIMEOUT_MS);
      request.on("error", (error) =>
        settle({ statusCode: null, durationMs: took(), response: error.message.slice(0, EXCERPT) }),
      );
      request.end(body);
    });
  }

  close(): void {
    this.#http.destroy();
    this.#https.destroy();
  }
}
