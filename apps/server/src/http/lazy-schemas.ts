import { AjvCompiler } from "@fastify/ajv-compiler";
import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";
import type { FastifyServerOptions } from "fastify";

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]>;
type ValidatorFactory = NonNullable<CompilersFactory["buildValidator"]>;
type SerializerFactory = NonNullable<CompilersFactory["buildSerializer"]>;
type AnyFunction = (...args: never[]) => unknown;

/**
 * Fastify's own compilers (the same Ajv options and fast-json-stringify), each route's schema
 * compiled on the first request that needs it instead of all of them at start: compiling some
 * three hundred schemas was a fifth of a start, and most routes of a process are never called in
 * its first minutes. What is compiled, and so how a request is validated or an answer written, is
 * unchanged (the server's tests compile every route's schemas at start, so a broken one still fails them).
 *
 * Fastify treats these as custom compilers, and so does not lower-case the names in a `headers`
 * schema: no route validates headers; one that does must name them in lower case.
 */
export function lazySchemaCompilers(): CompilersFactory {
  const buildValidator = AjvCompiler() as unknown as ValidatorFactory;
  const buildSerializer = SerializerSelector() as unknown as SerializerFactory;
  return {
    buildValidator: (externalSchemas, options) => {
      const compile = buildValidator(externalSchemas, options);
      return (route) =>
        lazily(() => compile(route) as AnyFunction, { validator: true }) as unknown as ReturnType<typeof compile>;
    },
    buildSerializer: (externalSchemas, options) => {
      const compile = buildSerializer(externalSchemas, options);
      return (route) => lazily(() => compile(route) as AnyFunction, { validator: false }) as (data: unknown) => string;
    },
  };
}

/**
 * A function that compiles on its first call and then is the compiled one. A validator also
 * passes on what Fastify reads from Ajv's function: `errors` after a failure, and `schemaEnv`
 * (whose presence makes Fastify pass the parent object, so that Ajv can coerce a root value).
 */
function lazily(compile: () => AnyFunction, { validator }: { validator: boolean }) {
  let compiled: AnyFunction | undefined;
  const call = (...args: never[]) => {
    compiled ??= compile();
    return compiled(...args);
  };
  if (validator) {
    Object.defineProperty(call, "errors", { get: () => (compiled as { errors?: unknown } | undefined)?.errors });
    Object.defineProperty(call, "schemaEnv", {
      get: () => {
        compiled ??= compile();
        return (compiled as { schemaEnv?: unknown }).schemaEnv;
      },
    });
  }
  return call;
}
