import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createUser, signIn } from "../testing/accounts.ts";
import { openTestApp, type TestApp } from "../testing/test-app.ts";
import { errorSummary } from "./log-summary.ts";

let t: TestApp;
const lines: string[] = [];
let auth: Record<string, string>;
beforeAll(async () => {
  t = await openTestApp({ log: { level: "error", stream: { write: (line) => void lines.push(line) } } });
  await createUser(t.database.db, { userName: "hoa", password: "hoa-pass-123" });
  auth = await signIn(t.app, "hoa", "hoa-pass-123");
});
afterAll(() => t.close());

it("logs a failed upload as a bounded summary, without the file's bytes", async () => {
  const content = Buffer.from("CONFIDENTIAL-LEDGER-LINE\n".repeat(8_000));
  const boundary = "----rampart-log";
  // The upload's query fails (its table is gone): the error carries the query's parameters.
  await t.database.db.execute(sql`alter table sys_file rename to sys_file_away`);
  try {
    const response = await t.app.inject({
      method: "POST",
      url: "/prod-api/file/upload",
      headers: { ...auth, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nfile\r\n--${boundary}\r\n` +
            `Content-Disposition: form-data; name="file"; filename="ledger.txt"\r\nContent-Type: text/plain\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("sys_file");
  } finally {
    await t.database.db.execute(sql`alter table sys_file_away rename to sys_file`);
  }
  const failure = lines.map((line) => JSON.parse(line)).find((line) => line.msg === "request failed");
  expect(failure).toBeDefined();
  const text = JSON.stringify(failure);
  expect(text.includes("CONFIDENTIAL-LEDGER-LINE")).toBe(false);
  expect(text.length).toBeLessThan(6_000);
  // What it does keep says what went wrong, where, and for which request.
  // The first query on the missing table fails (the quota's sum, or the insert for an operator).
  expect(failure.err.message).toMatch(/"sys_file"/);
  expect(failure.err.cause.code).toBe("42P01");
  expect(failure.err.stack).toContain("files/service.ts");
  expect(failure.request).toMatchObject({ method: "POST", url: "/prod-api/file/upload" });
});

it("keeps the text of an error reported as a plain object (the job runner's failures)", () => {
  // pg-boss emits a worker's failure as a copy of the error: a plain object, not an Error.
  const cause = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
  const reported = { ...cause, message: cause.message, stack: cause.stack, queue: "mail-outbox", worker: "w-1" };
  const summary = errorSummary(reported);
  expect(summary.message).toBe("terminating connection due to administrator command");
  expect(summary).toMatchObject({ code: "57P01", queue: "mail-outbox", worker: "w-1" });
  expect(summary.stack).toContain("at ");
  expect(errorSummary("plain words").message).toBe("plain words");
});
