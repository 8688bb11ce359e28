import type { OperLogQuery, OperLogView } from "@rampart/contracts";
import { DatePicker, Form, Input, Select, Skeleton, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable } from "../list-page/list-page";
import { usePagedList } from "../list-page/paged-list";
import { dayRangeParams, ListSearch } from "../list-search";
import { useDateTime } from "./date-time";
import { monitorApi } from "./monitor-api";
import { useMonitorMessages } from "./monitor-messages";
import { RecordChanges } from "./record-changes";

type Filters = Omit<Partial<OperLogQuery>, "pageNum" | "pageSize">;
type Outcome = "success" | "failure" | "unknown";
interface SearchForm {
  userName?: string;
  module?: string;
  outcome?: Outcome;
  days?: [Dayjs | null, Dayjs | null] | null;
}

const MODULES = ["order", "lead", "system", "monitor", "file", "control", "auth"] as const;
const OUTCOME_COLOURS: Record<Outcome, string> = { success: "green", failure: "red", unknown: "orange" };
/** 0: the answer was never recorded (the change may have been made). */
const outcomeOf = (code: number): Outcome => (code === 0 ? "unknown" : code < 400 ? "success" : "failure");
const TYPE_COLOURS: Record<string, string> = { POST: "blue", PUT: "gold", PATCH: "gold", DELETE: "red" };

function filtersOf(form: SearchForm): Filters {
  return {
    ...(form.userName?.trim() ? { userName: form.userName.trim() } : {}),
    ...(form.module ? { module: form.module } : {}),
    ...(form.outcome ? { outcome: form.outcome } : {}),
    ...dayRangeParams(form.days),
  };
}

/** The search's fields, kept in the page's address. */
const FILTERS = ["userName", "module", "outcome", "beginTime", "endTime"] as const;

/**
 * System monitoring → Operation log: every change made through the API that the operator may see
 * (their site's accounts' when bound to one): who, what, the outcome; under each row the record,
 * what was sent (secrets removed) and the fields it changed, before and after.
 */
export default function OperLogViewPage({ title }: ViewProps) {
  const ready = useMonitorMessages();
  return ready ? <OperLog title={title} /> : <Skeleton active />;
}

function OperLog({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  const dateTime = useDateTime();
  const [form] = Form.useForm<SearchForm>();
  const list = usePagedList<OperLogView, Filters>(monitorApi.operLog, FILTERS);
  const { rows, loading, pagination } = list;
  const known = (prefix: string, key: string) => (i18n.exists(`${prefix}.${key}`) ? t(`${prefix}.${key}`) : key);
  const method = (route: string) => route.split(" ")[0] ?? "";

  const columns: ColumnsType<OperLogView> = [
    {
      title: t("monitor.operLog.columns.module"),
      dataIndex: "module",
      render: (m: string) => known("monitor.operLog.modules", m),
    },
    {
      title: t("monitor.operLog.columns.type"),
      dataIndex: "route",
      key: "type",
      render: (route: string) => (
        <Tag color={TYPE_COLOURS[method(route)]}>{known("monitor.operLog.types", method(route))}</Tag>
      ),
    },
    {
      title: t("monitor.operLog.columns.route"),
      dataIndex: "route",
      responsive: ["md"],
      render: (route: string) => <code className="oper-route">{route.slice(method(route).length + 1)}</code>,
    },
    {
      title: t("monitor.operLog.columns.userName"),
      dataIndex: "userName",
      render: (name: string) => name || <em>{t("monitor.operLog.visitor")}</em>,
    },
    { title: t("monitor.operLog.columns.ip"), dataIndex: "ip", responsive: ["lg"] },
    {
      title: t("monitor.operLog.columns.outcome"),
      dataIndex: "statusCode",
      render: (code: number) => (
        <Tag color={OUTCOME_COLOURS[outcomeOf(code)]}>{t(`monitor.operLog.outcomes.${outcomeOf(code)}`)}</Tag>
      ),
    },
    {
      title: t("monitor.operLog.columns.cost"),
      dataIndex: "costMs",
      responsive: ["lg"],
      render: (ms: number) => t("monitor.operLog.costValue", { ms }),
    },
    { title: t("monitor.operLog.columns.at"), dataIndex: "createdAt", render: dateTime },
  ];

  return (
    <ListPage title={title}>
      <ListSearch name="operLogSearch" form={form} list={list} filtersOf={filtersOf} rangeField="days">
        <Form.Item name="userName" label={t("monitor.operLog.userName")}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="module" label={t("monitor.operLog.module")}>
          <Select
            allowClear
            placeholder={t("list.any")}
            options={MODULES.map((m) => ({ value: m, label: t(`monitor.operLog.modules.${m}`) }))}
            style={{ minWidth: 160 }}
          />
        </Form.Item>
        <Form.Item name="outcome" label={t("monitor.operLog.outcome")}>
          <Select
            allowClear
            placeholder={t("list.any")}
            options={(["success", "failure", "unknown"] as const).map((o) => ({
              value: o,
              label: t(`monitor.operLog.outcomes.${o}`),
            }))}
            style={{ minWidth: 120 }}
          />
        </Form.Item>
        <Form.Item name="days" label={t("monitor.operLog.days")}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t("monitor.operLog.from"), t("monitor.operLog.to")]}
          />
        </Form.Item>
      </ListSearch>
      <ListTable<OperLogView>
        rowKey="operId"
        loading={loading}
        columns={columns}
        dataSource={rows}
        emptyText={t("monitor.operLog.empty")}
        expandable={{
          expandedRowRender: (row) => (
            <div className="oper-detail">
              {row.statusCode >= 400 ? (
                <p className="oper-detail__refused">
                  {t("monitor.operLog.refusedWith", { code: row.statusCode, message: row.error })}
                </p>
              ) : null}
              <RecordChanges before={row.before} after={row.after} />
              <dl className="oper-detail__facts">
                <dt>{t("monitor.operLog.columns.route")}</dt>
                <dd>
                  <code>{row.route}</code>
                </dd>
                {Object.keys(row.target).length > 0 ? (
                  <>
                    <dt>{t("monitor.operLog.record")}</dt>
                    <dd>
                      <code>{JSON.stringify(row.target)}</code>
                    </dd>
                  </>
                ) : null}
                {row.body !== null && row.body !== undefined ? (
                  <>
                    <dt>{t("monitor.operLog.sent")}</dt>
                    <dd>
                      <pre className="oper-detail__json">{JSON.stringify(row.body, null, 2)}</pre>
                    </dd>
                  </>
                ) : null}
              </dl>
            </div>
          ),
        }}
        pagination={pagination((count) => t("monitor.operLog.total", { total: count }))}
      />
    </ListPage>
  );
}
