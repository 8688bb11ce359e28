import type { BalanceEntry, CustomerBalance, CustomerLedger } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { Button, Drawer, Grid, Table } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { balanceColumns } from "../balance/balance-columns";
import { AdjustDialog } from "./adjust-dialog";
import { balancesApi } from "./balances-api";

const PAGE_SIZE = 10;

/** An order in Business → Orders, found by its number. */
const operatorOrderHref = (orderNo: string) => `/business/order?${new URLSearchParams({ orderNo })}`;

/**
 * One customer's balances and ledger as an operator reads them (newest first, ten at a time), with
 * Adjust for those who may. Opened on Adjust, the adjustment dialog comes up at once.
 */
export function CustomerLedgerDrawer({
  customer,
  timeZone,
  adjusting: adjustingFirst,
  onClose,
  onChanged,
}: {
  customer: CustomerBalance;
  timeZone: string;
  adjusting: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const narrow = !Grid.useBreakpoint().md;
  const [ledger, setLedger] = useState<CustomerLedger | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const [adjusting, setAdjusting] = useState(adjustingFirst);

  const load = useCallback(async () => {
    const { data } = await balancesApi.ledger({ userId: customer.userId, pageNum, pageSize: PAGE_SIZE });
    setLedger(data);
  }, [customer.userId, pageNum]);
  useEffect(() => {
    void load().catch(() => {});
  }, [load]);

  const name = customer.nickName && customer.nickName !== customer.userName ? customer.nickName : customer.userName;
  return (
    <Drawer
      open
      width={narrow ? "100%" : 860}
      title={t("balances.ledgerTitle", { customer: name })}
      onClose={onClose}
      extra={
        <Can permissions={["business:balance:adjust"]}>
          <Button type="primary" disabled={!ledger} onClick={() => setAdjusting(true)}>
            {t("balances.adjustButton")}
          </Button>
        </Can>
      }
    >
      <div className="balances__customer">
        <span>
          {customer.userName}
          {customer.email ? ` · ${customer.email}` : ""}
        </span>
        <div className="balances__figures" aria-busy={!ledger}>
          {(ledger?.accounts.length ? ledger.accounts : [{ currency: customer.currency, amount: 0 }]).map((account) => (
            <strong key={account.currency} className="balance__figure" data-currency={account.currency}>
              {formatMoney({ minor: account.amount, currency: account.currency }, language)}
            </strong>
          ))}
        </div>
      </div>
      <Table<BalanceEntry>
        className="balances__ledger"
        size="small"
        rowKey="entryId"
        loading={!ledger}
        columns={balanceColumns(t, language, timeZone, narrow, operatorOrderHref)}
        dataSource={ledger?.entries ?? []}
        locale={{ emptyText: t("balances.noEntries") }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: ledger?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
      {adjusting && ledger ? (
        <AdjustDialog
          ledger={ledger}
          onClose={() => setAdjusting(false)}
          onDone={() => {
            setAdjusting(false);
            void load().catch(() => {});
            onChanged();
          }}
        />
      ) : null}
    </Drawer>
  );
}
