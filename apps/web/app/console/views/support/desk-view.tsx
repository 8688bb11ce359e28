import { AlertOutlined, SettingOutlined } from "@ant-design/icons";
import type {
  DepartmentView,
  SlaState,
  TicketQueueCounts,
  TicketQueueQuery,
  TicketQueueRow,
  TicketStatus,
} from "@rampart/contracts";
import { Badge, Button, Input, Segmented, Select, Space, Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { usePagedList } from "../list-page/paged-list";
import { useUrlQuery } from "../list-page/url-query";
import { withViewMessages } from "../parts/view-messages";
import { DESK_SETTINGS_TABS, type DeskSettingsTab } from "./desk-settings-tabs";
import { DeskTicketDrawer } from "./desk-ticket-drawer";
import { deskApi } from "./support-api";
import { PRIORITY_COLOURS, SLA_COLOURS, STATUS_COLOURS } from "./ticket-tags";
import "./support.css";

type Filters = { queue?: string; departmentId?: string; priority?: string; keyword?: string };
const FILTERS = ["queue", "departmentId", "priority", "keyword"] as const;
const QUEUES = ["active", "open", "answered", "on_hold", "closed", "mine", "unassigned"] as const;
const DESK = listSpec<TicketQueueRow>("desk", "ticketNo");
/** The desk's settings (departments, canned replies, service levels, quarantine) load when opened. */
const DeskSettingsDrawer = lazy(() => import("./desk-settings-drawer"));
const isSettingsTab = (tab: string | null): tab is DeskSettingsTab =>
  (DESK_SETTINGS_TABS as readonly (string | null)[]).includes(tab);

/** A queue's name as the server's filters (the default queue: every ticket not closed). */
function queryOf(filters: Filters & { pageNum: number; pageSize: 10 | 20 | 30 | 50 }): Partial<TicketQueueQuery> {
  const { queue = "active", departmentId, priority, keyword, pageNum, pageSize } = filters;
  return {
    pageNum,
    pageSize,
    ...(queue === "mine"
      ? { assignee: "me", status: "active" as const }
      : queue === "unassigned"
        ? { assignee: "none", status: "active" as const }
        : { status: queue as TicketQueueQuery["status"] }),
    ...(departmentId ? { departmentId: Number(departmentId) } : {}),
    ...(priority ? { priority: priority as TicketQueueQuery["priority"] } : {}),
    ...(keyword ? { keyword } : {}),
  };
}
const fetchQueue = (filters: Filters & { pageNum: number; pageSize: 10 | 20 | 30 | 50 }) =>
  deskApi.list(queryOf(filters));

/**
 * Business → Support desk: the queues (active, waiting for us or the customer, on hold, closed,
 * mine, unassigned) with their figures, searched by department, priority and words; each ticket's
 * service-level times in colour; urgent tickets that are paging on-call marked; a ticket's whole
 * thread, notes, history and customer in a side panel (?ticket=…, as the alerts link to it); the
 * desk's settings in another (?settings=departments|canned|sla|quarantine), for those who may
 * change them.
 */
export default withViewMessages("support", function Desk({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const list = usePagedList<TicketQueueRow, Filters>(fetchQueue, FILTERS);
  const { params, update } = useUrlQuery();
  const open = params.get("ticket");
  const settings = params.get("settings");
  const [counts, setCounts] = useState<TicketQueueCounts | null>(null);
  const [departments, setDepartments] = useState<DepartmentView[]>([]);
  const loadCounts = useCallback(() => {
    deskApi.counts().then(
      ({ data }) => setCounts(data ?? null),
      () => {},
    );
  }, []);
  useEffect(() => {
    loadCounts();
    deskApi.departments().then(
      ({ data }) => setDepartments(data ?? []),
      () => {},
    );
  }, [loadCounts]);
  const reload = () => {
    void list.load();
    loadCounts();
  };
  const view = (ticketNo: string | null) => update({ ticket: ticketNo ?? undefined });
  const showSettings = (tab: DeskSettingsTab | null) => update({ settings: tab ?? undefined });
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" }).format(
      new Date(iso),
    );
  const filters = list.filters;
  const queue = filters.queue ?? "active";
  const searchWith = (change: Partial<Filters>) => list.search({ ...filters, ...change });
  const countOf = (name: (typeof QUEUES)[number]) => {
    if (!counts) return undefined;
    if (name === "active") return counts.byStatus.open + counts.byStatus.answered + counts.byStatus.on_hold;
    if (name === "mine") return counts.mine;
    if (name === "unassigned") return counts.unassigned;
    return counts.byStatus[name];
  };

  const slaCell = (label: string, state: SlaState, due: string) =>
    state === "none" ? null : (
      <Tooltip title={`${label}: ${when(due)}`}>
        <Tag color={SLA_COLOURS[state]} className="ticket-sla">
          {label} · {t(`desk.sla.${state}`, { time: when(due) })}
        </Tag>
      </Tooltip>
    );
  const columns: ColumnsType<TicketQueueRow> = [
    {
      title: t("desk.columns.ticket"),
      key: "ticket",
      render: (_, row) => (
        <span className="ticket-subject">
          <Button type="link" size="small" className="ticket-subject__title" onClick={() => view(row.ticketNo)}>
            {row.subject}
          </Button>
          <span className="ticket-subject__no">
            #{row.ticketNo} · {row.department}
            {row.paging ? (
              <Tag color="red" icon={<AlertOutlined />} className="ticket-paging">
                {t("desk.paging")}
              </Tag>
            ) : row.urgent ? (
              <Tag color="volcano">{t("desk.urgentTag")}</Tag>
            ) : null}
          </span>
        </span>
      ),
    },
    {
      title: t("desk.columns.customer"),
      key: "customer",
      responsive: ["md"],
      render: (_, row) => (
        <span className="ticket-subject">
          <span>{row.customer.nickName || row.customer.userName}</span>
          <span className="ticket-subject__no">{row.customer.email}</span>
        </span>
      ),
    },
    {
      title: t("desk.columns.priority"),
      dataIndex: "priority",
      render: (priority: TicketQueueRow["priority"]) => (
        <Tag color={PRIORITY_COLOURS[priority]}>{t(`support.priorities.${priority}`)}</Tag>
      ),
    },
    {
      title: t("desk.columns.status"),
      dataIndex: "status",
      responsive: ["sm"],
      render: (status: TicketStatus) => <Tag color={STATUS_COLOURS[status]}>{t(`desk.statuses.${status}`)}</Tag>,
    },
    {
      title: t("desk.columns.due"),
      key: "due",
      responsive: ["lg"],
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          {row.firstReplySla !== "met" ? slaCell(t("desk.sla.firstReply"), row.firstReplySla, row.firstReplyDue) : null}
          {slaCell(t("desk.sla.resolution"), row.resolutionSla, row.resolutionDue)}
        </Space>
      ),
    },
    {
      title: t("desk.columns.assignee"),
      key: "assignee",
      responsive: ["lg"],
      render: (_, row) => row.assignee?.userName ?? <span className="ticket-muted">{t("desk.unassigned")}</span>,
    },
    { title: t("desk.columns.updatedAt"), dataIndex: "updatedAt", responsive: ["xl"], render: when },
  ];

  return (
    <DeclaredListPage
      spec={DESK}
      title={title}
      intro={<p className="support-intro">{t("desk.intro")}</p>}
      above={
        <div className="desk-queues">
          <Segmented
            value={queue}
            onChange={(value) => searchWith({ queue: value === "active" ? undefined : String(value) })}
            options={QUEUES.map((name) => ({
              value: name,
              label: (
                <span className="desk-queue">
                  {t(`desk.queues.${name}`)}
                  {countOf(name) !== undefined ? <span className="desk-queue__count">{countOf(name)}</span> : null}
                </span>
              ),
            }))}
          />
          {counts && counts.paging > 0 ? (
            <Badge status="error" text={t("desk.pagingCount", { count: counts.paging })} className="desk-alarm" />
          ) : null}
          {counts && counts.breached > 0 ? (
            <Badge status="warning" text={t("desk.breached", { count: counts.breached })} />
          ) : null}
        </div>
      }
      tools={
        <Space wrap className="desk-search">
          <Select
            allowClear
            className="desk-search__select"
            placeholder={t("desk.search.department")}
            value={filters.departmentId ? Number(filters.departmentId) : undefined}
            onChange={(value?: number) => searchWith({ departmentId: value ? String(value) : undefined })}
            options={departments.map((d) => ({ value: d.departmentId, label: d.name }))}
          />
          <Select
            allowClear
            className="desk-search__select"
            placeholder={t("desk.search.priority")}
            value={filters.priority}
            onChange={(value?: string) => searchWith({ priority: value })}
            options={(["urgent", "high", "normal", "low"] as const).map((value) => ({
              value,
              label: t(`support.priorities.${value}`),
            }))}
          />
          <Input.Search
            allowClear
            className="desk-search__keyword"
            placeholder={t("desk.search.keyword")}
            defaultValue={filters.keyword}
            onSearch={(value) => searchWith({ keyword: value.trim() || undefined })}
          />
        </Space>
      }
      actions={
        <Can permissions={["business:ticket:edit"]}>
          <Button icon={<SettingOutlined />} onClick={() => showSettings("departments")}>
            {t("deskSettings.open")}
          </Button>
        </Can>
      }
      list={list}
      columns={columns}
      table={{ rowClassName: (row) => (row.paging ? "ticket-row--paging" : "") }}
    >
      {open ? <DeskTicketDrawer ticketNo={open} onClose={() => view(null)} onChanged={reload} /> : null}
      {isSettingsTab(settings) ? (
        <Can permissions={["business:ticket:edit"]}>
          <Suspense fallback={null}>
            <DeskSettingsDrawer tab={settings} onTab={showSettings} onClose={() => showSettings(null)} />
          </Suspense>
        </Can>
      ) : null}
    </DeclaredListPage>
  );
});
