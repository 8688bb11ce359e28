import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMail, sysUser, sysUserToken } from "../../db/schema.ts";
import { JobRunner } from "../../jobs/job-runner.ts";
import { createUser } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { MailOutbox } from "../mail/outbox.ts";
import { requestPasswordReset } from "./password-recovery.ts";
import { SessionDirectory } from "./sessions.ts";

let t: TestApp;

beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "kiet", password: "Danang-2026x" });
  await t.database.db.update(sysUser).set({ email: "kiet@example.vn" }).where(eq(sysUser.userName, "kiet"));
});
afterAll(() => t.close());

const forgot = (account: string) =>
  t.app.inject({
    method: "POST",
    url: "/prod-api/auth/password/forgot",
    headers: { "accept-language": "vi" },
    payload: { account },
  });
/** The jobs "forgot password" queued, oldest first: what each request did besides answering. */
const queued = async () => {
  const result = await t.database.db.execute(
    sql`select data, state from pgboss.job where name = 'password-reset-request' order by created_on, id`,
  );
  // node-postgres and PGlite both answer { rows }.
  return (result as unknown as { rows: { data: Record<string, unknown>; state: string }[] }).rows;
};
const resetMails = () => t.database.db.select().from(sysMail).where(eq(sysMail.event, "password_reset"));

describe("forgot password, whether or not the account exists", () => {
  it("answers the same after the same work, and makes the link and the mail in a job after answering", async () => {
    const known = await forgot("kiet@example.vn");
    const unknown = await forgot("nobody@example.vn");
    expect(known.statusCode).toBe(200);
    expect({ ...unknown.json(), requestId: "" }).toEqual({ ...known.json(), requestId: "" });

    // Each request did one thing besides answering: it queued what was asked, in the same shape,
    // whoever it names (no look-up of the account, no token, no mail before the answer).
    const jobs = await queued();
    expect(jobs.map((job) => job.data.account)).toEqual(["kiet@example.vn", "nobody@example.vn"]);
    expect(Object.keys(jobs[0]!.data).sort()).toEqual(Object.keys(jobs[1]!.data).sort());
    expect(jobs[0]!.data).toMatchObject({ language: "vi" });

    // Then the job mails the account that exists, and nobody else.
    await expect
      .poll(async () => (await queued()).map((job) => job.state), { timeout: 15_000 })
      .toEqual(["completed", "completed"]);
    const mails = await resetMails();
    expect(mails).toMatchObject([{ recipient: "kiet@example.vn", language: "vi" }]);
    expect(await t.database.db.select().from(sysUserToken)).toHaveLength(1);
  });
});

it("mails once when its job runs twice (a process killed between the job's commit and its completion)", async () => {
  await createUser(t.database.db, { userName: "linh", password: "Hue-pass-2026x" });
  await t.database.db.update(sysUser).set({ email: "linh@example.vn" }).where(eq(sysUser.userName, "linh"));
  const asked = {
    account: "linh",
    siteId: null,
    language: "vi" as const,
    linkOrigin: async () => "http://localhost:3000",
    key: "password-reset-job-1",
  };
  // The job's own work, as a second run of it would do it again (the outbox this test's own).
  const runner = new JobRunner(t.database, t.app.log);
  const mail = new MailOutbox(
    { db: t.database.db, jobs: runner, log: t.app.log, now: () => new Date() },
    { smtpUrl: undefined, mailFrom: "x@rampart.test" },
  );
  const deps = {
    db: t.database.db,
    mail,
    sessions: new SessionDirectory(t.database, { sessionTtlMs: 3_600_000, now: () => new Date() }),
    now: () => new Date(),
  };
  await runner.start();
  try {
    await requestPasswordReset(deps, asked);
    await requestPasswordReset(deps, asked);
  } finally {
    await runner.stop();
  }
  expect((await resetMails()).filter((m) => m.recipient === "linh@example.vn")).toHaveLength(1);
});
