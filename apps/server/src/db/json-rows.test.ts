import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-database.ts";
import type { Database } from "./client.ts";
import { completedRow, filledColumns, jsonRows } from "./json-rows.ts";
import { sysOperLog } from "./schema.ts";

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
    const sent = [
      { module: "order", route: "POST /a", userName: "ana", ip: "10.0.0.1", statusCode: 200, costMs: 3 },
      { module: "lead", route: "POST /b", userName: "", ip: "::1", statusCode: 0, costMs: 0, target: { leadId: 7 } },
    ];
    for (const row of sent) {
      const [filled] = await database.db
        .insert(sysOperLog)
        .select(jsonRows(sysOperLog, [row]))
        .returning(filledColumns(sysOperLog));
      const completed = completedRow(sysOperLog, row, filled!);
      const [stored] = await database.db.select().from(sysOperLog).where(eq(sysOperLog.operId, completed.operId));
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
