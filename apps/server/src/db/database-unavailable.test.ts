import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import pg from "pg";
import { expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable.ts";

// The errors node-postgres really raises, not hand-made ones.

it("knows a refused connection and a wrong query apart", async () => {
  const refused = await new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:1/none" })
    .connect()
    .catch((error: unknown) => error);
  expect(isDatabaseUnavailable(refused)).toBe(true);
  // Wrapped as Drizzle wraps it.
  expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: refused }))).toBe(true);
  expect(isDatabaseUnavailable(new Error("duplicate key value violates unique constraint"))).toBe(false);
  expect(isDatabaseUnavailable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
});

it("does not take an outbound request's lost connection (a payment provider, a webhook) for the database's", async () => {
  // A server that accepts and then resets every connection, as a provider's overloaded edge may.
  const server = createServer((socket) => socket.resetAndDestroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const failure = await fetch(`http://127.0.0.1:${port}/pay`, { method: "POST" }).catch((error: unknown) => error);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe("ECONNRESET");
    expect(isDatabaseUnavailable(failure)).toBe(false);
  } finally {
    server.close();
  }
});

it.skipIf(!process.env.TEST_DATABASE_URL)(
  "knows a connection cut by the server under a query (a restart)",
  async () => {
    const victim = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    victim.on("error", () => {});
    await victim.connect();
    const pid = (await victim.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
    const running = victim.query("select pg_sleep(10)").catch((error: unknown) => error);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [pid]);
    await admin.end();
    const cut = await running;
    expect(isDatabaseUnavailable(cut)).toBe(true);
    // And the next query on that client.
    expect(isDatabaseUnavailable(await victim.query("select 1").catch((error: unknown) => error))).toBe(true);
    await victim.end().catch(() => {});
  },
);
