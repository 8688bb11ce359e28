import type { DashboardView } from "@rampart/contracts";
import { formatMoney, minorDigits } from "@rampart/pricing";
import { App, Button, Col, Empty, Radio, Result, Row, Skeleton, Tag, theme } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { Panel } from "../panel";
import { dashboardApi } from "./dashboard-api";
import { useDashboardMessages } from "./dashboard-messages";
import { EChart } from "./e-chart";
import type { EChartsCoreOption } from "./echarts-core";
import { saveReportPdf } from "./report-pdf";
import { throughputUnit } from "./throughput-units";
import "./dashboard.css";

const PERIODS = [7, 30, 90] as const;
const STATUS_COLOURS: Record<string, string> = {
  unpaid: "#faad14",
  paid: "#52c41a",
  closed: "#bfbfbf",
  refunded: "#ff4d4f",
};
/** A day on a chart's axis: month and day (the year is in the report's heading). */
const axisLabel = (day: string) => day.slice(5);
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

/**
 * The dashboard of the control center and of Business → Dashboard: the signed-in user's scope
 * (their own orders and packages, their site's business, or every site's) over 7, 30 or 90 days,
 * drawn with ECharts and saved as the 'Safety analysis report' PDF.
 */
export default function DashboardSection({ heading = true }: { heading?: boolean }) {
  const ready = useDashboardMessages();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { language, branding } = useSiteData();
  const { token } = theme.useToken();
  const report = useRef<HTMLDivElement>(null);
  const [days, setDays] = useState<number>(30);
  const [data, setData] = useState<DashboardView | null>(null);
  const [failed, setFailed] = useState(false);
  const [currency, setCurrency] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    dashboardApi.load(days).then(
      ({ data }) => live && setData(data),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [days]);

  const currencies = useMemo(() => [...new Set(data?.revenue.map((r) => r.currency))], [data]);
  const shownCurrency = currency && currencies.includes(currency) ? currency : (currencies[0] ?? null);
  const number = (value: number) => new Intl.NumberFormat(language).format(value);

  const charts = useMemo(() => {
    if (!data || !ready) return null;
    const axisDays = data.days.map(axisLabel);
    const activity: EChartsCoreOption = {
      color: [token.colorPrimary, "#52c41a", "#fa8c16"],
      tooltip: { trigger: "axis" },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 56, bottom: 8, containLabel: true },
      xAxis: { type: "category", data: axisDays, boundaryGap: false },
      yAxis: { type: "value", minInterval: 1 },
      series: [
        { name: t("dashboard.series.orders"), type: "line", showSymbol: false, data: data.ordersPerDay },
        { name: t("dashboard.series.paid"), type: "line", showSymbol: false, data: data.paidPerDay },
        ...(data.leadsPerDay
          ? [{ name: t("dashboard.series.leads"), type: "line", showSymbol: false, data: data.leadsPerDay }]
          : []),
      ],
    };
    const { unit, divisor } = throughputUnit(data.bandwidthPerDay);
    const bandwidth: EChartsCoreOption = {
      color: [token.colorPrimary],
      tooltip: { trigger: "axis", valueFormatter: (value: number) => `${value} ${unit}` },
      grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: "category", data: axisDays, boundaryGap: false },
      yAxis: { type: "value", name: t("dashboard.bandwidthAxis", { unit }), nameTextStyle: { align: "left" } },
      series: [
        {
          name: t("dashboard.charts.bandwidth"),
          type: "line",
          showSymbol: false,
          areaStyle: { opacity: 0.15 },
          data: data.bandwidthPerDay.map((bps) => Math.round((bps / divisor) * 100) / 100),
        },
      ],
    };
    const revenueRows = data.revenue.filter((row) => row.currency === shownCurrency);
    const digits = shownCurrency ? minorDigits(shownCurrency) : 0;
    const revenue: EChartsCoreOption = {
      color: [token.colorPrimary],
      tooltip: {
        trigger: "axis",
        valueFormatter: (value: number) =>
          shownCurrency
            ? formatMoney({ minor: Math.round(value * 10 ** digits), currency: shownCurrency }, language)
            : "",
      },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      yAxis: { type: "category", inverse: true, data: revenueRows.map((row) => t(`nav.products_.${row.product}`)) },
      xAxis: { type: "value", axisLabel: { hideOverlap: true } },
      series: [{ type: "bar", barMaxWidth: 28, data: revenueRows.map((row) => row.amount / 10 ** digits) }],
    };
    const status: EChartsCoreOption = {
      tooltip: { trigger: "item" },
      legend: { bottom: 0 },
      series: [
        {
          type: "pie",
          radius: ["45%", "70%"],
          center: ["50%", "45%"],
          label: { position: "inside", formatter: "{c}", color: "#fff", fontWeight: 600 },
          data: data.statusMix.map((row) => ({
            name: t(`dashboard.statuses.${row.status}`),
            value: row.count,
            itemStyle: { color: STATUS_COLOURS[row.status] },
          })),
        },
      ],
    };
    return { activity, bandwidth, revenue, status };
  }, [data, ready, t, token.colorPrimary, shownCurrency, language]);

  if (failed) return <Result status="warning" title={ready ? t("dashboard.loadFailed") : ""} />;
  if (!data || !ready || !charts) return <Skeleton active paragraph={{ rows: 8 }} />;

  const exportReport = async () => {
    setExporting(true);
    const hide = message.loading(t("dashboard.exporting"), 0);
    try {
      const title = t("dashboard.reportTitle");
      await saveReportPdf(report.current!, { title, fileName: `${title}.pdf` });
      void message.success(t("dashboard.exported"));
    } catch (error) {
      console.error("dashboard: the report could not be made", error);
      void message.error(t("dashboard.exportFailed"));
    } finally {
      hide();
      setExporting(false);
    }
  };

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
  const date = (day: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(`${day}T12:00:00Z`));
  const nothing = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.noData")} />;

  return (
    <div className="dashboard" ref={report}>
      <header className="dashboard__report-head report-only" data-report-block>
        <h1>{t("dashboard.reportTitle")}</h1>
        <p>
          {branding.company} · {t(`dashboard.scope.${data.scope}`)} ·{" "}
          {t("dashboard.reportPeriod", { from: date(data.days[0]!), to: date(data.days.at(-1)!) })}
        </p>
        <p>
          {t("dashboard.generatedAt", {
            at: new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date()),
          })}
        </p>
      </header>
      <div className="dashboard__toolbar" data-report-skip>
        <h2 className="dashboard__heading">
          {heading ? `${t("dashboard.heading")} ` : null}
          <Tag>{t(`dashboard.scope.${data.scope}`)}</Tag>
        </h2>
        <Radio.Group
          aria-label={t("dashboard.window")}
          optionType="button"
          value={days}
          onChange={(event) => setDays(event.target.value as number)}
          options={PERIODS.map((count) => ({ value: count, label: t("dashboard.lastDays", { count }) }))}
        />
        <Button onClick={exportReport} loading={exporting}>
          {t("dashboard.export")}
        </Button>
      </div>
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
            <Figure
              label={t("dashboard.figures.leads")}
              value={number(sum(data.leadsPerDay))}
              testId="dashboard-leads"
            />
          </Col>
        ) : null}
        <Col xs={12} lg={6}>
          <Figure label={t("dashboard.figures.revenue")} value={revenueText} testId="dashboard-revenue" />
        </Col>
        <Col xs={24} lg={6}>
          <Figure
            label={t("dashboard.figures.bandwidth")}
            value={formatBandwidth(data.bandwidthPerDay.at(-1) ?? 0, language)}
            testId="dashboard-bandwidth"
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]} className="dashboard__charts" data-report-block>
        <Col xs={24} lg={16}>
          <Panel title={t("dashboard.charts.activity")}>
            <EChart option={charts.activity} label={t("dashboard.charts.activity")} />
          </Panel>
        </Col>
        <Col xs={24} lg={8}>
          <Panel title={t("dashboard.charts.status")}>
            {data.statusMix.length ? <EChart option={charts.status} label={t("dashboard.charts.status")} /> : nothing}
          </Panel>
        </Col>
      </Row>
      <Row gutter={[16, 16]} className="dashboard__charts" data-report-block>
        <Col xs={24} lg={12}>
          <Panel title={t("dashboard.charts.bandwidth")}>
            <EChart option={charts.bandwidth} label={t("dashboard.charts.bandwidth")} />
          </Panel>
        </Col>
        <Col xs={24} lg={12}>
          <Panel
            title={
              <span className="dashboard__panel-title">
                {t("dashboard.charts.revenue")}
                {currencies.length > 1 ? (
                  <Radio.Group
                    size="small"
                    optionType="button"
                    value={shownCurrency}
                    onChange={(event) => setCurrency(event.target.value as string)}
                    options={currencies.map((code) => ({ value: code, label: code }))}
                  />
                ) : null}
              </span>
            }
          >
            {data.revenue.length ? <EChart option={charts.revenue} label={t("dashboard.charts.revenue")} /> : nothing}
          </Panel>
        </Col>
      </Row>
    </div>
  );
}
