import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runServerToExit, type ServerProcess, signInOverHttp, startServerProcess } from "./testing/server-process.ts";

const signIn = (base: string) => signInOverHttp(base, "admin", ADMIN_PASSWORD);

// The embedded database under the two things that happen to real machines: a process frozen
// (SIGSTOP: a paused VM or container, heavy throttling) and a process killed (SIGKILL: the OOM
// killer, a power cut of the container). Nothing acknowledged may be lost to either.

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) {
    server.child.kill("SIGCONT");
    await server.stop();
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ADMIN_PASSWORD = "crash-admin-pass-1";

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    CAPTCHA_ENABLED: "false",
    // Leads are limited per address: the load's leads come from many addresses through a proxy.
    TRUSTED_PROXIES: "127.0.0.1",
  });
  servers.push(server);
  return server;
}

async function killed(server: ServerProcess, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill(signal);
  await exited;
  servers.splice(servers.indexOf(server), 1);
}

/** Places an order; its number when the server acknowledged it, else null (the process died). */
async function placeOrder(base: string, token: string, key: string): Promise<string | null> {
  try {
    const response = await fetch(`${base}/prod-api/order/trade/order/createOrder`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        product: "ddos",
        configuration: "bandwidth=100&duration=month-1",
        action: "new",
        payMethod: "offline",
        idempotencyKey: key,
      }),
    });
    if (response.status !== 200 && response.status !== 201) return null;
    return ((await response.json()) as { data: { orderNo: string } }).data.orderNo;
  } catch {
    return null;
  }
}

/** Submits a lead whose message is `marker`; true when the server acknowledged it. */
async function submitLead(base: string, marker: string, round: number, n: number): Promise<boolean> {
  try {
    const response = await fetch(`${base}/prod-api/lead/apply`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `198.51.${100 + round}.${n % 250}`,
        "accept-language": "en",
      },
      body: JSON.stringify({
        name: "Crash Test",
        email: "buyer@example.id",
        phone: "+6281234567890",
        address: "Jl. Sudirman 1, Jakarta",
        content: marker,
        product: "ddos",
      }),
    });
    return response.status === 200;
  } catch {
    return false;
  }
}

interface Acknowledged {
  orders: string[];
  leads: string[];
}

/**
 * Orders and leads from four clients at once until `enough` are acknowledged, then the process is
 * killed with the requests of that moment in flight.
 */
async function loadThenKill(server: ServerProcess, token: string, round: number, enough: number) {
  const acked: Acknowledged = { orders: [], leads: [] };
  let n = 0;
  let stop = false;
  const client = async () => {
    while (!stop) {
      const mine = n++;
      if (mine % 3 === 2) {
        const marker = `crash-${round}-${mine}-lead`;
        if (await submitLead(server.baseUrl, marker, round, mine)) acked.leads.push(marker);
      } else {
        const orderNo = await placeOrder(server.baseUrl, token, `crash-${round}-${mine}`);
        if (orderNo) acked.orders.push(orderNo);
      }
      if (!stop && acked.orders.length + acked.leads.length >= enough) {
        stop = true;
        await killed(server);
      }
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  return acked;
}

async function missing(base: string, token: string, acked: Acknowledged): Promise<string[]> {
  const lost: string[] = [];
  for (const orderNo of acked.orders) {
    const response = await fetch(`${base}/prod-api/order/trade/order/describeOrder/${orderNo}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200) lost.push(`order ${orderNo}`);
  }
  for (const marker of acked.leads) {
    const response = await fetch(`${base}/prod-api/lead/list?keyword=${marker}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (((await response.json()) as { total: number }).total !== 1) lost.push(`lead ${marker}`);
  }
  return lost;
}

describe("the embedded database", () => {
  it("stays with a frozen process: a second process is refused until the first one dies", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rampart-frozen-"));
    dirs.push(dataDir);
    const first = await start(dataDir);
    const token = await signIn(first.baseUrl);
    const before = await placeOrder(first.baseUrl, token, "frozen-before");
    expect(before).not.toBeNull();

    first.child.kill("SIGSTOP");
    // However long it stays frozen, its directory is not taken: the kernel holds the lock.
    const refused = await runServerToExit({ DATA_DIR: dataDir, ADMIN_PASSWORD });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("is in use by another Rampart process");

    first.child.kill("SIGCONT");
    const after = await placeOrder(first.baseUrl, token, "frozen-after");
    expect(after).not.toBeNull();

    // Killed while frozen: the lock goes with the process, and the next one starts at once.
    first.child.kill("SIGSTOP");
    await killed(first);
    const second = await start(dataDir);
    expect(
      await missing(second.baseUrl, await signIn(second.baseUrl), { orders: [before!, after!], leads: [] }),
    ).toEqual([]);
  }, 120_000);

  it("keeps every acknowledged order and lead through five kills under load", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "rampart-kill-"));
    dirs.push(dataDir);
    const all: Acknowledged = { orders: [], leads: [] };
    const restarts: number[] = [];
    let server = await start(dataDir);
    for (let round = 1; round <= 5; round++) {
      const acked = await loadThenKill(server, await signIn(server.baseUrl), round, 20 + round * 15);
      // Both kinds were acknowledged before the kill (else the round would prove nothing).
      expect(acked.orders.length).toBeGreaterThan(0);
      expect(acked.leads.length).toBeGreaterThan(0);
      all.orders.push(...acked.orders);
      all.leads.push(...acked.leads);
      server = await start(dataDir);
      restarts.push(Math.round(server.startupMs));
      expect(await missing(server.baseUrl, await signIn(server.baseUrl), acked)).toEqual([]);
    }
    // And all of them once more, at the end.
    expect(await missing(server.baseUrl, await signIn(server.baseUrl), all)).toEqual([]);
    console.log(
      `crash safety: ${all.orders.length} orders and ${all.leads.length} leads acknowledged over 5 kills, none lost; restarts ${restarts.join(", ")} ms`,
    );
  }, 300_000);
});
