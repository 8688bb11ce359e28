import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client.ts";
import { userIdOf } from "../../testing/accounts.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { SessionDirectory } from "./sessions.ts";

let writer: Database & { url?: string };
let reader: Database;
let here: SessionDirectory;
let there: SessionDirectory;

beforeAll(async () => {
  writer = await openTestDatabase();
  // On PostgreSQL the second directory uses its own pool, as a second server process would.
  reader = writer.url ? await openDatabase({ databaseUrl: writer.url }) : writer;
  // A long cache lifetime: only the change notification can make the other process forget.
  here = new SessionDirectory(writer, { sessionTtlMs: 3_600_000, cacheTtlMs: 3_600_000, now: () => new Date() });
  there = new SessionDirectory(reader, { sessionTtlMs: 3_600_000, cacheTtlMs: 3_600_000, now: () => new Date() });
  await here.start();
  await there.start();
});
afterAll(async () => {
  await here.stop();
  await there.stop();
  if (reader !== writer) await reader.close();
  await writer.close();
});

it("ends a session on every process at once when one process revokes it", async () => {
  const userId = await userIdOf(writer.db, "admin");
  const { sessionId } = await here.create(userId, { ip: "127.0.0.1", userAgent: "test" });
  expect((await there.principal(sessionId, userId))?.roles).toEqual(["admin"]); // cached there now
  expect(await here.revoke(sessionId, "forced")).toBe(true);
  await expect.poll(() => there.principal(sessionId, userId), { timeout: 10_000 }).toBeNull();
  expect(await here.principal(sessionId, userId)).toBeNull();
});

it("refuses a session for another user id than the token names", async () => {
  const userId = await userIdOf(writer.db, "admin");
  const { sessionId } = await here.create(userId, { ip: "127.0.0.1", userAgent: "test" });
  expect(await here.principal(sessionId, userId + 1)).toBeNull();
});

it("reads a session once for a burst of requests that find it missing from the cache", async () => {
  const userId = await userIdOf(writer.db, "admin");
  const { sessionId } = await here.create(userId, { ip: "127.0.0.1", userAgent: "test" });
  // The database as the directories below see it, counting the reads they start.
  let reads = 0;
  const db = new Proxy(writer.db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== "select" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        reads++;
        return value.apply(target, args);
      };
    },
  });
  const opened: SessionDirectory[] = [];
  const directory = async () => {
    const fresh = new SessionDirectory({ ...writer, db } as Database, {
      sessionTtlMs: 3_600_000,
      now: () => new Date(),
    });
    await fresh.start();
    opened.push(fresh);
    return fresh;
  };
  try {
    await (await directory()).principal(sessionId, userId);
    const oneRead = reads;
    expect(oneRead).toBeGreaterThan(0);

    reads = 0;
    const burst = await directory();
    const principals = await Promise.all(Array.from({ length: 50 }, () => burst.principal(sessionId, userId)));
    expect(principals.every((principal) => principal?.userId === userId)).toBe(true);
    expect(reads).toBe(oneRead);

    // A request that comes after a logout does not wait for a read begun before it.
    const other = await directory();
    const begun = other.principal(sessionId, userId);
    await other.revoke(sessionId, "logout");
    expect(await other.principal(sessionId, userId)).toBeNull();
    await begun;
  } finally {
    for (const opening of opened) await opening.stop();
  }
});
