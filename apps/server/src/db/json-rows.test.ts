import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-database.ts";
import type { Database } from "./client.ts";
import { completedRow, filledColumns, jsonRows } from "./json-rows.ts";
import { bizOrder, sysOperLog, sysUser } from "./schema.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("rows inserted as one JSON parameter", () => {
  it("store what Drizzle's own multi-row INSERT stores: values, nulls, JSON, times, and the defaults of what is left out", async () => {
    const at = new Date("2026-11-28T03:04:05.678Z");
    const rows = [
      { module: "order", route: "POST /a", userName: "ana", ip: "10.0.0.1", statusCode: 200, costMs: 3 },
      {
        module: "lead",
        route: "POST /b",
        target: { leadId: 7, nested: { list: [1, "two", null] } },
        userId: 42,
        userName: "",
        siteId: 3,
        ip: "::1",
        statusCode: 400,
        error: 'quoted "text", a backslash \\ and 中文',
        body: "a JSON string",
        before: null,
        after: { n: 1.5 },
        costMs: 0,
        createdAt: at,
      },
    ];
    const viaJson = await database.db.insert(sysOperLog).select(jsonRows(sysOperLog, rows)).returning();
    const viaValues = await database.db.insert(sysOperLog).values(rows).returning();
    const comparable = (row: typeof sysOperLog.$inferSelect) => {
      const { operId: _id, createdAt, ...rest } = row;
      return { ...rest, at: createdAt.getTime() === at.getTime() ? "given" : "default" };
    };
    expect(viaJson.map(comparable)).toEqual(viaValues.map(comparable));
    expect(viaJson.map(comparable)[0]).toMatchObject({ target: {}, error: "", body: null, at: "default" });
    expect(viaJson[1]).toMatchObject({ target: rows[1]!.target, body: "a JSON string", createdAt: at });
    // Ids from the table's sequence, each its own.
    const ids = [...viaJson, ...viaValues].map((row) => row.operId);
    expect(new Set(ids).size).toBe(4);
    const stored = await database.db.select().from(sysOperLog).where(inArray(sysOperLog.operId, ids));
    expect(stored).toHaveLength(4);
  });

  it("give back whole rows from what was sent and what the database filled in", async () => {
    const [admin] = await database.db
      .select({ userId: sysUser.userId })
      .from(sysUser)
      .where(eq(sysUser.userName, "admin"));
    const order = (orderNo: string, extra: Partial<typeof bizOrder.$inferInsert> = {}) => ({
      orderNo,
      userId: admin!.userId,
      siteId: null,
      product: "waf",
      action: "new",
      configuration: { bandwidth: 100, duration: "month-1" } as never,
      currency: "USD",
      originalPrice: 1200,
      discount: 200,
      amount: 1000,
      payMethod: "offline",
      idempotencyKey: randomUUID(),
      createdAt: new Date("2026-11-28T03:04:05.678Z"),
      ...extra,
    });
    await database.db.insert(bizOrder).values(order("20261128J000000001"));
    // One statement of three rows, the middle one refused (its order number is taken).
    const sent = [
      order("20261128J000000002", { agentCode: "A-7", status: "paid", paidAt: new Date("2026-11-28T04:00:00.000Z") }),
      order("20261128J000000001"),
      order("20261128J000000003", { couponDeduction: 50, isTrial: true }),
    ];
    const filled = await database.db
      .insert(bizOrder)
      .select(jsonRows(bizOrder, sent))
      .onConflictDoNothing()
      .returning({ ...filledColumns(bizOrder), orderNo: bizOrder.orderNo });
    expect(filled.map((row) => row.orderNo)).toEqual(["20261128J000000002", "20261128J000000003"]);
    for (const row of filled) {
      const completed = completedRow(bizOrder, sent.find((values) => values.orderNo === row.orderNo)!, row);
      const [stored] = await database.db.select().from(bizOrder).where(eq(bizOrder.orderNo, row.orderNo));
      expect(completed).toEqual(stored);
    }
  });

  it("builds the same statement whatever the number of rows", () => {
    const row = { module: "m", route: "r", userName: "", ip: "", statusCode: 0, costMs: 0 };
    const text = (count: number) =>
      database.db
        .insert(sysOperLog)
        .select(
          jsonRows(
            sysOperLog,
            Array.from({ length: count }, () => row),
          ),
        )
        .toSQL();
    expect(text(1).sql).toBe(text(100).sql);
    expect(text(100).params.length).toBe(text(1).params.length);
  });
});
