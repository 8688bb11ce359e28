import { DEFAULT_LANGUAGE, type Language } from "@rampart/contracts";
import { i18nFor, isLanguageLoaded } from "../i18n/i18n";
import { API_BASE, apiHeaders } from "./api-fetch";
import { isDuplicateSubmit } from "./duplicate-submit";
import { feedback } from "./feedback";
import { toQueryString } from "./query-string";

export const REQUEST_TIMEOUT_MS = 20_000;
/** Requests slower than this show the loading overlay. */
export const LOADING_DELAY_MS = 500;

export type RequestErrorKind = "code" | "expired" | "duplicate" | "network" | "timeout" | "http";

/** The one error type of every failed call; the user has already been told (or it was silent). */
export class RequestError extends Error {
  override name = "RequestError";
  readonly kind: RequestErrorKind;
  readonly code: number | undefined;
  constructor(kind: RequestErrorKind, message: string, code?: number) {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}

export interface RequestOptions {
  url: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Query parameters; nested objects are flattened (`params[beginTime]=…`). */
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  /** false: send no Authorization header (login, registration, captcha). */
  withToken?: boolean;
  /** false: exempt this POST/PUT from the duplicate-submit guard (the `repeatSubmit` header). */
  repeatSubmit?: boolean;
  /** true: a 500 is not shown to the user (the caller handles it). */
  quiet?: boolean;
  /**
   * Refusals (by code, e.g. [400]) that the caller shows itself where they belong (under the
   * field at fault) rather than as a notification; they still reject with their message.
   */
  quietCodes?: readonly number[];
  /** true: no loading overlay however long it takes (background refreshes). */
  background?: boolean;
}

export interface RequestEnvironment {
  /** Where the API lives (tests point it elsewhere). */
  baseUrl: () => string;
  language: () => Language;
  agentCode: () => string;
  /** Forget the session (the session store's forced logout). */
  forgetSession: () => void;
  /** Go to a page of this app, or to an absolute URL. */
  navigate: (to: string) => void;
}

const defaultEnvironment: RequestEnvironment = {
  baseUrl: () => `${typeof location === "undefined" ? "" : location.origin}${API_BASE}`,
  language: () => DEFAULT_LANGUAGE,
  agentCode: () => "",
  forgetSession: () => {},
  navigate: (to) => location.assign(to),
};

let environment = defaultEnvironment;

/** Tells the client about the page it runs in (the console and login layouts call this). */
export function configureRequests(overrides: Partial<RequestEnvironment>): void {
  environment = { ...environment, ...overrides };
}

export function requestEnvironment(): RequestEnvironment {
  return environment;
}

/** A text of the request client in the current language. */
export function requestText(key: string, options?: Record<string, unknown>): string {
  const language = environment.language();
  if (!isLanguageLoaded(language)) return key;
  return i18nFor(language).t(`request.${key}`, options ?? {});
}

/** The code table first, then the server's msg, then the default (spec section 8). */
export function messageFor(code: number, msg: unknown): string {
  if (code === 401 || code === 403 || code === 404) return requestText(`codes.${code}`);
  if (typeof msg === "string" && msg) return msg;
  return requestText("codes.default");
}

/** Set while the "log in again" prompt is up, and after it sent the user to log in. */
let reloginShowing = false;

/** A new session exists: a later expiry may prompt again. */
export function resetReloginPrompt(): void {
  reloginShowing = false;
}

async function handleUnauthorized(): Promise<never> {
  const message = requestText("sessionExpired");
  if (!reloginShowing) {
    reloginShowing = true;
    void feedback()
      .confirmRelogin()
      .then((again) => {
        if (!again) {
          reloginShowing = false;
          return;
        }
        environment.forgetSession();
        const back = `${location.pathname}${location.search}`;
        environment.navigate(`/admin/login?redirect=${encodeURIComponent(back)}`);
      });
  }
  throw new RequestError("expired", message, 401);
}

export function buildUrl(url: string, params: Record<string, unknown> | undefined): string {
  const query = params ? toQueryString(params) : "";
  return `${environment.baseUrl()}${url}${query ? `${url.includes("?") ? "&" : "?"}${query}` : ""}`;
}

export function headersFor(options: RequestOptions, json: boolean): Headers {
  return apiHeaders({
    language: environment.language(),
    json,
    agentCode: environment.agentCode(),
    ...(options.withToken === undefined ? {} : { withToken: options.withToken }),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

/** Fetches with the 20 s timeout, the loading overlay, and transport failures told to the user. */
export async function send(
  url: string,
  init: RequestInit,
  background: boolean,
  loadingText: string,
  blocking: boolean,
) {
  let hide: (() => void) | undefined;
  const timer = background
    ? undefined
    : setTimeout(
        () => {
          hide = feedback().showLoading(loadingText, blocking);
        },
        blocking ? 0 : LOADING_DELAY_MS,
      );
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    if ((error as Error).name === "TimeoutError") throw new RequestError("timeout", "timeout"); // silent
    const message = requestText("network");
    feedback().error(message);
    throw new RequestError("network", message);
  } finally {
    clearTimeout(timer);
    hide?.();
  }
}

/**
 * Every call to the API goes through here (spec sections 7 and 8): base /prod-api, JSON, the
 * token, agent code and language headers, flattened GET parameters, the duplicate-submit guard,
 * the loading overlay, and one way of telling the user what went wrong. Resolves with the body
 * when its code is 200; otherwise rejects with a RequestError after the user has been told.
 */
export async function request<T = Record<string, unknown>>(options: RequestOptions): Promise<T> {
  const method = options.method ?? "GET";
  const hasBody = method !== "GET" && options.data !== undefined;
  if ((method === "POST" || method === "PUT") && options.repeatSubmit !== false) {
    if (isDuplicateSubmit(options.url, options.data)) {
      const message = requestText("duplicate");
      console.warn(`[${options.url}]: ${message}`);
      throw new RequestError("duplicate", message);
    }
  }
  const response = await send(
    buildUrl(options.url, options.params),
    { method, headers: headersFor(options, hasBody), body: hasBody ? JSON.stringify(options.data) : null },
    options.background === true,
    requestText("loading"),
    false,
  );
  let body: { code?: number; msg?: string } & Record<string, unknown>;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    const message = requestText("httpFailure", { status: response.status });
    feedback().error(message);
    throw new RequestError("http", message, response.status);
  }
  const code = typeof body.code === "number" ? body.code : 200;
  if (code === 200) return body as T;
  if (code === 401) return handleUnauthorized();
  const message = messageFor(code, body.msg);
  if (options.quietCodes?.includes(code)) throw new RequestError("code", message, code);
  if (code === 500) {
    if (!options.quiet) feedback().error(message);
  } else {
    feedback().notifyError(message);
  }
  throw new RequestError("code", message, code);
}
