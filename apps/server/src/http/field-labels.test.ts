import { randomUUID } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import { LANGUAGES } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysConfig } from "../db/schema.ts";
import { REGISTRATION_SETTING } from "../modules/auth/service.ts";
import { createUser, signIn } from "../testing/accounts.ts";
import { openTestApp, type TestApp } from "../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../testing/test-database.ts";
import { fieldWords, KEYED_FIELDS, labelOf } from "./field-labels.ts";

/** A property a route's schema declares: where, and its wire path ("cacheRules", "0", "path"). */
interface Declared {
  route: string;
  url: string;
  path: string[];
}

type Schema = Record<string, unknown> | undefined;

/**
 * Every property of a schema, as Ajv reports its path: a property by its name, an array's item by
 * its index, a key of a record (patternProperties, additionalProperties) by a key of its own.
 */
function walk(schema: Schema, path: string[], found: (path: string[]) => void, keyed: (path: string[]) => void) {
  if (!schema || typeof schema !== "object") return;
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    found([...path, name]);
    walk(child, [...path, name], found, keyed);
  }
  const records = Object.values((schema.patternProperties ?? {}) as Record<string, Schema>);
  if (typeof schema.additionalProperties === "object") records.push(schema.additionalProperties as Schema);
  for (const child of records) {
    keyed(path);
    walk(child, [...path, "some-key"], found, keyed);
  }
  const items = [schema.items, ...((schema.prefixItems as Schema[] | undefined) ?? [])].flat() as Schema[];
  for (const child of items) walk(child, [...path, "0"], found, keyed);
  for (const key of ["anyOf", "oneOf", "allOf"])
    for (const child of (schema[key] as Schema[] | undefined) ?? []) walk(child, path, found, keyed);
}

const PARTS: Record<string, string> = {
  body: "body",
  querystring: "querystring",
  query: "querystring",
  params: "params",
};

let t: TestApp;
const declared: Declared[] = [];
const keyedUnder: Declared[] = [];

/** Fastify announces each instance it makes: the test watches the app's routes as they are declared. */
const initialization = diagnostics.channel("fastify.initialization");

beforeAll(async () => {
  const watch = (message: unknown) => {
    // Only the app this test opens.
    initialization.unsubscribe(watch);
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook("onRoute", (route: RouteOptions) => {
      const schema = (route.schema ?? {}) as Record<string, Schema>;
      for (const method of ([] as string[]).concat(route.method)) {
        for (const [name, part] of Object.entries(PARTS)) {
          const where = { route: `${method} ${route.url} ${part}`, url: route.url };
          walk(
            schema[name],
            [],
            (path) => declared.push({ ...where, path }),
            (path) => keyedUnder.push({ ...where, path }),
          );
        }
      }
    });
  };
  initialization.subscribe(watch);
  try {
    t = await openTestApp({ metricsToken: "field-labels-metrics-token" });
  } finally {
    initialization.unsubscribe(watch);
  }
});
afterAll(() => t.close());

describe("the field labels", () => {
  it("name every property of every route's body, query string and path parameters in all five languages", () => {
    // The walk found the routes' schemas (a walk that found nothing would prove nothing).
    expect(declared.length).toBeGreaterThan(500);
    expect(declared.some((field) => field.path.join(".") === "cacheRules.0.ttlSeconds")).toBe(true);

    const missing = new Set<string>();
    for (const field of declared) {
      const label = labelOf(field.path, field.url);
      const leaf = field.path.at(-1)!;
      const complete =
        label !== undefined &&
        LANGUAGES.every((language) => typeof label[language] === "string" && label[language].trim() !== "");
      if (!complete) missing.add(`${leaf} (${field.route}: ${field.path.join(".")})`);
      else if (LANGUAGES.some((language) => label[language] === leaf))
        missing.add(`${leaf} is labelled with its own wire name (${field.route})`);
    }
    expect([...missing].sort()).toEqual([]);
  });

  it("know every field whose keys are data rather than field names", () => {
    expect(keyedUnder.some((field) => field.path.join(".") === "catalogue.products")).toBe(true);
    const unknown = keyedUnder
      .filter((field) => !KEYED_FIELDS.has(field.path.at(-1) ?? ""))
      .map((field) => `${field.path.join(".")} (${field.route})`);
    expect(unknown).toEqual([]);
  });

  it("read naturally for a field in a list, in a text per language and under a keyed field", () => {
    const rule = labelOf(["cacheRules", "0", "path"]);
    expect(rule?.en).toBe("Path prefix (Cache rules, item 1)");
    expect(rule?.["zh-CN"]).toBe("路径前缀（缓存规则第 1 项）");
    expect(labelOf(["cacheRules", "2", "ttlSeconds"])?.vi).toBe("Thời gian cache (giây) (Quy tắc cache, mục thứ 3)");
    expect(labelOf(["originAddresses", "1"])?.id).toBe("Alamat server asal (entri ke-2)");
    expect(labelOf(["roleName", "zh-TW"])?.["zh-TW"]).toBe("角色名稱（繁體中文）");
    expect(labelOf(["roleName", "en"])?.en).toBe("Role name (English)");
    expect(labelOf(["catalogue", "products", "ddos", "editions", "1", "regions", "mainland"])?.en).toBe(
      "Region prices (Packages, item 2)",
    );
    expect(labelOf(["catalogue", "products", "cdn", "editions", "0", "quantities", "domains", "max"])?.en).toBe(
      "Maximum (Quantities)",
    );
    // A route may give a name its own meaning: the apply form's name is a person's.
    expect(labelOf(["name"], "/prod-api/lead/apply")?.["zh-CN"]).toBe("姓名");
    expect(labelOf(["name"], "/prod-api/control/monitors")?.["zh-CN"]).toBe("名称");
  });

  it("never give a field's wire name, even for a field without a label", () => {
    expect(fieldWords(["favouriteColour"]).labelled).toBe(false);
    expect(fieldWords(["favouriteColour"]).words.en).toBe("A field of the form");
    expect(fieldWords(["cacheRules", "0", "colour"]).words["zh-CN"]).toBe("缓存规则中的某个字段");
    expect(fieldWords(["constructor"]).words.vi).toBe("Một trường trong biểu mẫu");
    expect(fieldWords([], { part: "querystring" }).words.id).toBe("Parameter kueri");
  });
});

describe("a refused form names its fields in words, in the caller's language", () => {
  let customer: Record<string, string>;
  let orderNo = "";
  let domainId = 0;
  const settings = { originAddresses: ["203.0.113.10"], originProtocol: "https", originPort: 443 };

  beforeAll(async () => {
    await createUser(t.database.db, { userName: "minh.anh", password: "Minh-anh-pass-27" });
    customer = await signIn(t.app, "minh.anh", "Minh-anh-pass-27");
    const admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
    const bought = await t.app.inject({
      method: "POST",
      url: "/prod-api/order/trade/order/createOrder",
      headers: customer,
      payload: {
        product: "cdn",
        configuration: "edition=mainland&domains=2",
        action: "new",
        payMethod: "offline",
        idempotencyKey: randomUUID(),
      },
    });
    orderNo = bought.json().data.orderNo;
    const paid = await t.app.inject({
      method: "POST",
      url: `/prod-api/order/trade/order/confirmOffline/${orderNo}`,
      headers: admin,
      payload: {},
    });
    expect(paid.json().code, paid.body).toBe(200);
    const added = await t.app.inject({
      method: "POST",
      url: `/prod-api/control/services/${orderNo}/domains`,
      headers: customer,
      payload: { name: "www.banh-mi.example" },
    });
    expect(added.json().code, added.body).toBe(200);
    domainId = added.json().data.domainId;
  });

  const saveSettings = (payload: object, language: string) =>
    t.app.inject({
      method: "PUT",
      url: `/prod-api/control/services/${orderNo}/domains/${domainId}`,
      headers: { ...customer, "accept-language": language },
      payload,
    });

  it("the domain settings: a missing origin port, and a cache rule without its path", async () => {
    const { originPort: _left, ...withoutPort } = settings;
    const chinese = await saveSettings(withoutPort, "zh-CN");
    expect(chinese.statusCode).toBe(400);
    expect(chinese.json().msg).toBe("源站端口不能为空");
    const vietnamese = await saveSettings(withoutPort, "vi");
    expect(vietnamese.json().msg).toBe("Cổng máy chủ gốc là bắt buộc");

    const rules = { ...settings, cacheRules: [{ path: "/static/", ttlSeconds: 600 }, { ttlSeconds: 60 }] };
    const taiwanese = await saveSettings(rules, "zh-TW");
    expect(taiwanese.json().msg).toBe("請填寫路徑前綴（快取規則第 2 項）");
    const indonesian = await saveSettings({ ...settings, originPort: 70_000 }, "id");
    expect(indonesian.json().msg).toBe("Port server asal maksimal 65535");
    for (const response of [chinese, vietnamese, taiwanese, indonesian])
      expect(response.json().msg).not.toMatch(/originPort|cacheRules|path/);
    // Nothing was saved.
    const view = await t.app.inject({ url: `/prod-api/control/services/${orderNo}/domains`, headers: customer });
    expect(view.json().data.domains[0].originPort).not.toBe(70_000);
  });

  it("the registration form", async () => {
    await t.database.db
      .update(sysConfig)
      .set({ configValue: "true" })
      .where(eq(sysConfig.configKey, REGISTRATION_SETTING));
    const register = (payload: object, language: string) =>
      t.app.inject({
        method: "POST",
        url: "/prod-api/auth/register",
        headers: { "accept-language": language },
        payload,
      });
    const short = await register({ username: "ngoc.lan", password: "short1", email: "lan@example.vn" }, "zh-CN");
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe("密码长度不能少于 8 个字符");
    const email = await register({ username: "ngoc.lan", password: "Ngoc-lan-2027", email: "lan at home" }, "vi");
    expect(email.json().msg).toBe("Email không hợp lệ");
    const name = await register({ username: "x", password: "Ngoc-lan-2027", email: "lan@example.vn" }, "en");
    expect(name.json().msg).toBe("User name is not valid");
  });

  it("the enquiry form, and a field no form has", async () => {
    const apply = (payload: string, language: string) =>
      t.app.inject({
        method: "POST",
        url: "/prod-api/lead/apply",
        headers: { "accept-language": language, "content-type": "application/json" },
        payload,
      });
    const noPhone = await apply(
      JSON.stringify({ name: "Lan", email: "lan@example.vn", address: "Hà Nội", content: "CDN" }),
      "vi",
    );
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().msg).toBe("Số điện thoại là bắt buộc");
    const longName = await apply(
      JSON.stringify({
        name: "兰".repeat(201),
        email: "lan@example.vn",
        phone: "+84901234567",
        address: "",
        content: "",
      }),
      "zh-CN",
    );
    expect(longName.json().msg).toBe("姓名长度不能超过 200 个字符");
    // A key of no form's, carrying a NUL character: refused without its name.
    const stray = await apply(
      `{"name":"Lan","email":"lan@example.vn","phone":"+84901234567","address":"","content":"","secretKey\\u0000":1}`,
      "en",
    );
    expect(stray.statusCode).toBe(400);
    expect(stray.json().msg).toBe(
      "A field of the form contains characters that cannot be stored (a NUL character or an unpaired surrogate)",
    );
  });
});
