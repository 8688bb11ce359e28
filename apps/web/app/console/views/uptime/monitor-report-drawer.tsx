import {
  MONITOR_RANGES,
  type MonitorIncident,
  type MonitorRange,
  type MonitorReport,
  type MonitorView,
} from "@rampart/contracts";
import { Drawer, Empty, Segmented, Skeleton, Table, Tag, theme } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { EChart } from "../parts/e-chart";
import { Panel } from "../parts/panel";
import { responseChart } from "./monitor-chart";
import { monitorsApi } from "./monitors-api";
import { useReasonText } from "./reason-text";

/**
 * A monitor's report in a side panel: uptime over a day, a week, a month and the chosen range; the
 * average and 95th percentile response; the response-time chart; the incidents of the range.
 */
export function MonitorReportDrawer({ monitor, onClose }: { monitor: MonitorView; onClose: () => void }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { token } = theme.useToken();
  const reason = useReasonText();
  const [range, setRange] = useState<MonitorRange>("24h");
  const [report, setReport] = useState<MonitorReport | null>(null);
  useEffect(() => {
    let live = true;
    setReport(null);
    monitorsApi.report(monitor.monitorId, range).then(
      ({ data }) => live && setReport(data ?? null),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [monitor.monitorId, range]);
  const option = useMemo(
    () => (report ? responseChart(report, { t, primary: token.colorPrimary, language }) : null),
    [report, t, token.colorPrimary, language],
  );

  const percent = (value: number | null) =>
    value === null ? t("uptime.never") : t("uptime.percent", { value: new Intl.NumberFormat(language).format(value) });
  const ms = (value: number | null) =>
    value === null ? t("uptime.never") : t("uptime.ms", { ms: new Intl.NumberFormat(language).format(value) });
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const _day = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
  const duration = (incident: MonitorIncident) => {
    const end = incident.endedAt ? Date.parse(incident.endedAt) : Date.now();
    const minutes = Math.max(1, Math.round((end - Date.parse(incident.startedAt)) / 60_000));
    return minutes < 60
      ? t("uptime.report.minutes", { minutes })
      : t("uptime.report.hours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  };
  const figures = report
    ? [
        [t("uptime.report.uptimeDay"), percent(report.uptime.day)],
        [t("uptime.report.uptimeWeek"), percent(report.uptime.week)],
        [t("uptime.report.uptimeMonth"), percent(report.uptime.month)],
        [t("uptime.report.uptimeRange"), percent(report.uptime.range)],
        [t("uptime.report.average"), ms(report.averageMs)],
        [t("uptime.report.p95"), ms(report.p95Ms)],
        ...(monitor.certificateExpiresAt ? [[t("uptime.report.certificate"), when(monitor.certificateExpiresAt)]] : []),
      ]
    : [];

  return (
    <Drawer open title={monitor.name} onClose={onClose} size="large" className="monitor-report">
      <p className="monitor-report__url">
        <code>{monitor.url}</code>
      </p>
      <Segmented<MonitorRange>
        value={range}
        onChange={setRange}
        options={MONITOR_RANGES.map((value) => ({ value, label: t(`uptime.report.ranges.${value}`) }))}
      />
      {!report ? (
        <Skeleton active />
      ) : (
        <>
          <dl className="monitor-figures">
            {figures.map(([label, value]) => (
              <div key={label} className="monitor-figures__item">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <Panel title={t("uptime.report.chart", { range: t(`uptime.report.ranges.${range}`) })}>
            {report.points.length && option ? (
              <EChart
                option={option}
                height={260}
                label={t("uptime.report.chart", { range: t(`uptime.report.ranges.${range}`) })}
              />
            ) : (
              <Empty description={t("uptime.report.noData")} />
            )}
          </Panel>
          <Panel title={t("uptime.report.incidents")}>
            <Table<MonitorIncident>
              size="small"
              rowKey="startedAt"
              pagination={false}
              dataSource={report.incidents}
              locale={{ emptyText: t("uptime.report.noIncidents") }}
              scroll={{ x: "max-content" }}
              columns={[
                { title: t("uptime.report.started"), dataIndex: "startedAt", render: when },
                {
                  title: t("uptime.report.ended"),
                  dataIndex: "endedAt",
                  render: (endedAt: string | null) =>
                    endedAt ? when(endedAt) : <Tag color="red">{t("uptime.report.ongoing")}</Tag>,
                },
                { title: t("uptime.report.duration"), key: "duration", render: (_, incident) => duration(incident) },
                { title: t("uptime.report.cause"), dataIndex: "cause", render: reason },
              ]}
            />
          </Panel>
        </>
      )}
    </Drawer>
  );
}
