// One run of burstable billing in a process of its own, on the PostgreSQL database given, at the
// instant given: `node overage-billing-process.ts <database URL> <ISO instant>`. Prints the run
// ({ kept, billed }) as JSON. The tests start several at once, as several server processes' job
// runners would be if the runner's once-across-processes guard let them through.
import { openDatabase } from "../db/client.ts";
import { PriceLists } from "../modules/catalogue/price-lists.ts";
import { OrderStore } from "../modules/orders/order-store.ts";
import { billOverages } from "../modules/overage/overage-billing.ts";

const [databaseUrl, at] = process.argv.slice(2);
if (!databaseUrl || !at) throw new Error("usage: overage-billing-process.ts <database URL> <ISO instant>");
const database = await openDatabase({ databaseUrl });
const failures: string[] = [];
const log = {
  info() {},
  warn() {},
  error(details: unknown, message: string) {
    failures.push(`${message}: ${String((details as { err?: unknown }).err ?? "")}`);
  },
} as never;
try {
  const run = await billOverages(
    { db: database.db, priceLists: new PriceLists(database, 0), orders: new OrderStore(database.db), log },
    new Date(at),
  );
  console.log(JSON.stringify({ ...run, failures }));
} finally {
  await database.close();
}
