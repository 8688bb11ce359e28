import type { Envelope } from "@rampart/contracts";
import { getToken } from "../auth/token-cookie";

export const API_BASE = "/prod-api";

export interface ApiHeaderOptions {
  language: string;
  /** The body is JSON. */
  json?: boolean;
  /** false: send no Authorization header (login, registration, captcha). */
  withToken?: boolean;
  /** The site's channel, when the page has one. */
  agentCode?: string;
  headers?: HeadersInit;
}

/** The headers every call carries: the page's language, the session's token, JSON when it sends JSON. */
export function apiHeaders(options: ApiHeaderOptions): Headers {
  const headers = new Headers(options.headers);
  if (options.json) headers.set("Content-Type", "application/json;charset=utf-8");
  headers.set("Accept-Language", options.language);
  const token = options.withToken === false ? undefined : getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (options.agentCode) headers.set("agent-code", options.agentCode);
  return headers;
}

/**
 * The browser's one way to the API for pages without the console: a call to /prod-api with
 * apiHeaders, answered with the envelope as it came (the page shows what it means where it
 * belongs). The console's request client (request-client.ts) uses the same headers and adds the
 * console's loading overlay and notifications. Rejects only when no answer came.
 */
export async function apiFetch<T>(
  path: string,
  init: {
    method?: string;
    data?: unknown;
    language: string;
    signal?: AbortSignal | undefined;
    /** false: the call is nobody's (a lead), even from a signed-in visitor. */
    withToken?: boolean;
  },
): Promise<Envelope<T>> {
  const json = init.data !== undefined;
  const response = await fetch(`${API_BASE}${path}`, {
    method: init.method ?? "GET",
    headers: apiHeaders({ language: init.language, json, ...(init.withToken === false ? { withToken: false } : {}) }),
    body: json ? JSON.stringify(init.data) : null,
    signal: init.signal ?? null,
  });
  return (await response.json()) as Envelope<T>;
}
