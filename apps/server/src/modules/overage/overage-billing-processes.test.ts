import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { bizOrder, bizService, bizUsageMonth, sysSite } from "../../db/schema.ts";
import { createUser } from "../../testing/accounts.ts";
import { addBuckets, addCdnService } from "../../testing/overage-test-data.ts";
import { openTestDatabase } from "../../testing/test-database.ts";

// Burstable billing run by three processes at once on one PostgreSQL database (issue 40): each
// package's month is billed once, whichever process gets there first. (On the embedded database
// one process owns the data: there is no second process to race.)
const run = promisify(execFile);
const script = fileURLToPath(new URL("../../testing/overage-billing-process.ts", import.meta.url));
const PACKAGES = 6;
let database: Database & { url?: string };
const serviceIds: number[] = [];

describe.skipIf(!process.env.TEST_DATABASE_URL)("overage billing in several processes", () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    await db.update(sysSite).set({ timeZone: "Asia/Shanghai", currency: "CNY" }).where(eq(sysSite.isDefault, true));
    const userId = await createUser(db, { userName: "raced-buyer", password: "Raced-pass-2026" });
    // Six packages of 100 Mbps that went to 150 Mbps for a day of November (in Shanghai).
    for (let n = 0; n < PACKAGES; n++) {
      const { serviceId } = await addCdnService(db, {
        name: `raced-${n}`,
        userId,
        bandwidth: 100,
        createdAt: new Date("2026-10-20T00:00:00Z"),
      });
      await addBuckets(db, serviceId, "2026-11-10T00:00:00Z", 288, 150);
      serviceIds.push(serviceId);
    }
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("places one overage order per package and month when three processes bill at once", async () => {
    const at = "2026-11-30T19:00:00Z";
    const answers = await Promise.all(
      [1, 2, 3].map(() => run(process.execPath, [script, database.url!, at], { timeout: 60_000 })),
    );
    const runs = answers.map((answer) => JSON.parse(answer.stdout.trim().split("\n").at(-1)!));
    // No package failed in any process (a unique index refusing a second order would say so).
    expect(runs.flatMap((r) => r.failures)).toEqual([]);
    expect(runs.reduce((sum, r) => sum + r.billed, 0)).toBe(PACKAGES);
    for (const serviceId of serviceIds) {
      const orders = await database.db
        .select({ orderNo: bizOrder.orderNo, amount: bizOrder.amount })
        .from(bizOrder)
        .innerJoin(bizService, eq(bizService.orderNo, bizOrder.serviceOrderNo))
        .where(and(eq(bizService.serviceId, serviceId), eq(bizOrder.action, "overage")));
      expect(orders).toHaveLength(1);
      const [month] = await database.db
        .select()
        .from(bizUsageMonth)
        .where(and(eq(bizUsageMonth.serviceId, serviceId), eq(bizUsageMonth.month, "2026-11-01")));
      expect(month?.overageOrderNo).toBe(orders[0]!.orderNo);
    }
    // Run again by all three: nothing more.
    const again = await Promise.all(
      [1, 2, 3].map(() => run(process.execPath, [script, database.url!, "2026-12-01T05:00:00Z"], { timeout: 60_000 })),
    );
    expect(again.map((answer) => JSON.parse(answer.stdout.trim().split("\n").at(-1)!).billed)).toEqual([0, 0, 0]);
  }, 120_000);
});
