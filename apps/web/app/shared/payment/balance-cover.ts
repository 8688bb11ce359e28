import type { BalanceAccount } from "@rampart/contracts";

/** What the customer's balance does for an order: nothing (no balance in its currency), all of it, or not enough. */
export type BalanceCover =
  | null
  | { covers: true; balance: number }
  | { covers: false; balance: number; missing: number };

/**
 * Whether "Pay from balance" is offered for an amount in a currency, and whether it can be used: it
 * is offered when the customer has a balance in that currency, and usable when it covers the whole
 * amount (otherwise the page says how much is missing).
 */
export function balanceCover(accounts: readonly BalanceAccount[], currency: string, amount: number): BalanceCover {
  const account = accounts.find((a) => a.currency === currency);
  if (!account || account.amount <= 0) return null;
  return account.amount >= amount
    ? { covers: true, balance: account.amount }
    : { covers: false, balance: account.amount, missing: amount - account.amount };
}
