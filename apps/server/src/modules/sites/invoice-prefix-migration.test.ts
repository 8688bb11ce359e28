import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { bizInvoice, bizInvoiceSequence, sysSite, sysUser } from "../../db/schema.ts";
import { serverFile } from "../../server-files.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { createSite } from "./service.ts";

// Migration 0048: the demo brand of an installation seeded before sites were numbered after their
// agent code kept INV-, the default site's sequence, so its first receipt was INV-000002. It moves
// to LOTUS- while nothing has been issued under it; a site whose numbers are on paper keeps them.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const migration = readFileSync(serverFile("drizzle", "0053_site_invoice_prefix_from_agent_code.sql"), "utf8");
const migrate = () => database.db.execute(sql.raw(migration));
const prefixOf = async (agentCode: string) =>
  (await database.db.select().from(sysSite).where(eq(sysSite.agentCode, agentCode)))[0]!.invoicePrefix;
const setPrefix = (agentCode: string, invoicePrefix: string) =>
  database.db.update(sysSite).set({ invoicePrefix }).where(eq(sysSite.agentCode, agentCode));
const site = (company: string, agentCode: string) =>
  createSite(database.db, {
    company,
    themeColor: "#11a983",
    contactWay: "",
    agentCode,
    consoleDomain: "",
    logo1: "",
    webDomain: "",
    region: "VN",
    currency: "VND",
    domains: [],
  });

it("numbers the seeded demo brand after its agent code when it has issued nothing", async () => {
  expect(await prefixOf("LOTUS")).toBe("LOTUS-"); // a new installation's
  await setPrefix("LOTUS", "INV-"); // an installation seeded before the rule
  await migrate();
  expect(await prefixOf("LOTUS")).toBe("LOTUS-");
  // Run again, nothing moves.
  await migrate();
  expect(await prefixOf("LOTUS")).toBe("LOTUS-");
});

it("keeps INV- on a site that has issued documents under it", async () => {
  const { siteId } = await site("Mekong Guard", "MEKONG");
  await setPrefix("MEKONG", "INV-");
  const [admin] = await database.db.select().from(sysUser).limit(1);
  await database.db.insert(bizInvoiceSequence).values({ prefix: "INV-", kind: "invoice", lastNo: 1 });
  await database.db.insert(bizInvoice).values({
    invoiceNo: "INV-000001",
    kind: "invoice",
    siteId,
    userId: admin!.userId,
    orderNo: "202611290000000001",
    snapshot: {} as never,
    currency: "VND",
    total: 100_000,
    issuedAt: new Date("2026-11-29T00:00:00Z"),
  });
  await migrate();
  expect(await prefixOf("MEKONG")).toBe("INV-");
});

it("leaves a site on INV- when its agent code's prefix is already another's", async () => {
  await site("Delta Shield", "DELTA");
  await setPrefix("DELTA", "INV-");
  await setPrefix("LOTUS", "DELTA-"); // an operator gave the demo brand that prefix
  await migrate();
  expect(await prefixOf("DELTA")).toBe("INV-");
  expect(await prefixOf("LOTUS")).toBe("DELTA-");
  // A prefix numbers were once issued under is not taken either.
  await setPrefix("LOTUS", "LOTUS-");
  await database.db.insert(bizInvoiceSequence).values({ prefix: "DELTA-", kind: "invoice", lastNo: 3 });
  await migrate();
  expect(await prefixOf("DELTA")).toBe("INV-");
});

it("leaves the default site, which has no agent code, on INV-", async () => {
  expect((await database.db.select().from(sysSite).where(eq(sysSite.isDefault, true)))[0]!.invoicePrefix).toBe("INV-");
});
