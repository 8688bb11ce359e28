import { type BalanceAdjustment, type CustomerBalance, CustomerBalanceQuery } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../shared/auth/session-store";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { browserTimeZone } from "../../../shared/time-zone/browser-time-zone";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { searchKeys, searchSpec } from "../list-page/search-fields";
import { withViewMessages } from "../parts/view-messages";
import { balancesApi } from "./balances-api";
import { CustomerLedgerDrawer } from "./customer-ledger-drawer";
import { PendingAdjustments } from "./pending-adjustments";
import "../balance/balance.css";
import "./balances.css";

type Filters = Pick<Partial<CustomerBalanceQuery>, "customer" | "currency">;

const BALANCES_PAGE = listSpec<CustomerBalance>("balances", "userId", {
  search: searchSpec("balanceSearch", CustomerBalanceQuery, [{ name: "customer" }, { name: "currency" }]),
});
const FILTERS = searchKeys<Filters>(BALANCES_PAGE.search);

/** The adjustments waiting for a second operator, reloaded after each change. */
function usePendingAdjustments(): [BalanceAdjustment[], () => void] {
  const [pending, setPending] = useState<BalanceAdjustment[]>([]);
  const load = useCallback(() => {
    balancesApi.adjustments({ status: "pending", pageNum: 1, pageSize: 50 }).then(
      (page) => setPending(page.rows),
      () => {},
    );
  }, []);
  useEffect(load, [load]);
  return [pending, load];
}

/**
 * Business → Balances: every customer the operator may see with their balance, largest first; a
 * customer's ledger; adjustments with a reason, posted at once or, above the amount in settings,
 * held for a second operator (the adjustments waiting are listed above, to confirm or reject).
 */
export default withViewMessages("balance", function BalancesView({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const chosenZone = useSession((state) => state.user?.timeZone);
  const timeZone = chosenZone || browserTimeZone() || "UTC";
  const list = usePagedList<CustomerBalance, Filters>(balancesApi.list, FILTERS);
  const [pending, reloadPending] = usePendingAdjustments();
  const [open, setOpen] = useState<{ customer: CustomerBalance; adjusting: boolean } | null>(null);
  const when = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone });

  const changed = () => {
    reloadPending();
    void list.load();
  };

  const operations = useOperationsColumn<CustomerBalance>(t("balances.columns.operations"), [
    { label: t("balances.ledger"), onClick: (customer) => setOpen({ customer, adjusting: false }) },
    {
      label: t("balances.adjustButton"),
      permission: "business:balance:adjust",
      onClick: (customer) => setOpen({ customer, adjusting: true }),
    },
  ]);
  const columns: ColumnsType<CustomerBalance> = [
    {
      title: t("balances.columns.customer"),
      dataIndex: "userName",
      render: (userName: string, row) => (
        <span className="order-no">
          {userName}
          {row.email || (row.nickName && row.nickName !== userName) ? (
            <span className="order-kind">{row.email || row.nickName}</span>
          ) : null}
        </span>
      ),
    },
    {
      title: t("balances.columns.balance"),
      dataIndex: "amount",
      align: "right",
      render: (amount: number, row) => (
        <span className={`order-amount${amount === 0 ? " balances__zero" : ""}`}>
          {formatMoney({ minor: amount, currency: row.currency }, language)}
        </span>
      ),
    },
    {
      title: t("balances.columns.updatedAt"),
      dataIndex: "updatedAt",
      responsive: ["md"],
      render: (at: string | null) => (at ? when.format(new Date(at)) : "—"),
    },
    operations,
  ];

  return (
    <DeclaredListPage
      spec={BALANCES_PAGE}
      title={title}
      list={list}
      columns={columns}
      intro={<PendingAdjustments adjustments={pending} timeZone={timeZone} onDecided={changed} />}
    >
      {open ? (
        <CustomerLedgerDrawer
          key={open.customer.userId}
          customer={open.customer}
          timeZone={timeZone}
          adjusting={open.adjusting}
          onClose={() => setOpen(null)}
          onChanged={changed}
        />
      ) : null}
    </DeclaredListPage>
  );
});
