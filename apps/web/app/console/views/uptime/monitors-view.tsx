import type { MonitorView } from "@rampart/contracts";
import { App, Button, Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { confirmAction } from "../../controls/confirm-action";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { useOperationsColumn } from "../list-page/operations-column";
import { useRecordDialog } from "../list-page/record-dialog";
import { withViewMessages } from "../parts/view-messages";
import { daysUntil } from "../services/service-cells";
import { MonitorDialog } from "./monitor-dialog";
import { MonitorReportDrawer } from "./monitor-report-drawer";
import { bodyOf, monitorsApi } from "./monitors-api";
import { useReasonText } from "./reason-text";
import "./uptime.css";

const STATE_COLOURS = { pending: "default", up: "green", down: "red", paused: "default" } as const;
/** A certificate this close to its end is shown in orange. */
const CERTIFICATE_WARNING_DAYS = 30;

const MONITORS_PAGE = listSpec<MonitorView>("uptime", "monitorId", { add: true });

/**
 * Control center → Monitoring: the customer's website checks, each with its state (up, down since
 * when and why, not checked yet, paused), last response time, uptime over a day and a month, last
 * check and the certificate the site served; added, edited, paused, checked now, deleted; its
 * report (chart, incidents) in a side panel.
 */
export default withViewMessages("uptime", function Monitors({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const reason = useReasonText();
  const fetchRows = useCallback(() => monitorsApi.list(), []);
  const list = useLoadedList<MonitorView>(fetchRows);
  const { rows, load } = list;
  const dialog = useRecordDialog<MonitorView, true>(load, () => null);
  const [viewing, setViewing] = useState<MonitorView | null>(null);
  // A monitor not checked yet (just added or switched on) is checked within seconds: read again until it is.
  const waiting = rows.some((row) => row.state === "pending");
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void load(), 3_000);
    return () => clearInterval(timer);
  }, [waiting, load]);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const day = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
  const percent = (value: number | null) =>
    value === null ? t("uptime.never") : t("uptime.percent", { value: new Intl.NumberFormat(language).format(value) });

  const act = async (action: () => Promise<{ msg?: string }>) => {
    try {
      const answer = await action();
      if (answer.msg) void message.success(answer.msg);
    } finally {
      await load();
    }
  };
  const checkNow = (monitor: MonitorView) =>
    act(async () => {
      const answer = await monitorsApi.checkNow(monitor.monitorId);
      // The check takes a moment: the list is read again when it has likely been made.
      setTimeout(() => void load(), 3_000);
      return answer;
    });
  const setEnabled = (monitor: MonitorView, enabled: boolean) =>
    act(() => monitorsApi.update(monitor.monitorId, { ...bodyOf(monitor), enabled }));
  const remove = (monitor: MonitorView) =>
    confirmAction(modal, t, {
      content: t("uptime.removeText", { name: monitor.name }),
      action: () => act(() => monitorsApi.remove(monitor.monitorId)),
    });

  const operations = useOperationsColumn<MonitorView>(t("uptime.columns.operations"), [
    { label: t("uptime.actions.details"), onClick: setViewing },
    { label: t("uptime.actions.checkNow"), shown: (m) => m.enabled, onClick: (m) => void checkNow(m) },
    { label: t("uptime.actions.edit"), onClick: dialog.openFor },
    { label: t("uptime.actions.pause"), shown: (m) => m.enabled, onClick: (m) => void setEnabled(m, false) },
    { label: t("uptime.actions.resume"), shown: (m) => !m.enabled, onClick: (m) => void setEnabled(m, true) },
    { label: t("uptime.actions.remove"), danger: true, onClick: remove },
  ]);
  const columns: ColumnsType<MonitorView> = [
    {
      title: t("uptime.columns.monitor"),
      key: "monitor",
      render: (_, monitor) => (
        <span className="monitor-name">
          <Button type="link" size="small" className="monitor-name__title" onClick={() => setViewing(monitor)}>
            {monitor.name}
          </Button>
          <code className="monitor-name__url">{monitor.url}</code>
          <span className="monitor-name__every">
            {monitor.method} · {t("uptime.every", { interval: t(`uptime.intervals.${monitor.intervalSeconds}`) })}
          </span>
        </span>
      ),
    },
    {
      title: t("uptime.columns.state"),
      key: "state",
      render: (_, monitor) => (
        <span className="monitor-state">
          <Tag color={STATE_COLOURS[monitor.state]} data-state={monitor.state}>
            {t(`uptime.states.${monitor.state}`)}
          </Tag>
          {monitor.state === "down" && monitor.downSince ? (
            <span className="monitor-state__since">{t("uptime.downSince", { since: when(monitor.downSince) })}</span>
          ) : null}
          {monitor.lastError && monitor.state !== "paused" ? (
            <span className="monitor-state__reason">{reason(monitor.lastError)}</span>
          ) : null}
        </span>
      ),
    },
    {
      title: t("uptime.columns.response"),
      dataIndex: "lastMs",
      align: "right",
      render: (ms: number | null, monitor) =>
        ms === null || monitor.lastError
          ? t("uptime.never")
          : t("uptime.ms", { ms: new Intl.NumberFormat(language).format(ms) }),
    },
    { title: t("uptime.columns.uptimeDay"), dataIndex: "uptimeDay", align: "right", render: percent },
    {
      title: t("uptime.columns.uptimeMonth"),
      dataIndex: "uptimeMonth",
      align: "right",
      responsive: ["md"],
      render: percent,
    },
    {
      title: t("uptime.columns.lastCheck"),
      dataIndex: "lastCheckedAt",
      responsive: ["lg"],
      render: (at: string | null) => (at ? when(at) : t("uptime.never")),
    },
    {
      title: t("uptime.columns.certificate"),
      dataIndex: "certificateExpiresAt",
      responsive: ["lg"],
      render: (at: string | null) => {
        if (!at) return t("uptime.never");
        const days = daysUntil(at);
        return (
          <Tooltip title={t("uptime.certificateDays", { days })}>
            <span className={days <= CERTIFICATE_WARNING_DAYS ? "monitor-certificate--soon" : undefined}>
              {t("uptime.certificateUntil", { date: day(at) })}
            </span>
          </Tooltip>
        );
      },
    },
    operations,
  ];

  return (
    <DeclaredListPage
      spec={MONITORS_PAGE}
      title={title}
      intro={<p className="monitor-intro">{t("uptime.intro")}</p>}
      list={list}
      columns={columns}
      onAdd={dialog.openNew}
    >
      {dialog.open ? <MonitorDialog monitor={dialog.record} onClose={(saved) => dialog.close(saved || null)} /> : null}
      {viewing ? <MonitorReportDrawer monitor={viewing} onClose={() => setViewing(null)} /> : null}
    </DeclaredListPage>
  );
});
