import type { DashboardView } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { Col, Row } from "antd";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { Panel } from "../parts/panel";
import { throughputUnit } from "./throughput-units";

const sum = (series: readonly number[]) => series.reduce((total, value) => total + value, 0);

/** A figure in the dashboard's first row. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Panel>
      <div className="figure__label">{label}</div>
      <div className="figure__value" data-testid={testId}>
        {value}
      </div>
    </Panel>
  );
}

/** A bandwidth in bits per second in its own unit (base 1000). */
function formatBandwidth(bitsPerSecond: number, language: string): string {
  const { unit, divisor } = throughputUnit([bitsPerSecond]);
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(bitsPerSecond / divisor)} ${unit}`;
}

/** The period's totals: orders, payments, leads (an operator's), revenue per currency, the last day's bandwidth. */
export function DashboardFigures({ data }: { data: DashboardView }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const currencies = [...new Set(data.revenue.map((r) => r.currency))];
  const revenueText = data.revenue.length
    ? currencies
        .map((code) =>
          formatMoney(
            { minor: sum(data.revenue.filter((r) => r.currency === code).map((r) => r.amount)), currency: code },
            language,
          ),
        )
        .join(" · ")
    : "—";
  return (
    <Row gutter={[16, 16]} data-report-block>
      <Col xs={12} lg={data.leadsPerDay ? 4 : 6}>
        <Figure
          label={t("dashboard.figures.orders")}
          value={number(sum(data.ordersPerDay))}
          testId="dashboard-orders"
        />
      </Col>
      <Col xs={12} lg={data.leadsPerDay ? 4 : 6}>
        <Figure label={t("dashboard.figures.paid")} value={number(sum(data.paidPerDay))} testId="dashboard-paid" />
      </Col>
      {data.leadsPerDay ? (
        <Col xs={12} lg={4}>
          <Figure label={t("dashboard.figures.leads")} value={number(sum(data.leadsPerDay))} testId="dashboard-leads" />
        </Col>
      ) : null}
      <Col xs={12} lg={6}>
        <Figure
          // What a customer paid is their spending; an operator's is revenue.
          label={t(data.scope === "own" ? "dashboard.figures.spending" : "dashboard.figures.revenue")}
          value={revenueText}
          testId="dashboard-revenue"
        />
      </Col>
      <Col xs={24} lg={6}>
        <Figure
          label={t("dashboard.figures.bandwidth")}
          value={formatBandwidth(data.bandwidthPerDay.at(-1) ?? 0, language)}
          testId="dashboard-bandwidth"
        />
      </Col>
    </Row>
  );
}
