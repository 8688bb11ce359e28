import { DOMAIN_PRODUCTS, type UsageRange, type UsageSeriesQuery, type UsageSeriesView } from "@rampart/contracts";
import { Button, Col, DatePicker, Empty, Radio, Result, Row, Select, Skeleton, Tag, theme } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { EChart } from "../parts/e-chart";
import { Panel } from "../parts/panel";
import { useViewMessages } from "../parts/view-messages";
import { usageApi } from "./usage-api";
import { usageCharts } from "./usage-charts";
import { csvFileName, downloadCsv, usageCsv } from "./usage-csv";
import { UsageFigures } from "./usage-figures";
import { AttackList, TopLists } from "./usage-tables";
import "./usage.css";

const RANGES: UsageRange[] = ["24h", "7d", "30d", "custom"];
type Change = (change: Partial<UsageSeriesQuery>) => void;

/**
 * A package's usage (Control center → My services → Usage, ?oid=): traffic, bandwidth with the
 * range's 95th percentile and the bandwidth bought, requests and cache hits, status classes,
 * what the WAF and DDoS protection stopped, the attacks (listed and shaded on the timeline) and
 * the top lists, over 24 hours, 7 or 30 days or chosen days, for the package or one domain; CSV.
 */
export default function UsageView({ title }: ViewProps) {
  const ready = useViewMessages("usage");
  const [params] = useSearchParams();
  return ready ? <Usage title={title} orderNo={params.get("oid") ?? ""} /> : <Skeleton active />;
}

/** The query the address asks for (range, days, domain), kept there so that a reload shows the same. */
function useUsageQuery(): [UsageSeriesQuery, Change] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("range") ?? "";
  const range = (RANGES as string[]).includes(asked) ? (asked as UsageRange) : "24h";
  const query: UsageSeriesQuery = {
    range,
    ...(range === "custom" ? { from: params.get("from") ?? "", to: params.get("to") ?? "" } : {}),
    domain: params.get("domain") ?? "",
  };
  const change: Change = (next) => {
    const merged = { ...query, ...next };
    const kept = new URLSearchParams({ oid: params.get("oid") ?? "", range: merged.range ?? "24h" });
    if (merged.range === "custom" && merged.from && merged.to) {
      kept.set("from", merged.from);
      kept.set("to", merged.to);
    }
    if (merged.domain) kept.set("domain", merged.domain);
    setParams(kept, { replace: true });
  };
  return [query, change];
}

/** The package's usage for a query: the last answer kept on the page while the next one loads. */
function useUsageData(orderNo: string, query: UsageSeriesQuery) {
  const [data, setData] = useState<UsageSeriesView | null>(null);
  const [missing, setMissing] = useState(false);
  const [loading, setLoading] = useState(true);
  const key = JSON.stringify(query);
  useEffect(() => {
    const asked = JSON.parse(key) as UsageSeriesQuery;
    if (asked.range === "custom" && (!asked.from || !asked.to)) return;
    let live = true;
    setLoading(true);
    usageApi.series(orderNo, asked).then(
      ({ data }) => {
        if (!live) return;
        setData(data);
        setMissing(false);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setMissing(true);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [orderNo, key]);
  return { data, missing, loading };
}

function Usage({ title, orderNo }: { title: string; orderNo: string }) {
  const { t } = useTranslation();
  const [query, change] = useUsageQuery();
  const { data, missing, loading } = useUsageData(orderNo, query);
  if (missing && !data) return <Result status="404" title={t("usage.missing")} />;
  if (!data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <div className="usage" aria-busy={loading}>
      <UsageHead title={title} data={data} />
      <UsageToolbar data={data} query={query} change={change} loading={loading} />
      {data.reported ? (
        <UsageBody data={data} />
      ) : (
        <Panel>
          <Empty description={t("usage.empty")} />
        </Panel>
      )}
    </div>
  );
}

/** The page's title, the package, the reader's time zone and a way to the package's domains. */
function UsageHead({ title, data }: { title: string; data: UsageSeriesView }) {
  const { t } = useTranslation();
  return (
    <header className="usage__head">
      <h1 className="usage__title">{title}</h1>
      <span className="usage__service">
        {t(`nav.products_.${data.product}`)} · {data.orderNo}
      </span>
      <Tag className="usage__zone">{t("usage.timeZone", { zone: data.timeZone })}</Tag>
      {(DOMAIN_PRODUCTS as readonly string[]).includes(data.product) ? (
        <Link to={`/control/services/domains?oid=${encodeURIComponent(data.orderNo)}`} className="usage__domains-link">
          {t("usage.manageDomains")}
        </Link>
      ) : null}
    </header>
  );
}

/**
 * The range (and the days when chosen), the domain, the CSV of what is shown (not while the next
 * range loads: the file would hold the figures being replaced), the points' width.
 */
function UsageToolbar({
  data,
  query,
  change,
  loading,
}: {
  data: UsageSeriesView;
  query: UsageSeriesQuery;
  change: Change;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(query.range === "custom");
  const shownRange = picking ? "custom" : (query.range ?? "24h");
  const chooseRange = (range: UsageRange) => {
    setPicking(range === "custom");
    if (range !== "custom") change({ range });
  };
  const chooseDays = (days: [Dayjs | null, Dayjs | null] | null) => {
    if (days?.[0] && days[1])
      change({ range: "custom", from: days[0].format("YYYY-MM-DD"), to: days[1].format("YYYY-MM-DD") });
  };
  return (
    <div className="usage__toolbar">
      <Radio.Group
        aria-label={t("usage.range")}
        optionType="button"
        value={shownRange}
        onChange={(event) => chooseRange(event.target.value as UsageRange)}
        options={RANGES.map((range) => ({ value: range, label: t(`usage.ranges.${range}`) }))}
      />
      {shownRange === "custom" ? (
        <DatePicker.RangePicker
          aria-label={t("usage.ranges.custom")}
          value={query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null}
          disabledDate={(day) => day.isAfter(dayjs().add(1, "day"), "day") || day.isBefore(dayjs(data.keptSince))}
          onChange={(days) => chooseDays(days as [Dayjs | null, Dayjs | null] | null)}
        />
      ) : null}
      {data.domains.length ? (
        <Select
          aria-label={t("usage.domain")}
          className="usage__domain"
          value={data.domain}
          onChange={(domain: string) => change({ domain })}
          options={[
            { value: "", label: t("usage.allDomains") },
            ...data.domains.map((name) => ({ value: name, label: name })),
          ]}
        />
      ) : null}
      <Button onClick={() => downloadCsv(usageCsv(data, t), csvFileName(data))} disabled={!data.reported || loading}>
        {t("usage.csvButton")}
      </Button>
      <span className="usage__granularity">{t(`usage.granularity.${data.granularity}`)}</span>
    </div>
  );
}

/** The figures, the charts, the attacks and the top lists of a package the platform reports on. */
function UsageBody({ data }: { data: UsageSeriesView }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { token } = theme.useToken();
  const charts = useMemo(
    () => usageCharts(data, { t, language, primary: token.colorPrimary }),
    [data, t, language, token.colorPrimary],
  );
  const panel = (name: keyof typeof charts, height = 280) => (
    <Panel title={t(`usage.charts.${name}`)}>
      <EChart option={charts[name]} height={height} label={t(`usage.charts.${name}`)} />
    </Panel>
  );
  return (
    <>
      <UsageFigures data={data} language={language} />
      <Row gutter={[16, 16]} className="usage__charts">
        <Col xs={24}>{panel("bandwidth", 320)}</Col>
        {(["traffic", "requests", "statuses", "security"] as const).map((name) => (
          <Col key={name} xs={24} xl={12}>
            {panel(name)}
          </Col>
        ))}
        <Col xs={24}>
          <AttackList data={data} language={language} />
        </Col>
        <Col xs={24}>
          <TopLists data={data} language={language} />
        </Col>
      </Row>
      {data.p95Bps === null ? <p className="usage__note">{t("usage.p95Unavailable")}</p> : null}
    </>
  );
}
