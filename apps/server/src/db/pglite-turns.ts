import type { PGlite, Transaction } from "@electric-sql/pglite";

/**
 * The longest the embedded database's work runs on the event loop's thread before it lets the
 * loop turn (new requests read, answers written, timers fired).
 */
export const LONGEST_SLICE_MS = 10;

let sliceStartedAt = -1;
const endSlice = () => {
  sliceStartedAt = -1;
};

/**
 * PGlite runs each query synchronously in WebAssembly and answers through a promise, so queries
 * awaited one after another (a job writing a thousand mails) are one long chain of microtasks: the
 * event loop does not turn until it ends, and nothing else is read or answered meanwhile (a
 * 17-second stall was measured under a load of orders). Before each query this waits for the
 * loop's next turn once the current slice of work has lasted LONGEST_SLICE_MS. A slice ends
 * whenever the loop turns, whoever made it turn.
 */
function nextTurnIfDue(): Promise<void> | undefined {
  const now = performance.now();
  if (sliceStartedAt < 0) {
    sliceStartedAt = now;
    setImmediate(endSlice);
    return undefined;
  }
  if (now - sliceStartedAt < LONGEST_SLICE_MS) return undefined;
  // endSlice, queued first, runs before this resolves: the query after it starts a new slice.
  return new Promise((resolve) => setImmediate(resolve));
}

type Query = PGlite["query"];
type Exec = PGlite["exec"];

/** Inside a transaction, which has the database to itself: each query takes its turn as it comes. */
function inTurns<F extends (...args: never[]) => Promise<unknown>>(run: F): F {
  return (async (...args: Parameters<F>) => {
    await nextTurnIfDue();
    return run(...args);
  }) as F;
}

/**
 * Outside a transaction, queries wait for the database one after another (PGlite runs one query or
 * transaction at a time, first come first served): each is let in here when the one before it has
 * ended, and only then asks whether its turn is due. Asked when it was queued instead, every query
 * of a burst found the slice young (none had run yet) and went in: sixty requests of the orders
 * list read in one turn of the loop queued 120 queries that ran as one chain, and the loop turned
 * 3-7 times a second, accepting one connection each time.
 */
function queued(): <F extends (...args: never[]) => Promise<unknown>>(run: F) => F {
  let last: Promise<unknown> = Promise.resolve();
  return <F extends (...args: never[]) => Promise<unknown>>(run: F) =>
    ((...args: Parameters<F>) => {
      const result = last.then(async () => {
        await nextTurnIfDue();
        return run(...args);
      });
      last = result.catch(() => {});
      return result;
    }) as F;
}

/**
 * Makes `client`'s queries and transactions, and the queries inside its transactions, take turns
 * with the rest of the process (see nextTurnIfDue). Every user of the client (Drizzle, pg-boss)
 * goes through these methods.
 */
export function takeTurns(client: PGlite): PGlite {
  const query: Query = client.query.bind(client);
  const exec: Exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const inLine = queued();
  client.query = inLine(query) as Query;
  client.exec = inLine(exec);
  client.transaction = inLine(<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) =>
      callback(
        Object.assign(Object.create(tx) as Transaction, {
          query: inTurns(tx.query) as Transaction["query"],
          exec: inTurns(tx.exec),
        }),
      ),
    ),
  ) as PGlite["transaction"];
  return client;
}
