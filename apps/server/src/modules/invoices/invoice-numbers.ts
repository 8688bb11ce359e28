import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bizInvoiceSequence } from "../../db/schema.ts";

export type InvoiceKind = "invoice" | "credit_note";

/**
 * The next number of a prefix's sequence (a site's) for a kind, in the caller's transaction: the
 * sequence's row is locked by the upsert until the transaction ends, so concurrent payments take
 * consecutive numbers, and a transaction that rolls back gives its number back (no gap).
 */
export async function nextInvoiceNumber(tx: Tx, kind: InvoiceKind, prefix: string): Promise<string> {
  const [row] = await tx
    .insert(bizInvoiceSequence)
    .values({ prefix, kind, lastNo: 1 })
    .onConflictDoUpdate({
      target: [bizInvoiceSequence.prefix, bizInvoiceSequence.kind],
      set: { lastNo: sql`${bizInvoiceSequence.lastNo} + 1` },
    })
    .returning({ lastNo: bizInvoiceSequence.lastNo });
  const number = String(row!.lastNo).padStart(6, "0");
  return `${prefix}${kind === "credit_note" ? "CN-" : ""}${number}`;
}
