import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysSiteDomain } from "../../db/schema.ts";
import { signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
const as: Record<string, Record<string, string>> = {};
type Site = {
  siteId: number;
  company: string;
  agentCode: string;
  domains: string[];
  isDefault: boolean;
  users: number;
};
const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const sites = async (headers = as.admin!) =>
  (await call("GET", "/prod-api/system/site/list", headers)).json().data as Site[];
const brandFor = async (domainName: string) =>
  (await call("GET", `/prod-api/system/common/getSysByDomain?domainName=${domainName}`, {})).json().data as {
    company: string;
    themeColor: string;
  };
const body = (over: Record<string, unknown> = {}) => ({
  company: "Mekong Shield",
  themeColor: "#0F766E",
  contactWay: "+84 28 7300 9999",
  logo1: "",
  webDomain: "mekong.example",
  consoleDomain: "console.mekong.example",
  region: "VN",
  agentCode: "MEKONG",
  currency: "VND",
  domains: ["mekong.example", "WWW.Mekong.example"],
  ...over,
});

beforeAll(async () => {
  t = await openTestApp();
  as.lotus = await signInDemoSiteOperator(t.app, t.database.db);
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

describe("sites in the console", () => {
  it("lists every site with its host names for an administrator, and their own for a site's operator", async () => {
    const all = await sites();
    expect(all.length).toBe(2);
    expect(all.find((s) => s.isDefault)).toBeDefined();
    const lotus = all.find((s) => s.agentCode === "LOTUS")!;
    expect(lotus.domains).toContain("demo.localhost");
    expect(lotus.users).toBe(1);
    expect((await sites(as.lotus)).map((s) => s.agentCode)).toEqual(["LOTUS"]);
  });

  it("creates a site whose domains show its brand at once", async () => {
    expect((await brandFor("www.mekong.example")).company).not.toBe("Mekong Shield");
    const created = await call("POST", "/prod-api/system/site", as.admin!, body());
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({
      domains: ["mekong.example", "www.mekong.example"],
      themeColor: "#0f766e",
      // Its own invoice numbers, after its agent code; its documents are receipts until told otherwise.
      billing: { invoicePrefix: "MEKONG-", documentTitle: "receipt" },
    });
    expect(await brandFor("www.mekong.example")).toMatchObject({ company: "Mekong Shield", themeColor: "#0f766e" });
  });

  it("refuses a taken domain or agent code, a bad domain, an IP, an unsafe logo, and writes nothing", async () => {
    const before = (await sites()).length;
    const taken = await call(
      "POST",
      "/prod-api/system/site",
      as.admin!,
      body({ agentCode: "OTHER", domains: ["Mekong.example"] }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe("The domain mekong.example already belongs to another site");
    expect(
      (await call("POST", "/prod-api/system/site", as.admin!, body({ domains: ["new.example"], agentCode: "mekong" })))
        .statusCode,
    ).toBe(409);
    for (const bad of [
      { domains: ["bad domain"] },
      { domains: ["10.0.0.1"] },
      { logo1: "javascript:alert(1)" },
      { themeColor: "red" },
    ]) {
      const response = await call(
        "POST",
        "/prod-api/system/site",
        as.admin!,
        body({ agentCode: "X1", domains: ["x1.example"], ...bad }),
      );
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await sites()).length).toBe(before);
    expect(
      (await call("POST", "/prod-api/system/site", as.lotus!, body({ agentCode: "X2", domains: [] }))).statusCode,
    ).toBe(403);
  });

  it("lets a site's operator re-brand their own site (not its domains or channel), and no other", async () => {
    const all = await sites();
    const lotus = all.find((s) => s.agentCode === "LOTUS")!;
    const mekong = all.find((s) => s.agentCode === "MEKONG")!;
    const changed = await call(
      "PUT",
      `/prod-api/system/site/${lotus.siteId}`,
      as.lotus!,
      body({
        company: "Lotus Shield Pro",
        themeColor: "#7C3AED",
        agentCode: "HIJACK",
        domains: ["mekong.example"],
        currency: "USD",
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      company: "Lotus Shield Pro",
      agentCode: "LOTUS",
      domains: lotus.domains,
    });
    expect(await brandFor("demo.localhost")).toMatchObject({ company: "Lotus Shield Pro", themeColor: "#7c3aed" });
    expect((await call("PUT", `/prod-api/system/site/${mekong.siteId}`, as.lotus!, body())).statusCode).toBe(404);
  });

  it("edits the default site as it was seeded: it answers for every host and address no other site claims", async () => {
    const byDefault = (await sites()).find((s) => s.isDefault)!;
    // Host names only: no address (the site could not be saved while it had one).
    expect(byDefault.domains).toEqual(["localhost"]);
    const renamed = await call(
      "PUT",
      `/prod-api/system/site/${byDefault.siteId}`,
      as.admin!,
      body({
        company: "Kestrel Networks",
        agentCode: "",
        webDomain: "",
        consoleDomain: "",
        domains: ["kestrel.example"],
      }),
    );
    expect(renamed.statusCode).toBe(200);
    for (const host of ["kestrel.example", "localhost", "127.0.0.1", "unclaimed.example"]) {
      expect((await brandFor(host)).company).toBe("Kestrel Networks");
    }
    expect((await brandFor("demo.localhost")).company).not.toBe("Kestrel Networks");
  });

  it("takes the addresses out of a default site seeded by an earlier version, which can then be saved", async () => {
    const db = t.database.db;
    const byDefault = (await sites()).find((s) => s.isDefault)!;
    await db.insert(sysSiteDomain).values([
      { domainName: "127.0.0.1", siteId: byDefault.siteId },
      { domainName: "::1", siteId: byDefault.siteId },
    ]);
    // The console sends back the site's domains as listed: an address among them is refused.
    const save = async () => {
      const domains = (await sites()).find((s) => s.isDefault)!.domains;
      const update = {
        ...body(),
        company: byDefault.company,
        agentCode: "",
        webDomain: "",
        consoleDomain: "",
        domains,
      };
      return (await call("PUT", `/prod-api/system/site/${byDefault.siteId}`, as.admin!, update)).statusCode;
    };
    expect(await save()).toBe(400);
    const migration = readFileSync(
      new URL("../../../drizzle/0028_default_site_addresses.sql", import.meta.url),
      "utf8",
    );
    await db.execute(sql.raw(migration));
    expect((await sites()).find((s) => s.isDefault)!.domains).toEqual(byDefault.domains);
    expect(await save()).toBe(200);
    // It still answers for the addresses: every host no other site claims is its own.
    expect((await brandFor("127.0.0.1")).company).toBe(byDefault.company);
  });

  it("deletes a site without users or orders, never the default one", async () => {
    const all = await sites();
    const byDefault = all.find((s) => s.isDefault)!;
    const lotus = all.find((s) => s.agentCode === "LOTUS")!;
    const mekong = all.find((s) => s.agentCode === "MEKONG")!;
    expect((await call("DELETE", `/prod-api/system/site/${byDefault.siteId}`, as.admin!)).statusCode).toBe(409);
    expect((await call("DELETE", `/prod-api/system/site/${lotus.siteId}`, as.admin!)).statusCode).toBe(409);
    expect((await call("DELETE", `/prod-api/system/site/${mekong.siteId}`, as.admin!)).statusCode).toBe(200);
    expect((await brandFor("mekong.example")).company).toBe(byDefault.company);
  });
});

describe("a site's own contact details", () => {
  const contacts = {
    presales: { phone: "+84 28 7300 1111", email: "sales@lotus.example", address: "", hours: "" },
    aftersales: { phone: "", email: "", address: "", hours: "" },
    emergency: " +84 90 000 0000 ",
  };
  const lotusSite = async () => (await sites()).find((s) => s.agentCode === "LOTUS")!;
  const lotusBody = async (over: Record<string, unknown>) => {
    const site = (await sites()).find((s) => s.agentCode === "LOTUS") as unknown as Record<string, unknown>;
    const { siteId, isDefault, users, createTime, ...rest } = site;
    return { ...rest, ...over };
  };

  it("are kept trimmed, served with the site's branding, and fill the contact page over the settings", async () => {
    const { siteId } = await lotusSite();
    const saved = await call("PUT", `/prod-api/system/site/${siteId}`, as.lotus!, await lotusBody({ contacts }));
    expect(saved.statusCode).toBe(200);
    const brand = (await brandFor("demo.localhost")) as unknown as { contacts: typeof contacts };
    expect(brand.contacts.presales.phone).toBe("+84 28 7300 1111");
    expect(brand.contacts.emergency).toBe("+84 90 000 0000");
    const { loadContacts } = await import("../configs/contacts.ts");
    const general = await loadContacts(t.database.db);
    const page = await loadContacts(t.database.db, brand.contacts);
    expect(page.presales.phone).toBe("+84 28 7300 1111");
    expect(page.presales.email).toBe("sales@lotus.example");
    expect(page.presales.address).toBe(general.presales.address);
    expect(page.aftersales).toEqual(general.aftersales);
    expect(page.emergency).toBe("+84 90 000 0000");
  });

  it("are left as they are when a change does not mention them, and a malformed one is refused", async () => {
    const { siteId } = await lotusSite();
    expect((await call("PUT", `/prod-api/system/site/${siteId}`, as.admin!, await lotusBody({}))).statusCode).toBe(200);
    expect(
      ((await brandFor("demo.localhost")) as unknown as { contacts: typeof contacts }).contacts.presales.email,
    ).toBe("sales@lotus.example");
    const bad = await call(
      "PUT",
      `/prod-api/system/site/${siteId}`,
      as.admin!,
      await lotusBody({ contacts: { ...contacts, presales: { ...contacts.presales, email: "not an address" } } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe("E-mail (Pre-sales) is not valid");
  });
});
