import { SiteRecord } from "@rampart/contracts";
import { expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { TEST_TOKEN_SECRET, testConfig } from "../testing/test-app.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { lazySchemaCompilers } from "./lazy-schemas.ts";

it("compiles every route's schemas when asked to at start (none of them is broken)", async () => {
  const database = await openTestDatabase();
  try {
    const app = await buildApp({
      config: testConfig(),
      database,
      tokenSecret: TEST_TOKEN_SECRET,
      compileSchemasAtStart: true,
    });
    await app.ready();
    expect(app.printRoutes().length).toBeGreaterThan(0);
    await app.close();
  } finally {
    await database.close();
  }
});

it("validates, coerces and writes answers the same when the schemas compile on first use", async () => {
  const database = await openTestDatabase();
  const app = await buildApp({ config: testConfig(), database, tokenSecret: TEST_TOKEN_SECRET });
  try {
    // A query validated on its first request: refused in the caller's language.
    const refused = await app.inject({
      url: "/prod-api/system/common/getSysByDomain",
      headers: { "accept-language": "zh-CN" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(/[\u4e00-\u9fff]/);
    // The same validator again (compiled now), then one that passes.
    expect((await app.inject({ url: "/prod-api/system/common/getSysByDomain" })).statusCode).toBe(400);
    const found = await app.inject({ url: "/prod-api/system/common/getSysByDomain?domainName=localhost" });
    expect(found.statusCode).toBe(200);
    // The answer is written by its response schema: the envelope and the record's fields.
    expect(Object.keys(found.json()).sort()).toEqual(["code", "data", "msg"]);
    expect(Object.keys(found.json().data).sort()).toEqual(Object.keys(SiteRecord.properties).sort());
  } finally {
    await app.close();
    await database.close();
  }
});

it("compiles in the background what no request needed yet, and stops when told to", async () => {
  const route = (name: string) => ({
    schema: { type: "object", properties: { [name]: { type: "integer" } } },
    method: "GET",
    url: `/${name}`,
    httpPart: "querystring",
  });
  const make = () => {
    const schemas = lazySchemaCompilers();
    const compile = schemas.compilersFactory.buildValidator!({}, { customOptions: { coerceTypes: "array" } } as never);
    return { schemas, validators: ["a", "b", "c"].map((name) => compile(route(name) as never)) };
  };
  const quiet = async () => {};

  const { schemas, validators } = make();
  // The first is needed by a request: compiled then, and coerces as Fastify's own would.
  const query = { a: "7" };
  expect(validators[0]!(query)).toBe(true);
  expect(query.a).toBe(7);
  expect(await schemas.compileWaiting(quiet, () => false)).toBe(2);
  expect(await schemas.compileWaiting(quiet, () => false)).toBe(0);
  expect(validators[1]!({ b: "x" })).toBe(false);
  expect((validators[1] as unknown as { errors: { instancePath: string }[] }).errors[0]!.instancePath).toBe("/b");

  const closing = make();
  expect(await closing.schemas.compileWaiting(quiet, () => true)).toBe(0);
});
