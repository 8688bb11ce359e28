import type {
  BalancePreferences,
  BalancePreferencesView,
  Envelope,
  MyBalance,
  MyBalanceQuery,
  OrderView,
  TopUpBody,
} from "@rampart/contracts";
import { download } from "../../../shared/request/download";
import { request } from "../../../shared/request/request-client";

type Answer<T> = Envelope<T> & { data: T };

/** Control center → Balance: the caller's balances and ledger, topping it up, paying an order from it. */
export const balanceApi = {
  mine: (query: MyBalanceQuery) =>
    request<Answer<MyBalance>>({
      url: "/control/balance",
      params: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== "")),
    }),
  /** A month's statement as a PDF in the reader's language, the month and its times in their zone. */
  statementPdf: (month: string, currency: string, timeZone: string) =>
    download({
      url: "/control/balance/statement",
      params: { month, currency, timeZone },
      fileName: `balance-statement-${month}-${currency}.pdf`,
    }),
  preferences: () => request<Answer<BalancePreferencesView>>({ url: "/control/balance/preferences" }),
  savePreferences: (body: BalancePreferences) =>
    request<Answer<BalancePreferencesView>>({ url: "/control/balance/preferences", method: "PUT", data: body }),
  /** An unpaid order of action "topup", paid like any order (the cashier, or by bank transfer). */
  topUp: (body: TopUpBody) => request<Answer<OrderView>>({ url: "/control/balance/topup", method: "POST", data: body }),
  /** Pays an unpaid order in full from the balance; a balance that does not cover it answers 409, said as is. */
  payOrder: (orderNo: string) =>
    request<Answer<OrderView>>({
      url: `/order/pay/order/payFromBalance/${encodeURIComponent(orderNo)}`,
      method: "POST",
    }),
};

/** The page the ledger's order numbers lead to: the order's own (its status, documents, how to pay). */
export const orderHref = (orderNo: string) => `/paySuccess?${new URLSearchParams({ orderNo })}`;
