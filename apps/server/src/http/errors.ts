import { TEXT_PATTERNS } from "@rampart/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isDatabaseUnavailable } from "../db/database-unavailable.ts";
import { requestFieldWords } from "./field-labels.ts";
import { languageOfRequest } from "./language.ts";
import { requestSummary } from "./log-summary.ts";
import { type MessageKey, type MessageParams, translate } from "./messages.ts";

/** An error a service or guard throws on purpose; the handler turns it into `{code, msg}`. */
export class AppError extends Error {
  readonly status: number;
  readonly key: MessageKey;
  readonly params: MessageParams;
  constructor(status: number, key: MessageKey, params: MessageParams = {}) {
    super(key);
    this.name = "AppError";
    this.status = status;
    this.key = key;
    this.params = params;
  }
}

export class BadRequestError extends AppError {
  constructor(key: MessageKey = "bad_request", params?: MessageParams) {
    super(400, key, params);
  }
}
export class NotFoundError extends AppError {
  constructor(key: MessageKey = "not_found", params?: MessageParams) {
    super(404, key, params);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(key: MessageKey = "service_unavailable", params?: MessageParams) {
    super(503, key, params);
  }
}

/** How long a client is asked to wait after a 503 (a database restart, a moment of overload). */
export const RETRY_AFTER_SECONDS = 5;

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The wire path of the field an ajv error is about (["cacheRules", "0", "ttlSeconds"]). */
function pathOf(error: AjvError): string[] {
  const path = error.instancePath
    .split("/")
    .slice(1)
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
  const child = (error.params.missingProperty ?? error.params.additionalProperty) as string | undefined;
  return child === undefined ? path : [...path, child];
}

/**
 * One clear sentence for the first schema violation, naming the field in words in the caller's
 * language (field-labels.ts), never by its wire name.
 */
function validationMessage(
  error: AjvError,
  context: string | undefined,
  request: FastifyRequest,
): [MessageKey, MessageParams] {
  const field = requestFieldWords(request, pathOf(error), context);
  const limit = error.params.limit as number;
  switch (error.keyword) {
    case "required":
      return ["field_required", { field }];
    case "minLength":
      return limit === 1 ? ["field_required", { field }] : ["field_too_short", { field, limit }];
    case "maxLength":
      return ["field_too_long", { field, limit }];
    case "minimum":
    case "exclusiveMinimum":
    case "minItems":
      return ["field_too_small", { field, limit }];
    case "maximum":
    case "exclusiveMaximum":
    case "maxItems":
      return ["field_too_big", { field, limit }];
    case "type":
      return ["field_wrong_type", { field }];
    case "additionalProperties":
      return ["field_not_accepted", { field }];
    case "pattern":
      return TEXT_PATTERNS.includes(error.params.pattern as string)
        ? ["field_control_characters", { field }]
        : ["field_invalid", { field }];
    default:
      return ["field_invalid", { field }];
  }
}

/** Fastify's own errors that a caller can cause, mapped to our messages. */
function frameworkMessage(error: FastifyError): [MessageKey, MessageParams] | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return ["invalid_json", {}];
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return ["body_too_large", { limit: "1 MB" }];
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return ["unsupported_media_type", { type: "?" }];
    case "FST_ERR_BAD_URL":
      return ["bad_url", {}];
    default:
      return undefined;
  }
}

const STATUS_MESSAGES: Record<number, MessageKey> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  429: "too_many_requests",
  503: "service_unavailable",
};

/**
 * The one road for errors: typed errors, schema failures and framework errors become `{code, msg}`
 * in the caller's language, the HTTP status mirrors the code, and a 5xx never shows its details
 * (they go to the log with the request). A database that cannot be reached (restarting, cut off)
 * is a 503 with Retry-After, as every 503 is: the client may simply try again.
 */
export function sendError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  let status: number;
  let key: MessageKey;
  let params: MessageParams = {};
  const fastifyError = error as FastifyError;
  if (error instanceof AppError) {
    status = error.status;
    key = error.key;
    params = error.params;
  } else if (fastifyError.validation && fastifyError.validation.length > 0) {
    status = 400;
    [key, params] = validationMessage(fastifyError.validation[0] as AjvError, fastifyError.validationContext, request);
  } else if (fastifyError.statusCode && fastifyError.statusCode < 500) {
    status = fastifyError.statusCode;
    const mapped = frameworkMessage(fastifyError);
    if (mapped) [key, params] = mapped;
    else key = STATUS_MESSAGES[status] ?? "bad_request";
    if (fastifyError.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
      params = { type: request.headers["content-type"] ?? "" };
  } else if (isDatabaseUnavailable(error)) {
    status = 503;
    key = "database_interrupted";
  } else {
    status = 500;
    key = "internal";
  }
  if (status === 503) reply.header("retry-after", String(RETRY_AFTER_SECONDS));
  // The log keeps a summary of the request, never its body (see log-summary.ts for the error's).
  if (status >= 500) request.log.error({ err: error, request: requestSummary(request) }, "request failed");
  else request.log.info({ status, reason: key, request: requestSummary(request) }, "request refused");
  return reply
    .code(status)
    .type("application/json; charset=utf-8")
    .send({ code: status, msg: translate(request.language, key, params), requestId: request.id });
}

/**
 * Fastify's own refusals made before a route is found (a path that is not valid percent-encoding):
 * the same road, in the caller's language (the language hook has not run yet).
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.language = languageOfRequest(request);
  return sendError(error, request, reply);
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => sendError(error as FastifyError, request, reply));
  },
  { name: "errors", dependencies: ["language"] },
);
