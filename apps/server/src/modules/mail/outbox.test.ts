import { type AddressInfo, createServer } from "node:net";
import { eq } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMail, sysUser } from "../../db/schema.ts";
import { createUser } from "../../testing/accounts.ts";
import { MailCatcher } from "../../testing/mail-catcher.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
// pg-boss's clock, moved by hand. It starts at the real time: on PostgreSQL a job sent inside the
// application's own transaction is stamped by that connection's clock, not the test clock's.
const clock = new TestClock(new Date());
let smtp = new MailCatcher();
let smtpPort = 0;
const refuser = createServer((socket) => socket.resetAndDestroy());

beforeAll(async () => {
  // A port where no SMTP server listens yet: the server is down. The port is held by a listener that
  // resets every connection at once, as a closed port would (other test files run beside this one:
  // a port let go could be taken meanwhile).
  await new Promise<void>((resolve) => refuser.listen(0, "127.0.0.1", resolve));
  smtpPort = (refuser.address() as AddressInfo).port;
  t = await openTestApp({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, jobClock: clock });
  for (const name of ["hai", "ba", "tu"]) {
    await createUser(t.database.db, { userName: name, password: `${name}-Pass-2026x` });
    await t.database.db
      .update(sysUser)
      .set({ email: `${name}@example.vn` })
      .where(eq(sysUser.userName, name));
  }
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const statuses = async () => (await t.database.db.select().from(sysMail)).map((m) => m.status).sort();
/** Moves the job runner's clock a second at a time until `check` holds (timers fire on ticks only). */
async function tickUntil<T>(check: () => Promise<T>, expected: T, maxSeconds: number): Promise<void> {
  for (let second = 0; second < maxSeconds; second++) {
    if (JSON.stringify(await check()) === JSON.stringify(expected)) return;
    await clock.tick(1000);
  }
  expect(await check()).toEqual(expected);
}

describe("the outbox while SMTP is down", () => {
  it("keeps the mails, retries with backoff, and delivers each once when the server is back", async () => {
    for (const account of ["hai", "ba", "tu"]) {
      const asked = await t.app.inject({ method: "POST", url: "/prod-api/auth/password/forgot", payload: { account } });
      expect(asked.statusCode).toBe(200);
    }
    // Each first try fails (the connection is reset) and waits for its retry.
    await tickUntil(statuses, ["retrying", "retrying", "retrying"], 30);
    const [tried] = await t.database.db.select().from(sysMail);
    expect(tried!.lastResponse).toMatch(/^connect ECONNRESET/);

    // The server comes back on the same port; the next tries (30 s later, then doubling) deliver.
    smtp = new MailCatcher();
    await new Promise((resolve) => refuser.close(resolve));
    await smtp.start(smtpPort);
    await tickUntil(statuses, ["sent", "sent", "sent"], 600);
    expect(smtp.mails.map((m) => m.to).sort()).toEqual(["ba@example.vn", "hai@example.vn", "tu@example.vn"]);
    // Once each, under the Message-ID the outbox gave it.
    const kept = await t.database.db.select().from(sysMail);
    expect(new Set(smtp.mails.map((m) => m.messageId))).toEqual(new Set(kept.map((m) => m.messageId)));
    for (const mail of kept) expect(mail.attempts).toBeGreaterThanOrEqual(2);
  });
});
