import type { BalanceAccount } from "@rampart/contracts";
import { useEffect, useState } from "react";
import { describeBalances } from "./order-api";

/** The customer's balances, one per currency (none while loading, or when they cannot be read). */
export function useBalances(language: string): BalanceAccount[] {
  const [accounts, setAccounts] = useState<BalanceAccount[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    describeBalances(language, abort.signal)
      .then((answer) => {
        if (answer.code === 200 && answer.data) setAccounts(answer.data.accounts);
      })
      .catch(() => {});
    return () => abort.abort();
  }, [language]);
  return accounts;
}
