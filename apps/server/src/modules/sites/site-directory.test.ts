import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { parseHost } from "./domain-name.ts";
import { createSite, updateSite } from "./service.ts";
import { SiteDirectory } from "./site-directory.ts";

let writer: Database & { url?: string };
let reader: Database;
let directory: SiteDirectory;

beforeAll(async () => {
  writer = await openTestDatabase();
  // On PostgreSQL the reader is a second connection pool, as a second server process would have.
  reader = writer.url ? await openDatabase({ databaseUrl: writer.url }) : writer;
  directory = new SiteDirectory(reader, 10 * 60_000);
  await directory.start();
});
afterAll(async () => {
  await directory.stop();
  if (reader !== writer) await reader.close();
  await writer.close();
});

it("drops a cached site when another process changes it", async () => {
  const site = await createSite(writer.db, {
    company: "Northwind Shield",
    themeColor: "#13c2c2",
    contactWay: "",
    agentCode: "NW",
    consoleDomain: "",
    logo1: "",
    webDomain: "",
    region: "",
    currency: "CNY",
    domains: ["northwind.example"],
  });
  const host = parseHost("northwind.example")!;
  expect((await directory.siteForHost(host))?.company).toBe("Northwind Shield");
  await updateSite(writer, site.siteId, { company: "Northwind Security" }, new Date());
  await expect.poll(async () => (await directory.siteForHost(host))?.company).toBe("Northwind Security");
});

it("answers many hosts without growing without bound", async () => {
  for (let i = 0; i < 50; i++) {
    expect((await directory.siteForHost(parseHost(`random-${i}.example.com`)!))?.siteId).toBeGreaterThan(0);
  }
});

it("answers a host whose record was being read when a change was announced", async () => {
  // The change's notice clears the cache while the read is under way (another request's change,
  // heard a moment later): the read is dropped, not its answer.
  const host = parseHost("northwind.example")!;
  directory.invalidate();
  const reading = directory.siteForHost(host);
  directory.invalidate();
  expect((await reading)?.company).toBe("Northwind Security");
});
