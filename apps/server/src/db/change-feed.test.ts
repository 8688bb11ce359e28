import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SessionDirectory } from "../modules/auth/sessions.ts";
import { SiteDirectory } from "../modules/sites/site-directory.ts";
import { userIdOf } from "../testing/accounts.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { ANYTHING_MAY_HAVE_CHANGED, ChangeFeed } from "./change-feed.ts";
import { type Database, openDatabase } from "./client.ts";
import { sysSite } from "./schema.ts";

// Two server processes on one PostgreSQL database hear each other's changes through LISTEN. What
// happens when the listening connection is lost (PostgreSQL restarted, the network dropped it) is
// tested here by ending that connection from the server side, as a restart does.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let writer: Database & { url?: string };
let reader: Database;

beforeAll(async () => {
  writer = await openTestDatabase();
  if (writer.url) reader = await openDatabase({ databaseUrl: writer.url });
});
afterAll(async () => {
  await reader?.close();
  await writer.close();
});

/** Ends the listening connections of this database (by their application name), as a restart would. */
async function dropListeners(applicationName: string): Promise<void> {
  await writer.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${applicationName} and datname = current_database()`,
  );
}

describe.skipIf(!onPostgres)("change notifications between processes, on PostgreSQL", () => {
  it("come back after the listening connection is lost, and every cache is told to forget", async () => {
    const heard: string[] = [];
    const unlisten = await reader.listen("rampart_test_ping", (payload) => heard.push(payload));
    await dropListeners("rampart-changes");
    // Lost, then back: both times every subscriber hears that anything may have changed.
    await expect.poll(() => heard.filter((p) => p === ANYTHING_MAY_HAVE_CHANGED).length, { timeout: 10_000 }).toBe(2);
    expect(reader.hearsChanges()).toBe(true);
    await writer.notify("rampart_test_ping", "after");
    await expect.poll(() => heard, { timeout: 5_000 }).toContain("after");
    await unlisten();
  });

  describe("while the listening connection cannot be re-established", () => {
    let down = false;
    let feed: ChangeFeed;
    let there: SessionDirectory;
    let thereSites: SiteDirectory;
    const here = () =>
      new SessionDirectory(writer, { sessionTtlMs: 3_600_000, cacheTtlMs: 3_600_000, now: () => new Date() });

    beforeAll(async () => {
      // The other process, whose listening connection this test can keep from coming back.
      feed = new ChangeFeed(
        () =>
          new pg.Client({
            connectionString: down ? "postgres://postgres@127.0.0.1:1/none" : writer.url,
            application_name: "rampart-changes-test",
          }),
        () => {},
      );
      await feed.start();
      const other: Database = {
        ...reader,
        listen: (channel, onMessage) => feed.subscribe(channel, onMessage),
        hearsChanges: () => feed.live,
      };
      // Long cache lifetimes: only a notification, or not hearing them, can make it look again.
      there = new SessionDirectory(other, { sessionTtlMs: 3_600_000, cacheTtlMs: 3_600_000, now: () => new Date() });
      thereSites = new SiteDirectory(other, 3_600_000);
      await there.start();
      await thereSites.start();
    });
    afterAll(async () => {
      await there.stop();
      await thereSites.stop();
      await feed.close();
    });

    it("reads sessions from the database and keeps site records a moment only; hears again once back", async () => {
      const userId = await userIdOf(writer.db, "admin");
      const sessions = here();
      const before = await sessions.create(userId, { ip: "127.0.0.1", userAgent: "test" });
      expect(await there.principal(before.sessionId, userId)).not.toBeNull(); // cached there
      expect((await thereSites.siteForHostHeader("demo.localhost"))?.company).toBe("Lotus Shield");

      down = true;
      await dropListeners("rampart-changes-test");
      await expect.poll(() => feed.live, { timeout: 5_000 }).toBe(false);

      // A logout elsewhere is refused here at once, though no notification can arrive.
      expect(await sessions.revoke(before.sessionId, "logout")).toBe(true);
      expect(await there.principal(before.sessionId, userId)).toBeNull();
      const during = await sessions.create(userId, { ip: "127.0.0.1", userAgent: "test" });
      expect(await there.principal(during.sessionId, userId)).not.toBeNull();
      expect(await sessions.revoke(during.sessionId, "forced")).toBe(true);
      expect(await there.principal(during.sessionId, userId)).toBeNull();

      // A site renamed elsewhere shows here within the short lifetime.
      await writer.db.update(sysSite).set({ company: "Lotus Shield Renamed" }).where(eq(sysSite.agentCode, "LOTUS"));
      await expect
        .poll(async () => (await thereSites.siteForHostHeader("demo.localhost"))?.company, { timeout: 5_000 })
        .toBe("Lotus Shield Renamed");

      // Back: notifications again (a long-cached session is dropped by one).
      down = false;
      await expect.poll(() => feed.live, { timeout: 15_000 }).toBe(true);
      const after = await sessions.create(userId, { ip: "127.0.0.1", userAgent: "test" });
      expect(await there.principal(after.sessionId, userId)).not.toBeNull();
      expect(await sessions.revoke(after.sessionId, "logout")).toBe(true);
      await expect.poll(() => there.principal(after.sessionId, userId), { timeout: 2_000 }).toBeNull();
    }, 30_000);
  });
});
