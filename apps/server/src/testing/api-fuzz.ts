import { gzipSync } from "node:zlib";
import fc from "fast-check";

/**
 * Hostile requests derived from the server's own OpenAPI document (/prod-api/docs/json): for every
 * operation, wrong and out-of-range path parameters, hostile query values, and bodies that are
 * empty, malformed, of the wrong type, deeply nested, oversized, not UTF-8, carrying NUL characters
 * or lone surrogates, `__proto__` keys, or the wrong content type; and, on a valid body sampled from
 * the operation's schema, each field in turn replaced by a hostile value. Deterministic: the same
 * document and seed give the same requests.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
};

interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, `{name}` for parameters. */
  path: string;
  public: boolean;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}

export interface FuzzRequest {
  /** What the request tries, for the report of a failure. */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        security?: unknown[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        public: !operation.security || operation.security.length === 0,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
}

const MAX_INT8 = "9223372036854775808";

/** Path parameter values, URL-encoded as they travel: out of range, not numbers, not UTF-8, traversal. */
const HOSTILE_PATH_VALUES = [
  "9999999999999999999999",
  "1e400",
  "-1",
  "0",
  "2147483648",
  MAX_INT8,
  "1.5",
  "NaN",
  "Infinity",
  "0x10",
  "abc",
  "%00",
  "1%00",
  "%ED%A0%80", // a lone surrogate, encoded as UTF-8 (not valid UTF-8)
  "%FF%FE",
  "%C0%AF",
  "..%2F..%2Fetc%2Fpasswd",
  "%27%20OR%201%3D1--",
  "%3Cscript%3E",
  "%0D%0ASet-Cookie:%20x=1",
  "__proto__",
  "x".repeat(4000),
];

/** Query values, URL-encoded: the path ones, and empty, blank and a value sent as an object. */
const HOSTILE_QUERY_VALUES = [...HOSTILE_PATH_VALUES, "", "%20", "%E2%80%AE", "%ud800"];

/** Whole bodies. */
function hostileBodies(): {
  label: string;
  contentType?: string;
  headers?: Record<string, string>;
  payload: string | Buffer;
}[] {
  const deepObject = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
  const deepArray = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
  const boundary = "----fuzz";
  const multipart = (filename: Buffer) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nimage\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
      filename,
      Buffer.from(`"\r\nContent-Type: image/png\r\n\r\n`),
      PNG_1X1,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const multipartType = `multipart/form-data; boundary=${boundary}`;
  return [
    { label: "empty JSON", contentType: "application/json", payload: "" },
    { label: "malformed JSON", contentType: "application/json", payload: '{"a":' },
    { label: "JSON null", contentType: "application/json", payload: "null" },
    { label: "JSON array", contentType: "application/json", payload: "[]" },
    { label: "JSON string", contentType: "application/json", payload: '"text"' },
    { label: "JSON number", contentType: "application/json", payload: "1e400" },
    { label: "JSON true", contentType: "application/json", payload: "true" },
    { label: "empty object", contentType: "application/json", payload: "{}" },
    { label: "deeply nested object", contentType: "application/json", payload: deepObject },
    { label: "deeply nested array", contentType: "application/json", payload: deepArray },
    { label: "2 MB body", contentType: "application/json", payload: `{"a":"${"x".repeat(2 * 1024 * 1024)}"}` },
    {
      label: "invalid UTF-8",
      contentType: "application/json",
      payload: Buffer.concat([
        Buffer.from('{"a":"'),
        Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80, 0xc0, 0xaf]),
        Buffer.from('"}'),
      ]),
    },
    { label: "raw NUL byte in a string", contentType: "application/json", payload: Buffer.from('{"a":"\u0000"}') },
    { label: "NUL key", contentType: "application/json", payload: '{"\\u0000":"\\u0000"}' },
    { label: "lone surrogate key", contentType: "application/json", payload: '{"\\ud800":"\\udfff"}' },
    { label: "__proto__", contentType: "application/json", payload: '{"__proto__":{"polluted":true}}' },
    {
      label: "constructor.prototype",
      contentType: "application/json",
      payload: '{"constructor":{"prototype":{"polluted":true}}}',
    },
    { label: "text/plain", contentType: "text/plain", payload: "hello\u0000" },
    {
      label: "form",
      contentType: "application/x-www-form-urlencoded",
      payload: "a=%00&__proto__[polluted]=1&b=%ED%A0%80&b=2",
    },
    { label: "octet-stream", contentType: "application/octet-stream", payload: Buffer.from([0, 1, 2, 0xff]) },
    {
      label: "JSON in UTF-16",
      contentType: "application/json; charset=utf-16",
      payload: Buffer.from('{"a":1}', "utf16le"),
    },
    { label: "unknown content type", contentType: "application/x-fuzz", payload: "x" },
    {
      label: "gzip that is not gzip",
      contentType: "application/json",
      headers: { "content-encoding": "gzip" },
      payload: Buffer.from("not gzip at all"),
    },
    {
      label: "gzip bomb (8 MB of zeros)",
      contentType: "application/json",
      headers: { "content-encoding": "gzip" },
      payload: gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20)),
    },
    {
      label: "unknown content encoding",
      contentType: "application/json",
      headers: { "content-encoding": "fuzz" },
      payload: "{}",
    },
    {
      label: "multipart, NUL in the file name",
      contentType: multipartType,
      payload: multipart(Buffer.from("a\u0000b.png")),
    },
    {
      label: "multipart, invalid UTF-8 file name",
      contentType: multipartType,
      payload: multipart(Buffer.from([0xed, 0xa0, 0x80, 0x2e, 0x70, 0x6e, 0x67])),
    },
    {
      label: "multipart, control characters in the file name",
      contentType: multipartType,
      payload: multipart(Buffer.from("a\r\nb\u0007.png")),
    },
    {
      label: "multipart, long file name",
      contentType: multipartType,
      payload: multipart(Buffer.from(`${"n".repeat(5000)}.png`)),
    },
    { label: "multipart, no boundary", contentType: "multipart/form-data", payload: "--x\r\n" },
    {
      label: "multipart, truncated",
      contentType: multipartType,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`,
    },
  ];
}

/** Values a field of a valid body is replaced with, as JSON text. */
const HOSTILE_FIELD_VALUES = [
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"a\\udfffb"',
  '"line\\nbreak\\r\\t\\u0007\\u001b[31m"',
  '"\\u202eevil"',
  `"${"x".repeat(100_000)}"`,
  '""',
  '"<script>alert(1)</script>"',
  '"\' OR 1=1 --"',
  "1e400",
  "-1e400",
  "9999999999999999999999",
  "-9999999999999999999999",
  "2147483648",
  "-1",
  "0",
  "1.5",
  "null",
  "true",
  "{}",
  "[]",
  '{"__proto__":{"polluted":true}}',
  `${"[".repeat(2000)}${"]".repeat(2000)}`,
];

/** The smallest PNG (one transparent pixel). */
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** Values that look like what a person would send, tried first for a field with a pattern. */
const FAMILIAR_VALUES = [
  "fuzz19",
  "fuzz_19",
  "Fuzz19",
  "FUZZ19",
  "fuzz.example.com",
  "202701010000000019",
  "CNY",
  "#006eff",
  "+8613800000019",
  "",
];

const FIXED_UUID = "0f5e7d1c-6f0a-4d6e-9b59-2f4c1f2b8a11";

/** A value that the schema accepts (as far as a small sampler can tell), the same for a seed. */
export function sampleOf(schema: JsonSchema, seed: number): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const branch = choices.find((choice) => choice.type !== "null") ?? choices[0];
    return branch ? sampleOf(branch, seed) : null;
  }
  if (schema.allOf?.[0]) return sampleOf(schema.allOf[0], seed);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) value[key] = sampleOf(property, seed);
      return value;
    }
    case "array": {
      if (!schema.items) return [];
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => sampleOf(schema.items!, seed));
    }
    case "integer":
    case "number": {
      let value = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      if (schema.maximum !== undefined && value > schema.maximum) value = schema.maximum;
      return value;
    }
    case "boolean":
      return false;
    case "null":
      return null;
    case "string":
      return sampleString(schema, seed);
    default:
      return "x";
  }
}

function sampleString(schema: JsonSchema, seed: number): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 64;
  const fits = (text: string) => text.length >= min && text.length <= max;
  switch (schema.format) {
    case "date-time":
      return "2027-01-01T00:00:00.000Z";
    case "date":
      return "2027-01-01";
    case "email":
      return "fuzz@example.com";
    case "uuid":
      return FIXED_UUID;
    case "uri":
      return "https://example.com/";
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, "u");
    const familiar = FAMILIAR_VALUES.find((value) => fits(value) && pattern.test(value));
    if (familiar !== undefined) return familiar;
    try {
      const matching = fc.sample(fc.stringMatching(pattern), { seed, numRuns: 50 });
      const found = matching.find(fits);
      if (found !== undefined) return found;
    } catch {
      // A pattern fast-check cannot generate from: fall back to plain text.
    }
  }
  // Letters and digits (a password needs both), as long as the schema asks.
  return "fuzz19".repeat(Math.ceil(Math.max(min, 1) / 6)).slice(0, Math.max(min, Math.min(max, 6)));
}

/** Values just outside what the schema accepts: one past its bounds, one character too long, a near miss of an enum. */
function boundaryValues(schema: JsonSchema | undefined): unknown[] {
  if (!schema) return [];
  const values: unknown[] = [];
  if (schema.maximum !== undefined) values.push(schema.maximum + 1);
  if (schema.minimum !== undefined) values.push(schema.minimum - 1);
  if (schema.maxLength !== undefined) values.push("x".repeat(schema.maxLength + 1));
  if (schema.minLength !== undefined && schema.minLength > 1) values.push("x".repeat(schema.minLength - 1));
  const choices = schema.enum ?? (schema.anyOf ?? schema.oneOf ?? []).map((choice) => choice.const ?? choice.enum?.[0]);
  const named = choices.find((choice) => typeof choice === "string");
  if (typeof named === "string") values.push(`${named.toUpperCase()}_`);
  const branch = (schema.anyOf ?? schema.oneOf)?.find((choice) => choice.type !== "null");
  return branch && branch !== schema && !schema.enum ? [...values, ...boundaryValues(branch)] : values;
}

/** The schema of the value at `path` inside a body (following properties, items and the first union branch). */
function schemaAt(schema: JsonSchema | undefined, path: (string | number)[]): JsonSchema | undefined {
  let node = schema;
  for (const key of path) {
    if (!node) return undefined;
    node = (node.anyOf ?? node.oneOf)?.find((choice) => choice.type === "object" || choice.type === "array") ?? node;
    node = typeof key === "number" ? node.items : node.properties?.[key];
  }
  return node;
}

/** The paths (keys, and the first item of arrays) of every value inside a body, to depth 4. */
function pathsOf(value: unknown, depth = 0, prefix: (string | number)[] = []): (string | number)[][] {
  if (depth >= 4 || value === null || typeof value !== "object") return [];
  const paths: (string | number)[][] = [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.length > 0
      ? [[0, value[0]]]
      : []
    : Object.entries(value);
  for (const [key, child] of entries) {
    const path = [...prefix, key];
    paths.push(path, ...pathsOf(child, depth + 1, path));
  }
  return paths;
}

const MARK = "\u0001fuzz-mark\u0001";

/** The body as JSON with the value at `path` replaced by the JSON text `replacement`. */
function withField(body: unknown, path: (string | number)[], replacement: string | undefined): string {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (replacement === undefined) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
    return JSON.stringify(copy);
  }
  node[last] = MARK;
  return JSON.stringify(copy).replace(JSON.stringify(MARK), () => replacement);
}

function urlOf(operation: Operation, pathValues: Record<string, string>, query: string): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) => pathValues[name] ?? "1");
  return query ? `${path}?${query}` : path;
}

/** Every hostile request for one operation, for a caller who can (`full`) or cannot get past its access check. */
export function fuzzRequests(operation: Operation, { seed, full }: { seed: number; full: boolean }): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const pathParams = operation.parameters.filter((p) => p.in === "path");
  const queryParams = operation.parameters.filter((p) => p.in === "query");
  const plausiblePath = Object.fromEntries(
    pathParams.map((p) => [p.name, encodeURIComponent(String(sampleOf(p.schema, seed)))]),
  );
  const plausibleQuery = queryParams
    .filter((p) => p.required && p.schema.default === undefined)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(sampleOf(p.schema, seed)))}`);
  const baseQuery = plausibleQuery.join("&");
  const hasBody = operation.method !== "GET";
  const baseBody = operation.body ? sampleOf(operation.body, seed) : undefined;
  const json = { "content-type": "application/json" };
  const base = (label: string, url: string, extra: Partial<FuzzRequest> = {}): FuzzRequest => ({
    label: `${operation.method} ${operation.path}: ${label}`,
    method: operation.method,
    url,
    headers: hasBody && baseBody !== undefined ? json : {},
    ...(hasBody && baseBody !== undefined ? { payload: JSON.stringify(baseBody) } : {}),
    ...extra,
  });

  requests.push(base("plausible request", urlOf(operation, plausiblePath, baseQuery)));
  const derived = (schema: JsonSchema) => boundaryValues(schema).map((value) => encodeURIComponent(String(value)));
  for (const param of pathParams) {
    for (const value of [...HOSTILE_PATH_VALUES, ...derived(param.schema)]) {
      requests.push(
        base(
          `path ${param.name}=${value.slice(0, 40)}`,
          urlOf(operation, { ...plausiblePath, [param.name]: value }, baseQuery),
        ),
      );
    }
  }
  const otherQuery = (name: string) => plausibleQuery.filter((pair) => !pair.startsWith(`${name}=`));
  for (const param of queryParams) {
    const name = encodeURIComponent(param.name);
    for (const value of [...HOSTILE_QUERY_VALUES, ...derived(param.schema)]) {
      const query = [...otherQuery(name), `${name}=${value}`].join("&");
      requests.push(base(`query ${param.name}=${value.slice(0, 40)}`, urlOf(operation, plausiblePath, query)));
    }
    const twice = [...otherQuery(name), `${name}=1`, `${name}=2`].join("&");
    requests.push(base(`query ${param.name} twice`, urlOf(operation, plausiblePath, twice)));
    const nested = [...otherQuery(name), `${name}[a]=1`].join("&");
    requests.push(base(`query ${param.name}[a]`, urlOf(operation, plausiblePath, nested)));
  }
  for (const pollution of ["__proto__[polluted]=1", "constructor[prototype][polluted]=1", "__proto__=1", "%00=%00"]) {
    const query = [baseQuery, pollution].filter(Boolean).join("&");
    requests.push(base(`query ${pollution}`, urlOf(operation, plausiblePath, query)));
  }

  const plausibleUrl = urlOf(operation, plausiblePath, baseQuery);
  // A GET's body is not read; a few are enough to prove it.
  const bodies = hostileBodies();
  for (const body of hasBody ? bodies : bodies.slice(0, 3)) {
    requests.push(
      base(body.label, plausibleUrl, {
        headers: { ...(body.contentType ? { "content-type": body.contentType } : {}), ...body.headers },
        payload: body.payload,
      }),
    );
  }

  // Field by field, on a valid body: only worth it for a caller who gets past the access check.
  if (full && hasBody && baseBody !== undefined) {
    for (const path of pathsOf(baseBody)) {
      const where = path.join(".");
      requests.push(base(`without ${where}`, plausibleUrl, { payload: withField(baseBody, path, undefined) }));
      const nearMisses = boundaryValues(schemaAt(operation.body, path)).map((value) => JSON.stringify(value));
      for (const value of [...HOSTILE_FIELD_VALUES, ...nearMisses]) {
        requests.push(
          base(`${where}=${value.slice(0, 40)}`, plausibleUrl, { payload: withField(baseBody, path, value) }),
        );
      }
    }
  }
  return requests;
}

/** A stack trace, a source path or a failed query's text: things an answer must never show. */
export const LEAK = /\n\s+at \S|node:internal|node_modules|\.ts:\d+|Failed query|DrizzleQueryError|syntax error at/i;
