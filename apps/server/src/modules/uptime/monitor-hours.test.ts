import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { bizMonitor, bizMonitorResult } from "../../db/schema.ts";
import { userIdOf } from "../../testing/accounts.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { countInHour, recountRecentHours, uptimeSince } from "./monitor-hours.ts";

let database: Database;
let monitorId = 0;

/** Checks over three hours (UTC): the failures at 09:30 and 10:20. */
const CHECKS = [
  ["08:10", true],
  ["08:40", true],
  ["09:05", true],
  ["09:30", false],
  ["09:55", true],
  ["10:20", false],
  ["10:45", true],
] as const;
const at = (time: string) => new Date(`2027-03-01T${time}:00Z`);

beforeAll(async () => {
  database = await openTestDatabase();
  const [row] = await database.db
    .insert(bizMonitor)
    .values({
      userId: await userIdOf(database.db, "admin"),
      name: "Shop",
      url: "https://shop.example/",
      method: "GET",
      expectedStatus: 200,
      keyword: "",
      intervalSeconds: 300,
      enabled: false,
      nextCheckAt: at("08:00"),
      createdAt: at("08:00"),
    })
    .returning({ monitorId: bizMonitor.monitorId });
  monitorId = row!.monitorId;
  for (const [time, ok] of CHECKS) {
    const check = { monitorId, checkedAt: at(time), ok, responseMs: 100 };
    await database.db.insert(bizMonitorResult).values({ ...check, statusCode: ok ? 200 : 503 });
    await countInHour(database.db, check);
  }
});
afterAll(async () => {
  await database.close();
});

/** The share of successful checks at or after `since`, counted from the checks one by one. */
function expected(since: Date, checks: readonly (readonly [string, boolean])[] = CHECKS): number {
  const kept = checks.filter(([time]) => at(time) >= since);
  return Math.round((kept.filter(([, ok]) => ok).length / kept.length) * 1000) / 10;
}

it("counts exactly the checks since a moment, on an hour's start or within an hour", async () => {
  // On a boundary (hours only), within an hour (its checks from that moment on, then whole hours),
  // on a check itself (counted), and within the last hour.
  for (const time of ["08:00", "08:30", "09:05", "09:06", "09:45", "10:00", "10:30"]) {
    const uptime = await uptimeSince(database.db, [monitorId], at(time));
    expect(uptime.get(monitorId), time).toBe(expected(at(time)));
  }
  // The cases differ from each other: a count off by a check or an hour would show.
  expect(new Set(["08:00", "09:06", "09:45", "10:30"].map((time) => expected(at(time)))).size).toBe(4);
});

it("counts again, from the checks, a check kept without its count", async () => {
  // As a process of the earlier version would keep it during a rolling upgrade.
  await database.db.insert(bizMonitorResult).values({ monitorId, checkedAt: at("09:40"), ok: false, responseMs: 0 });
  const withIt = [...CHECKS, ["09:40", false] as const];
  expect((await uptimeSince(database.db, [monitorId], at("09:00"))).get(monitorId)).toBe(expected(at("09:00")));
  // An hour is made again once it has been over for five minutes: at 10:04 the 09:00 hour is not.
  expect(await recountRecentHours(database.db, new Date("2027-03-01T10:04:00Z"))).toBe(1);
  expect((await uptimeSince(database.db, [monitorId], at("09:00"))).get(monitorId)).toBe(expected(at("09:00")));
  expect(await recountRecentHours(database.db, new Date("2027-03-01T10:05:00Z"))).toBe(2);
  expect((await uptimeSince(database.db, [monitorId], at("09:00"))).get(monitorId)).toBe(expected(at("09:00"), withIt));
  // Made again, the hours stay the same: nothing is counted twice.
  expect(await recountRecentHours(database.db, new Date("2027-03-01T11:05:00Z"))).toBe(2);
  expect((await uptimeSince(database.db, [monitorId], at("08:00"))).get(monitorId)).toBe(expected(at("08:00"), withIt));
});
