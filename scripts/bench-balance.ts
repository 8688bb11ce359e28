// Paying from the balance (issue 41): each request pays a different unpaid order in full from one
// balance, the order's move to paid and its debit in one transaction (the balance's row locked for
// the debit and the commit only). First one payment at a time (what a payment costs), then 50
// connections at once. Target: p99 < 50 ms at 50 connections, on both databases.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";

const ORDERS = Number(process.env.BENCH_BALANCE_ORDERS ?? 1500);
/** Paid one at a time before the load (the first of the ORDERS). */
const SEQUENTIAL = 200;

type Json = { code: number; msg: string; data?: Record<string, unknown> };

async function call(baseUrl: string, path: string, token: string, body?: unknown, method = "POST"): Promise<Json> {
  const response = await fetch(`${baseUrl}/prod-api${path}`, {
    method: body === undefined && method === "POST" ? "POST" : method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Json;
}

/**
 * The signed-in administrator's own orders paid from their balance, funded by a second operator
 * (nobody adjusts their own): ORDERS orders placed first, then paid by `connections` connections,
 * one order per request. The route allows a client address 30 payments a minute: the requests
 * come as from 100 addresses (X-Forwarded-For; the server must trust 127.0.0.1 as its proxy), as
 * many customers' would. Prints the rate, p99 and errors; answers the p99 and the orders paid.
 */
export async function benchPayFromBalance(
  baseUrl: string,
  adminToken: string,
  connections: number,
): Promise<{ p99: number; paid: number }> {
  const run = randomUUID().slice(0, 8);
  // A second operator, and adjustments of any size posted at once (for the bench only).
  const opsName = `bench.ops.${run}`;
  await call(baseUrl, "/system/user", adminToken, {
    userName: opsName,
    password: `Bench-${run}-pass`,
    nickName: "Bench operator",
    status: "0",
    roleKeys: ["operator"],
  });
  const signedIn = await fetch(`${baseUrl}/prod-api/auth/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: opsName, password: `Bench-${run}-pass` }),
  });
  const opsToken = ((await signedIn.json()) as { data: { access_token: string } }).data.access_token;
  const setting = "sys.balance.adjustConfirmAbove";
  const configs = await call(baseUrl, `/system/config/list?keyPrefix=${setting}`, adminToken, undefined, "GET");
  const [config] = configs.data as unknown as { configName: object; configValue: string }[];
  const threshold = (configValue: string) =>
    call(baseUrl, `/system/config/${setting}`, adminToken, { configName: config!.configName, configValue }, "PUT");
  await threshold("999999999999");
  const info = await call(baseUrl, "/system/user/getInfo", adminToken, undefined, "GET");
  const adminId = (info.data as unknown as { user: { userId: number } } | undefined)?.user?.userId ?? 1;

  const orderNos: string[] = [];
  for (let n = 0; n < ORDERS; n++) {
    const placed = await call(baseUrl, "/order/trade/order/createOrder", adminToken, {
      product: "ddos",
      configuration: "bandwidth=100&duration=month-1",
      action: "new",
      payMethod: "offline",
      idempotencyKey: `bench-balance-${run}-${n}`,
    });
    orderNos.push(String(placed.data?.orderNo));
  }
  const funded = await call(baseUrl, "/business/balance/adjust", opsToken, {
    userId: adminId,
    currency: "CNY",
    amount: 900_000_000_000,
    reason: "Benchmark funds",
    idempotencyKey: `bench-balance-${run}`,
  });
  // The setting back as it was.
  await threshold(config!.configValue);
  if (funded.code !== 200) throw new Error(`the bench balance could not be funded: ${funded.msg}`);

  // One customer at a time first (what one payment costs), then `connections` at once.
  const alone = await payAll(baseUrl, adminToken, orderNos.slice(0, SEQUENTIAL), 1);
  const loaded = await payAll(baseUrl, adminToken, orderNos.slice(SEQUENTIAL), connections);
  for (const [label, result, count] of [
    ["pay from balance, 1 connection", alone, SEQUENTIAL],
    [`pay from balance, ${connections} connections`, loaded, orderNos.length - SEQUENTIAL],
  ] as const) {
    const errors = result.errors + result.non2xx;
    console.log(
      `  ${label}: ${result.requests.average.toFixed(0)} payments/s, p99 ${result.latency.p99} ms (target < 50 ms), ${result["2xx"]} of ${count} paid${errors ? `, ${errors} errors!` : ", no error"}`,
    );
  }
  return { p99: loaded.latency.p99, paid: alone["2xx"] + loaded["2xx"] };
}

/** Pays the orders from the balance, one request each, over `connections` connections. */
async function payAll(baseUrl: string, adminToken: string, orderNos: string[], connections: number) {
  let next = 0;
  return autocannon({
    url: baseUrl,
    connections,
    amount: orderNos.length,
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}` },
    requests: [
      {
        setupRequest: (request) => {
          const n = next++;
          return {
            ...request,
            path: `/prod-api/order/pay/order/payFromBalance/${orderNos[n % orderNos.length]}`,
            headers: { ...request.headers, "x-forwarded-for": `198.51.100.${n % 100}` },
          };
        },
      },
    ],
  });
}
