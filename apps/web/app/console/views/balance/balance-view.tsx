import { BALANCE_ENTRY_KINDS, type BalanceAccount, type BalanceEntry, type BalanceEntryKind } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { Button, Grid, Select, Space, Tag, Tooltip } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../shared/auth/session-store";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { monthName } from "../../../shared/overage/overage-words";
import { browserTimeZone } from "../../../shared/time-zone/browser-time-zone";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { type PageParams, usePagedList } from "../list-page/paged-list";
import { Panel } from "../parts/panel";
import { withViewMessages } from "../parts/view-messages";
import { downloadCsv } from "../usage/usage-csv";
import { monthsUpTo } from "../usage-billing/usage-billing-api";
import { balanceApi } from "./balance-api";
import { balanceColumns } from "./balance-columns";
import { monthEntries, statementCsv } from "./balance-csv";
import { BalancePreferencesPanel } from "./balance-preferences";
import { TopUpDialog } from "./top-up-dialog";
import "./balance.css";

type LedgerFilters = { kind?: BalanceEntryKind; month?: string };
const LEDGER_FILTERS = ["kind", "month"] as const;
const BALANCE_PAGE = listSpec<BalanceEntry>("balance", "entryId");

/** The reader's time zone: the one chosen in the personal center, else this browser's. */
function readerZone(chosen: string | undefined): string {
  return chosen || browserTimeZone() || "UTC";
}

/** A page of the caller's ledger, as the list kit reads pages; a month is the reader's, as the page shows times. */
async function ledgerPage({ kind, month, pageNum, pageSize }: LedgerFilters & PageParams) {
  const timeZone = month ? readerZone(useSession.getState().user?.timeZone) : undefined;
  const { data } = await balanceApi.mine({ kind, month, timeZone, pageNum, pageSize });
  return { code: 200, msg: "", rows: data.entries, total: data.total };
}

/** The caller's balances, one per currency (null while loading). */
function useBalances(): BalanceAccount[] | null {
  const [accounts, setAccounts] = useState<BalanceAccount[] | null>(null);
  useEffect(() => {
    let live = true;
    balanceApi.mine({ pageSize: 1 }).then(
      ({ data }) => live && setAccounts(data.accounts),
      () => live && setAccounts([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return accounts;
}

/** The reader's time zone, following the personal center's choice. */
function useReaderTimeZone(): string {
  return readerZone(useSession((state) => state.user?.timeZone));
}

/**
 * Control center → Balance: the balance in each currency, Top up, and the ledger that makes it
 * (newest first, by kind and month, a page at a time), with a month's statement as CSV.
 */
export default withViewMessages("balance", function BalanceView({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language, branding } = useSiteData();
  const timeZone = useReaderTimeZone();
  const narrow = !Grid.useBreakpoint().sm;
  const accounts = useBalances();
  const [toppingUp, setToppingUp] = useState(false);
  const list = usePagedList<BalanceEntry, LedgerFilters>(ledgerPage, LEDGER_FILTERS);
  const { kind, month } = list.filters;
  // This month on the reader's clock (sv-SE writes dates as YYYY-MM-DD).
  const current = new Intl.DateTimeFormat("sv-SE", { timeZone, year: "numeric", month: "2-digit" }).format(new Date());

  const downloadStatement = async () => {
    if (!month) return;
    const entries = await monthEntries(async (pageNum) => {
      const { data } = await balanceApi.mine({ month, timeZone, pageNum, pageSize: 100 });
      return data;
    });
    downloadCsv(statementCsv(entries, t, timeZone), `balance-statement-${month}.csv`);
  };

  const shown = accounts?.length ? accounts : accounts ? [{ currency: branding.currency, amount: 0 }] : [];
  const intro = (
    <Panel className="balance__summary">
      <div className="balance__head">
        <div className="balance__figures">
          <span className="balance__label">{t("balance.accounts")}</span>
          <div className="balance__accounts" aria-busy={!accounts}>
            {shown.map((account) => (
              <strong key={account.currency} className="balance__figure" data-currency={account.currency}>
                {formatMoney({ minor: account.amount, currency: account.currency }, language)}
              </strong>
            ))}
          </div>
        </div>
        <Button type="primary" size="large" onClick={() => setToppingUp(true)}>
          {t("balance.topUp")}
        </Button>
      </div>
      {accounts?.every((a) => a.amount === 0) ? <p className="balance__hint">{t("balance.noBalance")}</p> : null}
    </Panel>
  );

  const statementCurrency = accounts?.[0]?.currency ?? branding.currency;
  const statement = (
    <Space size={8} wrap>
      <Button onClick={() => void downloadStatement().catch(() => {})} disabled={!month}>
        {t("balance.statement")}
      </Button>
      <Button
        onClick={() => month && void balanceApi.statementPdf(month, statementCurrency, timeZone).catch(() => {})}
        disabled={!month}
      >
        {t("balance.statementPdf")}
      </Button>
    </Space>
  );
  const filters = (
    <div className="balance__filters">
      <div className="list-toolbar__filter">
        <label htmlFor="balance-kind">{t("balance.kind")}</label>
        <Select<BalanceEntryKind | undefined>
          id="balance-kind"
          allowClear
          placeholder={t("balance.allKinds")}
          value={kind}
          onChange={(value) => list.search({ ...list.filters, kind: value })}
          options={BALANCE_ENTRY_KINDS.map((k) => ({ value: k, label: t(`balance.kinds.${k}`) }))}
          style={{ minWidth: 150 }}
        />
      </div>
      <div className="list-toolbar__filter">
        <label htmlFor="balance-month">{t("balance.month")}</label>
        <Select<string | undefined>
          id="balance-month"
          allowClear
          placeholder={t("balance.allMonths")}
          value={month}
          onChange={(value) => list.search({ ...list.filters, month: value })}
          options={monthsUpTo(current).map((m) => ({ value: m, label: monthName(`${m}-01`, language) }))}
          style={{ minWidth: 150 }}
        />
      </div>
      {month ? statement : <Tooltip title={t("balance.statementNeedsMonth")}>{statement}</Tooltip>}
      <Tag className="balance__zone">{t("balance.timeZone", { zone: timeZone })}</Tag>
    </div>
  );

  return (
    <DeclaredListPage
      spec={BALANCE_PAGE}
      title={title}
      list={list}
      columns={balanceColumns(t, language, timeZone, narrow)}
      intro={intro}
      actions={filters}
    >
      <BalancePreferencesPanel />
      {toppingUp ? <TopUpDialog onClose={() => setToppingUp(false)} /> : null}
    </DeclaredListPage>
  );
});
