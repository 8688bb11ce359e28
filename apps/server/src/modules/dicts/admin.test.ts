import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
const as: Record<string, Record<string, string>> = {};
const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const served = async (type: string, language = "en") =>
  (
    await t.app.inject({
      url: `/prod-api/system/dict/data/type/${type}`,
      headers: { ...as.admin!, "accept-language": language },
    })
  ).json().data as { dictLabel: string; dictValue: string }[];
const datum = (over: Record<string, unknown> = {}) => ({
  dictType: "ticket_priority",
  dictLabel: { en: "Urgent", vi: "Khẩn cấp" },
  dictValue: "urgent",
  dictSort: 1,
  listClass: "danger",
  cssClass: "",
  isDefault: false,
  status: "0",
  ...over,
});

beforeAll(async () => {
  t = await openTestApp();
  as.lotus = await signInDemoSiteOperator(t.app, t.database.db);
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

describe("dictionaries in the console", () => {
  it("adds a dictionary and its values, served at once with labels in the caller's language", async () => {
    const created = await call("POST", "/prod-api/system/dict/type", as.admin!, {
      dictType: "ticket_priority",
      dictName: { en: "Ticket priority" },
      status: "0",
    });
    expect(created.statusCode).toBe(200);
    expect((await call("POST", "/prod-api/system/dict/data", as.admin!, datum())).statusCode).toBe(200);
    expect(await served("ticket_priority", "vi")).toMatchObject([{ dictLabel: "Khẩn cấp", dictValue: "urgent" }]);
    expect(await served("ticket_priority", "id")).toMatchObject([{ dictLabel: "Urgent" }]);
    const types = (await call("GET", "/prod-api/system/dict/type/list", as.admin!)).json().data;
    expect(types.find((d: { dictType: string }) => d.dictType === "ticket_priority")).toMatchObject({
      values: 1,
      builtIn: false,
    });
  });

  it("refuses a taken value or type, a bad colour or key, and keeps the built-in dictionaries", async () => {
    expect((await call("POST", "/prod-api/system/dict/data", as.admin!, datum())).statusCode).toBe(409);
    expect(
      (await call("POST", "/prod-api/system/dict/data", as.admin!, datum({ dictValue: "x", listClass: "pink" })))
        .statusCode,
    ).toBe(400);
    expect(
      (await call("POST", "/prod-api/system/dict/data", as.admin!, datum({ dictType: "nope", dictValue: "x" })))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call("POST", "/prod-api/system/dict/type", as.admin!, {
          dictType: "Bad Type",
          dictName: { en: "x" },
          status: "0",
        })
      ).statusCode,
    ).toBe(400);
    const builtIn = await call("DELETE", "/prod-api/system/dict/type/sys_normal_disable", as.admin!);
    expect(builtIn.statusCode).toBe(409);
    // Operators may read the dictionaries, not change them.
    expect((await call("GET", "/prod-api/system/dict/type/list", as.lotus!)).statusCode).toBe(200);
    expect((await call("POST", "/prod-api/system/dict/data", as.lotus!, datum({ dictValue: "y" }))).statusCode).toBe(
      403,
    );
  });

  it("edits a value and deletes a dictionary with its values", async () => {
    const [value] = (await call("GET", "/prod-api/system/dict/data/list?dictType=ticket_priority", as.admin!)).json()
      .data;
    const edited = await call(
      "PUT",
      `/prod-api/system/dict/data/${value.dictCode}`,
      as.admin!,
      datum({ dictLabel: { en: "Critical" } }),
    );
    expect(edited.statusCode).toBe(200);
    expect(await served("ticket_priority")).toMatchObject([{ dictLabel: "Critical" }]);
    expect((await call("DELETE", "/prod-api/system/dict/type/ticket_priority", as.admin!)).statusCode).toBe(200);
    expect(await served("ticket_priority")).toEqual([]);
  });
});
