import type { UsageOverview, UsageOverviewOrder, UsageOverviewRow } from "@rampart/contracts";
import { BPS_PER_MBPS, formatMoney, PRODUCT_CODES } from "@rampart/pricing";
import { Select, Skeleton, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { mbps, monthName, overageWords } from "../../../shared/overage/overage-words";
import type { ViewProps } from "../../routing/view-props";
import { ORDER_STATUS_COLOURS } from "../orders/order-columns";
import { Panel } from "../parts/panel";
import { withViewMessages } from "../parts/view-messages";
import { monthsUpTo, seriesHref, usageBillingApi } from "./usage-billing-api";

type Filters = { siteId?: number; product?: (typeof PRODUCT_CODES)[number]; month?: string };

/**
 * Business → Usage: per site and product, a month's bandwidth packages by customer, most overage
 * first (the 95th percentile against the commitment, the overage billed or projected so far), each
 * package's number leading to its series, and the month's overage orders.
 */
export default withViewMessages("business", function UsageBilling({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const [filters, setFilters] = useState<Filters>({});
  const [answer, setAnswer] = useState<UsageOverview | null>(null);
  const [loading, setLoading] = useState(true);
  // The months offered end with the site's current one (the answer's month when none is asked).
  const [latest, setLatest] = useState<string | null>(null);
  const load = useCallback(async (next: Filters) => {
    setLoading(true);
    try {
      const { data } = await usageBillingApi.overview(next);
      setAnswer(data);
      if (!next.month) setLatest(data.month.slice(0, 7));
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    load(filters).catch(() => {});
  }, [load, filters]);

  if (!answer) return <Skeleton active paragraph={{ rows: 8 }} />;
  const money = (minor: number, currency = answer.currency) => formatMoney({ minor, currency }, language);
  const current = answer.month.slice(0, 7);
  return (
    <div className="console-view usage-billing">
      <h1 className="visually-hidden">{title}</h1>
      <Panel>
        <div className="usage-billing__filters">
          <div className="usage-billing__filter">
            <label htmlFor="usage-billing-site">{t("usageBilling.site")}</label>
            <Select
              id="usage-billing-site"
              value={answer.siteId}
              disabled={answer.sites.length < 2}
              onChange={(siteId) => setFilters({ ...filters, siteId })}
              options={answer.sites.map((s) => ({ value: s.siteId, label: s.company }))}
              style={{ minWidth: 200 }}
            />
          </div>
          <div className="usage-billing__filter">
            <label htmlFor="usage-billing-product">{t("usageBilling.product")}</label>
            <Select
              id="usage-billing-product"
              allowClear
              placeholder={t("usageBilling.allProducts")}
              value={filters.product}
              onChange={(product) => setFilters({ ...filters, product })}
              options={PRODUCT_CODES.map((p) => ({ value: p, label: t(`nav.products_.${p}`) }))}
              style={{ minWidth: 160 }}
            />
          </div>
          <div className="usage-billing__filter">
            <label htmlFor="usage-billing-month">{t("usageBilling.month")}</label>
            <Select
              id="usage-billing-month"
              value={current}
              onChange={(month) => setFilters({ ...filters, month })}
              options={monthsUpTo(latest ?? current).map((m) => ({
                value: m,
                label: monthName(`${m}-01`, language),
              }))}
              style={{ minWidth: 160 }}
            />
          </div>
          <span className="usage-billing__zone">
            {t("usageBilling.timeZone", { zone: answer.sites.find((s) => s.siteId === answer.siteId)?.timeZone })}
          </span>
        </div>
      </Panel>
      <Panel title={t("usageBilling.byCustomer", { month: monthName(answer.month, language) })}>
        <Table<UsageOverviewRow>
          size="small"
          loading={loading}
          rowKey="serviceId"
          dataSource={answer.rows}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: t("usageBilling.noPackages") }}
          columns={rowColumns(t, language, money)}
        />
      </Panel>
      <Panel title={t("usageBilling.orders", { month: monthName(answer.month, language) })}>
        <Table<UsageOverviewOrder>
          size="small"
          loading={loading}
          rowKey="orderNo"
          dataSource={answer.orders}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: t("usageBilling.noOrders") }}
          columns={orderColumns(t, language, money)}
        />
      </Panel>
    </div>
  );
});

type T = ReturnType<typeof useTranslation>["t"];
type Money = (minor: number, currency?: string) => string;

function rowColumns(t: T, language: string, money: Money): ColumnsType<UsageOverviewRow> {
  return [
    {
      title: t("usageBilling.customer"),
      dataIndex: "userName",
      render: (userName: string, row) => (
        <span className="usage-billing__who">
          {userName}
          {/* The package's series, as its customer sees them. */}
          <a
            className="order-kind"
            href={seriesHref(row.orderNo)}
            title={t("usageBilling.openSeries")}
            aria-label={t("usageBilling.seriesOf", { orderNo: row.orderNo })}
          >
            {row.orderNo}
          </a>
        </span>
      ),
    },
    {
      title: t("usageBilling.package"),
      key: "package",
      responsive: ["md"],
      render: (_, row) => `${t(`nav.products_.${row.product}`)} · ${t(`editions.${row.edition}`)}`,
    },
    {
      title: t("usageBilling.percentileOfCommitted"),
      dataIndex: "p95Bps",
      align: "right",
      render: (bps: number, row) => {
        const over = bps > row.committedMbps * BPS_PER_MBPS;
        return (
          <span className="usage-billing__figures">
            <span className={over ? "usage-billing__over" : undefined}>
              {row.samples ? mbps(bps / BPS_PER_MBPS, language) : "—"}
            </span>
            {" / "}
            {mbps(row.committedMbps, language)} Mbps
          </span>
        );
      },
    },
    {
      title: t("usageBilling.days"),
      key: "days",
      align: "right",
      responsive: ["md"],
      render: (_, row) => `${row.days}/${row.monthDays}`,
    },
    {
      title: t("usageBilling.overage"),
      dataIndex: "overage",
      align: "right",
      render: (amount: number, row) => (
        <span className="usage-billing__amount">
          {money(amount, row.currency)}
          <Tag color={row.basis === "billed" ? "blue" : "default"}>{t(`usageBilling.basis.${row.basis}`)}</Tag>
        </span>
      ),
    },
  ];
}

function orderColumns(t: T, language: string, money: Money): ColumnsType<UsageOverviewOrder> {
  return [
    {
      title: t("usageBilling.order"),
      dataIndex: "orderNo",
      render: (orderNo: string, order) => (
        <span className="usage-billing__who">
          <span className="order-no">{orderNo}</span>
          <span className="order-kind">
            {order.userName} · {t(`nav.products_.${order.product}`)}
          </span>
          {overageWords(order.overage, language).map((words) => (
            <span key={words.month} className="order-overage">
              {t("orders.overage", words)}
            </span>
          ))}
        </span>
      ),
    },
    {
      title: t("usageBilling.amount"),
      dataIndex: "amount",
      align: "right",
      render: (amount: number, order) => (
        <span className="usage-billing__amount usage-billing__amount--stacked">
          {money(amount, order.currency)}
          <Tag color={ORDER_STATUS_COLOURS[order.status as keyof typeof ORDER_STATUS_COLOURS]}>
            {t(`orders.statuses.${order.status}`)}
          </Tag>
        </span>
      ),
    },
  ];
}
