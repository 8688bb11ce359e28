import type { DashboardView } from "@rampart/contracts";
import { Alert, App, Button, Col, Empty, Radio, Result, Row, Skeleton, Tag, theme } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { EChart } from "../parts/e-chart";
import { Panel } from "../parts/panel";
import { dashboardApi } from "./dashboard-api";
import { dashboardCharts } from "./dashboard-charts";
import { DashboardFigures } from "./dashboard-figures";
import { saveReportPdf } from "./report-pdf";
import "./dashboard.css";
import { useViewMessages } from "../parts/view-messages";

const PERIODS = [7, 30, 90] as const;

/**
 * The dashboard of the control center and of Business → Dashboard: the signed-in user's scope
 * (their own orders and packages, their site's business, or every site's) over 7, 30 or 90 days,
 * drawn with ECharts and saved as the 'Safety analysis report' PDF.
 */
export default function DashboardSection({ heading = true }: { heading?: boolean }) {
  const ready = useViewMessages("dashboard");
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

  const charts = useMemo(
    () => (data && ready ? dashboardCharts(data, { t, language, primary: token.colorPrimary, shownCurrency }) : null),
    [data, ready, t, token.colorPrimary, shownCurrency, language],
  );

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

  const date = (day: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(`${day}T12:00:00Z`));
  // A customer's own money is what they spent, not revenue; they have no leads.
  const moneyTitle = t(data.scope === "own" ? "dashboard.charts.spending" : "dashboard.charts.revenue");
  const activityTitle = t(data.leadsPerDay ? "dashboard.charts.activity" : "dashboard.charts.ordersPerDay");
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
      {data.cnamePlaceholder ? (
        <Alert
          type="warning"
          showIcon
          className="dashboard__setup"
          data-report-skip
          title={t("dashboard.cnamePlaceholder")}
          action={
            <Link to={`/system/config?configKey=${encodeURIComponent("sys.domain.cname")}`}>
              {t("dashboard.cnamePlaceholderLink")}
            </Link>
          }
        />
      ) : null}
      <DashboardFigures data={data} />
      <Row gutter={[16, 16]} className="dashboard__charts" data-report-block>
        <Col xs={24} lg={16}>
          <Panel title={activityTitle}>
            <EChart option={charts.activity} label={activityTitle} />
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
                {moneyTitle}
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
            {data.revenue.length ? <EChart option={charts.revenue} label={moneyTitle} /> : nothing}
          </Panel>
        </Col>
      </Row>
    </div>
  );
}
