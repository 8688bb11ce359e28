import { AjvCompiler } from "@fastify/ajv-compiler";
import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";
import type { FastifyServerOptions } from "fastify";

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]>;
type ValidatorFactory = NonNullable<CompilersFactory["buildValidator"]>;
type SerializerFactory = NonNullable<CompilersFactory["buildSerializer"]>;
/** An Ajv validator `(data, parent)` or a fast-json-stringify serializer `(data)`. */
type AnyFunction = (data: unknown, parent?: unknown) => unknown;

/** What `lazySchemaCompilers` gives: the compilers for Fastify, and the background compilation. */
export interface LazySchemas {
  compilersFactory: CompilersFactory;
  /**
   * Compiles what no request has needed yet, one schema at a time, each after `beforeEach`
   * resolves (a quiet moment) and a turn of the event loop; stops early when `stopped()` says so.
   * Resolves with how many it compiled.
   */
  compileWaiting(beforeEach: () => Promise<void>, stopped: () => boolean): Promise<number>;
}

/**
 * Fastify's own compilers (the same Ajv options and fast-json-stringify), each route's schema
 * compiled on the first request that needs it or, once the server listens, in the background
 * between requests, instead of all of them before it listens: compiling some three hundred routes'
 * schemas was a fifth of a start. What is compiled, and so how a request is validated or an answer
 * written, is unchanged (the server's tests compile every route's schemas at start, so a broken one
 * still fails them).
 *
 * Fastify treats these as custom compilers, and so does not lower-case the names in a `headers`
 * schema: no route validates headers; one that does must name them in lower case.
 */
export function lazySchemaCompilers(): LazySchemas {
  const buildValidator = AjvCompiler() as unknown as ValidatorFactory;
  const buildSerializer = SerializerSelector() as unknown as SerializerFactory;
  // The schemas not compiled yet, each by the function that compiles it.
  const waiting = new Set<() => unknown>();
  return {
    compilersFactory: {
      buildValidator: (externalSchemas, options) => {
        const compile = buildValidator(externalSchemas, options);
        return (route) =>
          lazily(() => compile(route) as AnyFunction, waiting, { validator: true }) as unknown as ReturnType<
            typeof compile
          >;
      },
      buildSerializer: (externalSchemas, options) => {
        const compile = buildSerializer(externalSchemas, options);
        return (route) =>
          lazily(() => compile(route) as AnyFunction, waiting, { validator: false }) as (data: unknown) => string;
      },
    },
    async compileWaiting(beforeEach, stopped) {
      let compiled = 0;
      for (const compile of waiting) {
        await beforeEach();
        await new Promise((resolve) => setImmediate(resolve));
        if (stopped()) break;
        // A request may have compiled it meanwhile.
        if (!waiting.has(compile)) continue;
        compile();
        compiled++;
      }
      return compiled;
    },
  };
}

/**
 * A function that compiles on its first call (or when `waiting` gets to it) and then is the
 * compiled one. A validator also passes on what Fastify reads from Ajv's function: `errors` after a
 * failure, and `schemaEnv` (whose presence makes Fastify pass the parent object, so that Ajv can
 * coerce a root value).
 */
function lazily(compile: () => AnyFunction, waiting: Set<() => unknown>, { validator }: { validator: boolean }) {
  let compiled: AnyFunction | undefined;
  const ready = (): AnyFunction => {
    if (!compiled) {
      compiled = compile();
      waiting.delete(ready);
    }
    return compiled;
  };
  waiting.add(ready);
  // Two fixed arguments, no rest array: this runs for every validated request and written answer.
  const call = (data: unknown, parent?: unknown) => (compiled ?? ready())(data, parent);
  if (validator) {
    Object.defineProperty(call, "errors", { get: () => (compiled as { errors?: unknown } | undefined)?.errors });
    Object.defineProperty(call, "schemaEnv", { get: () => (ready() as { schemaEnv?: unknown }).schemaEnv });
  }
  return call;
}
