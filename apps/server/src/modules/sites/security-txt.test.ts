import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SITE } from "../../seed/seed.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { updateConfig } from "../configs/admin.ts";
import { SECURITY_EMAIL_KEY } from "../configs/contacts.ts";
import { createSite } from "./service.ts";

let t: TestApp;
let clock = new Date("2026-03-10T15:04:05.678Z");

const securityTxt = (host: string) => t.app.inject({ url: "/.well-known/security.txt", headers: { host } });
const fields = (text: string) => text.trimEnd().split("\r\n");
const setSecurityEmail = (configValue: string) =>
  updateConfig(
    t.database.db,
    SECURITY_EMAIL_KEY,
    { configValue, configName: { en: "Security contact e-mail (security.txt)" } },
    clock,
  );

beforeAll(async () => {
  t = await openTestApp({ now: () => clock });
  await createSite(t.database.db, {
    ...DEMO_SITE,
    company: "Harbor Guard",
    agentCode: "HARBOR",
    consoleDomain: "console.harborguard.com.cn",
    webDomain: "www.harborguard.com.cn",
    domains: ["harborguard.com.cn", "shop.example.org", "203.0.113.7"],
    contacts: {
      presales: { phone: "", email: "sales@harborguard.com.cn", address: "", hours: "" },
      aftersales: { phone: "", email: "soc@harborguard.com.cn", address: "", hours: "" },
      emergency: "",
    },
  });
});
afterAll(() => t.close());

describe("GET /.well-known/security.txt (RFC 9116)", () => {
  it("describes the site of the domain from its record: contacts, expiry, languages, canonical addresses", async () => {
    const res = await securityTxt("www.harborguard.com.cn");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(fields(res.body)).toEqual([
      "Contact: mailto:security@rampart.example",
      "Contact: mailto:soc@harborguard.com.cn",
      "Expires: 2026-04-09T00:00:00Z",
      "Preferred-Languages: en, zh-CN, zh-TW, id, vi",
      "Canonical: https://www.harborguard.com.cn/.well-known/security.txt",
      "Canonical: https://console.harborguard.com.cn/.well-known/security.txt",
      "Canonical: https://harborguard.com.cn/.well-known/security.txt",
      "Canonical: https://shop.example.org/.well-known/security.txt",
    ]);
    expect(res.body.endsWith("\r\n")).toBe(true);
  });

  it("is the same file on each of the site's domains, whatever the Host says beyond the site", async () => {
    const web = await securityTxt("www.harborguard.com.cn");
    for (const host of ["SHOP.example.org:8443", "console.harborguard.com.cn", "cdn.harborguard.com.cn"]) {
      expect((await securityTxt(host)).body).toBe(web.body);
    }
  });

  it("never names the request's host: an unknown host gets the default site's file", async () => {
    const res = await securityTxt("evil.example");
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("evil.example");
    // The default site answers for localhost and IP addresses only: no https address to give.
    expect(fields(res.body)).toEqual([
      "Contact: mailto:security@rampart.example",
      "Contact: mailto:support@rampart.example",
      "Expires: 2026-04-09T00:00:00Z",
      "Preferred-Languages: en, zh-CN, zh-TW, id, vi",
    ]);
  });

  it("keeps its expiry a month ahead as days pass", async () => {
    clock = new Date("2026-12-31T23:59:59Z");
    expect(fields((await securityTxt("www.harborguard.com.cn")).body)).toContain("Expires: 2027-01-30T00:00:00Z");
    clock = new Date("2026-03-10T15:04:05.678Z");
  });

  it("falls back to the support address, then the sales one, when no security address is set", async () => {
    await setSecurityEmail("");
    try {
      expect(fields((await securityTxt("www.harborguard.com.cn")).body).slice(0, 2)).toEqual([
        "Contact: mailto:soc@harborguard.com.cn",
        "Expires: 2026-04-09T00:00:00Z",
      ]);
      await updateConfig(
        t.database.db,
        "contact.aftersales.email",
        { configValue: "", configName: { en: "After-sales e-mail" } },
        clock,
      );
      expect(fields((await securityTxt("localhost")).body)[0]).toBe("Contact: mailto:sales@rampart.example");
      // A setting that is not one address is not copied into the file.
      await setSecurityEmail("sec@rampart.example\r\nCanonical: https://evil.example/");
      const res = await securityTxt("localhost");
      expect(res.body).not.toContain("evil.example");
      expect(fields(res.body)[0]).toBe("Contact: mailto:sales@rampart.example");
    } finally {
      await setSecurityEmail("security@rampart.example");
      await updateConfig(
        t.database.db,
        "contact.aftersales.email",
        { configValue: "support@rampart.example", configName: { en: "After-sales e-mail" } },
        clock,
      );
    }
  });

  it("answers at the legacy location with a redirect to the well-known one", async () => {
    const res = await t.app.inject({ url: "/security.txt", headers: { host: "www.harborguard.com.cn" } });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/.well-known/security.txt");
  });
});
