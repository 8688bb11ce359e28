import { OperLogQuery, type OperLogView } from "@rampart/contracts";
import { Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { usePagedList } from "../list-page/paged-list";
import { searchKeys, searchSpec } from "../list-page/search-fields";
import { useDateTime } from "../parts/date-time";
import { withViewMessages } from "../parts/view-messages";
import { monitorApi } from "./monitor-api";
import { RecordChanges } from "./record-changes";

type Filters = Omit<Partial<OperLogQuery>, "pageNum" | "pageSize">;
type Outcome = "success" | "failure" | "unknown";
const MODULES = ["order", "lead", "system", "monitor", "file", "control", "auth"] as const;
const OUTCOME_COLOURS: Record<Outcome, string> = { success: "green", failure: "red", unknown: "orange" };
/** 0: the answer was never recorded (the change may have been made). */
const outcomeOf = (code: number): Outcome => (code === 0 ? "unknown" : code < 400 ? "success" : "failure");
const TYPE_COLOURS: Record<string, string> = { POST: "blue", PUT: "gold", PATCH: "gold", DELETE: "red" };

const OPER_LOG_PAGE = listSpec<OperLogView>("monitor.operLog", "operId", {
  search: searchSpec(
    "operLogSearch",
    OperLogQuery,
    [
      { name: "userName" },
      { kind: "choice", name: "module", options: "monitor.operLog.modules", values: MODULES, minWidth: 160 },
      { kind: "choice", name: "outcome", options: "monitor.operLog.outcomes" },
      { kind: "days", name: "days", from: "monitor.operLog.from", to: "monitor.operLog.to" },
    ],
    "monitor.operLog",
  ),
});
const FILTERS = searchKeys<Filters>(OPER_LOG_PAGE.search);

/**
 * System monitoring → Operation log: every change made through the API that the operator may see
 * (their site's accounts' when bound to one): who, what, the outcome; under each row the record,
 * what was sent (secrets removed) and the fields it changed, before and after.
 */
export default withViewMessages("monitor", function OperLog({ title }: ViewProps) {
  const { t, i18n } = useTranslation();
  const dateTime = useDateTime();
  const list = usePagedList<OperLogView, Filters>(monitorApi.operLog, FILTERS);
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
    <DeclaredListPage
      spec={OPER_LOG_PAGE}
      title={title}
      list={list}
      columns={columns}
      table={{
        expandable: {
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
        },
      }}
    />
  );
});
