import type { UsageSeriesView } from "@rampart/contracts";
import { Col, Row } from "antd";
import { useTranslation } from "react-i18next";
import { Panel } from "../parts/panel";
import { usageTotals } from "./usage-charts";
import { formatBps, formatBytes, formatCount, formatNumber } from "./usage-format";

function Figure({ label, value, name, exact }: { label: string; value: string; name: string; exact?: string }) {
  return (
    <Panel>
      <div className="figure__label">{label}</div>
      <div className="figure__value" data-figure={name} title={exact}>
        {value}
      </div>
    </Panel>
  );
}

/** The range's figures at a glance, above the charts. */
export function UsageFigures({ data, language }: { data: UsageSeriesView; language: string }) {
  const { t } = useTranslation();
  const totals = usageTotals(data);
  const figures: [string, string, string?][] = [
    ["bytesOut", formatBytes(totals.bytesOut, language)],
    ["peakBps", formatBps(totals.peakBps, language)],
    ["p95", data.p95Bps === null ? "—" : formatBps(data.p95Bps, language)],
    ["committed", data.committedBps === null ? "—" : formatBps(data.committedBps, language)],
    ["requests", formatCount(totals.requests, language), formatNumber(totals.requests, language, 0)],
    ["hitRatio", totals.hitRatio === null ? "—" : `${formatNumber(totals.hitRatio, language)} %`],
    ["wafBlocked", formatCount(totals.wafBlocked, language), formatNumber(totals.wafBlocked, language, 0)],
    ["ddosBytes", formatBytes(totals.ddosBytes, language)],
  ];
  return (
    <Row gutter={[12, 12]} className="usage__figures">
      {figures.map(([name, value, exact]) => (
        <Col key={name} xs={12} md={6} xl={3}>
          <Figure name={name} label={t(`usage.figures.${name}`)} value={value} exact={exact} />
        </Col>
      ))}
    </Row>
  );
}
