import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sysRole } from "../db/schema.ts";
import { createUser, signIn } from "../testing/accounts.ts";
import { type FuzzRequest, fuzzRequests, LEAK, operationsOf } from "../testing/api-fuzz.ts";
import { openTestApp, type TestApp } from "../testing/test-app.ts";
import { API_DOCS } from "./api-paths.ts";

/**
 * The API fuzzer: every operation of the server's own OpenAPI document gets hostile requests (see
 * testing/api-fuzz.ts), as a visitor and as an administrator. Nothing may answer 500 or show a
 * stack trace, every JSON answer's `code` mirrors its status, and the server still answers after.
 * A new route is in the document, so it is fuzzed without editing this test; a route missing
 * from the document fails it.
 *
 * Nothing is left out. What is sent less, and why:
 * - a visitor gets the field-by-field bodies only on public operations: elsewhere the access
 *   check answers 401 before a body is read (the whole-body cases still prove it);
 * - a GET gets three of the whole-body cases: its body is never read;
 * - logging out ends the administrator's session: the fuzzer signs in again and goes on;
 * - a request that switches on a role's two-factor requirement (its route is fuzzed too) would hold
 *   the administrator at enrolment, every later request refused before its body is read: the
 *   fuzzer switches it off, signs in as another administrator and goes on.
 */

/** The same requests on every run. */
const SEED = 19;
/** The administrator the fuzzer acts as (not the seeded one, whose account the requests may change). */
const FUZZ_ADMIN = { userName: "fuzz.admin", password: "fuzz-admin-pass-19" };

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { ...FUZZ_ADMIN, roles: ["admin"] });
});
afterAll(() => t.close());

it("answers hostile requests to every operation without a 500 or a stack trace, and keeps answering", async () => {
  const started = performance.now();
  const document = (await t.app.inject({ url: "/prod-api/docs/json" })).json();
  const operations = operationsOf(document);

  // Every API route is in the document, so every route is fuzzed (the documentation's own pages aside).
  const documented = new Set(operations.map((o) => `${o.method} ${o.path.replace(/\{(\w+)\}/g, ":$1")}`));
  const undocumented = t.app.accessTable
    .filter((route) => !route.url.startsWith(API_DOCS))
    .map((route) => `${route.method} ${route.url}`)
    .filter((route) => !documented.has(route));
  expect(undocumented).toEqual([]);

  let admin = await signIn(t.app, FUZZ_ADMIN.userName, FUZZ_ADMIN.password);
  const problems: string[] = [];
  const signedInAgainAfter: string[] = [];
  const twoFactorOffAfter: string[] = [];
  const twoFactorRequired = async () =>
    (await t.database.db.select().from(sysRole).where(eq(sysRole.requireTwoFactor, true))).length > 0;
  let sent = 0;
  const statuses = new Map<number, number>();
  const send = async (request: FuzzRequest, auth: Record<string, string>) => {
    sent += 1;
    const response = await t.app.inject({
      method: request.method as "GET",
      url: request.url,
      headers: { ...request.headers, ...auth },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
      // A different address each time: the per-address rate limits would otherwise answer 429
      // before the hostile part of a request is read (inject sends no packet anywhere).
      remoteAddress: `198.18.${(sent >> 8) & 255}.${sent & 255}`,
    });
    const who = auth.authorization ? "administrator" : "visitor";
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode >= 500)
      problems.push(`${who} ${request.label}: ${response.statusCode} ${response.body.slice(0, 160)}`);
    if (LEAK.test(response.body)) problems.push(`${who} ${request.label}: shows ${LEAK.exec(response.body)?.[0]}`);
    // The envelope's code says what the status says (200 for every success).
    if (String(response.headers["content-type"]).startsWith("application/json")) {
      const code = (response.json() as { code?: unknown }).code;
      const expected = response.statusCode < 300 ? 200 : response.statusCode;
      if (code !== undefined && code !== expected)
        problems.push(`${who} ${request.label}: status ${response.statusCode} but code ${String(code)}`);
    }
    return response;
  };

  let previous = "";
  for (const operation of operations) {
    for (const request of fuzzRequests(operation, { seed: SEED, full: operation.public })) await send(request, {});
    for (const request of fuzzRequests(operation, { seed: SEED, full: true })) {
      let response = await send(request, admin);
      // The operation before ended the administrator's session (logging out does): sign in again
      // and send this one again, so that everything is still tried past the access check. A public
      // operation's 401 is its own answer (a platform request whose signature does not verify).
      if (response.statusCode === 401 && !operation.public) {
        signedInAgainAfter.push(previous);
        admin = await signIn(t.app, FUZZ_ADMIN.userName, FUZZ_ADMIN.password);
        response = await send(request, admin);
      }
      // The operation before made two-factor sign-in required of a role the administrator has.
      if (response.statusCode === 403 && (await twoFactorRequired())) {
        twoFactorOffAfter.push(previous);
        await t.database.db.update(sysRole).set({ requireTwoFactor: false });
        // A session keeps the enrolment it began with, and a burst of sign-ins to one account is
        // refused as guessing: an administrator of its own each time.
        const fresh = { userName: `fuzz.admin.${twoFactorOffAfter.length}`, password: FUZZ_ADMIN.password };
        await createUser(t.database.db, { ...fresh, roles: ["admin"] });
        admin = await signIn(t.app, fresh.userName, fresh.password);
        response = await send(request, admin);
      }
      previous = `${operation.method} ${operation.path}`;
    }
  }

  const health = await t.app.inject({ url: "/prod-api/health" });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  console.log(
    `API fuzz: ${operations.length} operations, ${sent} requests in ${seconds} s, ${problems.length} problems; ` +
      `answers ${answers.join(" ")}; signed in again after: ${signedInAgainAfter.join(", ") || "none"}; ` +
      `two-factor switched off after: ${twoFactorOffAfter.join(", ") || "none"}`,
  );
  expect(problems).toEqual([]);
  expect(health.statusCode).toBe(200);
  expect(health.json().data.status).toBe("up");
  // No `__proto__` key reached a prototype.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}, 600_000);
