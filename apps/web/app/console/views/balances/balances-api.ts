import type {
  BalanceAdjustment,
  BalanceAdjustmentBody,
  BalanceAdjustmentQuery,
  CustomerBalance,
  CustomerBalanceQuery,
  CustomerLedger,
  CustomerLedgerQuery,
  Envelope,
  PageEnvelope,
} from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

type Answer<T> = Envelope<T> & { data: T };

/** A query without its empty parts (the page's address keeps none). */
const present = (query: object) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ""));

/** Business → Balances (business:balance:list, business:balance:adjust). */
export const balancesApi = {
  list: (query: Partial<CustomerBalanceQuery>) =>
    request<PageEnvelope<CustomerBalance>>({ url: "/business/balance/list", params: present(query) }),
  ledger: (query: CustomerLedgerQuery) =>
    request<Answer<CustomerLedger>>({ url: "/business/balance/ledger", params: present(query) }),
  adjustments: (query: Partial<BalanceAdjustmentQuery>) =>
    request<PageEnvelope<BalanceAdjustment>>({ url: "/business/balance/adjustments", params: present(query) }),
  /** Posted at once, or held for a second operator: the answer's message says which. */
  adjust: (body: BalanceAdjustmentBody) =>
    request<Answer<BalanceAdjustment>>({ url: "/business/balance/adjust", method: "POST", data: body }),
  decide: (adjustmentId: number, decision: "confirm" | "reject") =>
    request<Answer<BalanceAdjustment>>({
      url: `/business/balance/adjustments/${adjustmentId}/${decision}`,
      method: "POST",
    }),
};
