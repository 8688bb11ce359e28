import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { BadRequestError } from "./errors.ts";
import { requestFieldWords } from "./field-labels.ts";
import { isStorable, storable } from "./storable-text.ts";

/** How deep a request's input may nest (no form of this API nests half as deep). */
export const MAX_INPUT_DEPTH = 32;

type Problem = { field: string; key: "field_bad_characters" | "field_too_deep" | "field_not_finite" };

/**
 * The first problem in a request's input (depth first, without recursion, so that no nesting can
 * overflow the stack): `check` decides about each string (and key) or number.
 */
function firstProblem(
  root: unknown,
  check: (value: string | number) => Problem["key"] | undefined,
): Problem | undefined {
  // Most requests carry no parameters or no query at all: nothing to walk, nothing to allocate.
  if (isEmptyObject(root)) return undefined;
  const pending: [unknown, string, number][] = [[root, "", 0]];
  while (pending.length > 0) {
    const [value, field, depth] = pending.pop()!;
    if (typeof value === "string" || typeof value === "number") {
      const key = check(value);
      if (key) return { field, key };
      continue;
    }
    if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { field, key: "field_too_deep" };
    const entries = Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [name, child] = entries[index]!;
      const childField = field ? `${field}.${storable(name)}` : storable(name);
      const keyProblem = check(name);
      if (keyProblem) return { field: childField, key: keyProblem };
      pending.push([child, childField, depth + 1]);
    }
  }
  return undefined;
}

function isEmptyObject(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  for (const _ in value) return false;
  return true;
}

/**
 * A body parsed into data (JSON, a form, text): not the stream the web app's catch-all route
 * leaves unread for its renderer (a form posted without JavaScript), whose properties are the
 * socket's and are no input at all.
 */
function isParsedBody(body: unknown): boolean {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return true;
  const prototype = Object.getPrototypeOf(body);
  return prototype === Object.prototype || prototype === null;
}

const unstorableText = (value: string | number) =>
  typeof value === "string" && !isStorable(value) ? ("field_bad_characters" as const) : undefined;
const infiniteNumber = (value: string | number) =>
  typeof value === "number" && !Number.isFinite(value) ? ("field_not_finite" as const) : undefined;

/** The refusal, naming the field in words (field-labels.ts), never by the name it came with. */
function refusal(request: FastifyRequest, part: string, problem: Problem): BadRequestError {
  const path = problem.field === "" ? [] : problem.field.split(".");
  return new BadRequestError(problem.key, { field: requestFieldWords(request, path, part), limit: MAX_INPUT_DEPTH });
}

/**
 * The refusal for the first problem in the parts of a request a route reads (path parameters,
 * query and parsed body), or undefined.
 */
function problemIn(
  request: FastifyRequest,
  check: (value: string | number) => Problem["key"] | undefined,
): BadRequestError | undefined {
  const params = firstProblem(request.params, check);
  if (params) return refusal(request, "params", params);
  const query = firstProblem(request.query, check);
  if (query) return refusal(request, "querystring", query);
  const body = isParsedBody(request.body) ? firstProblem(request.body, check) : undefined;
  return body ? refusal(request, "body", body) : undefined;
}

/**
 * What every request's input must be, whatever its route's schema says, before the route sees it:
 * no NUL character and no lone surrogate in any string or key (PostgreSQL's text and JSON cannot
 * hold them, and nobody types them), nesting at most MAX_INPUT_DEPTH deep, and, after validation,
 * no infinite number (Ajv's type coercion turns "1e400" into Infinity and then skips the number's
 * bounds). Refused with 400 naming the field in words, in the caller's language. The per-field rules
 * (single-line text and the like) are the schemas' (packages/contracts, field-kinds.ts).
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("preValidation", (request, _reply, done) => {
      done(problemIn(request, unstorableText));
    });
    app.addHook("preHandler", (request, _reply, done) => {
      done(problemIn(request, infiniteNumber));
    });
  },
  { name: "input-guard", dependencies: ["errors"] },
);
