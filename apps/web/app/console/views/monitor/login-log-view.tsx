import { LoginLogQuery, type LoginLogView } from "@rampart/contracts";
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
import { describeUserAgent } from "./user-agent";

type Filters = Omit<Partial<LoginLogQuery>, "pageNum" | "pageSize">;
const LOGIN_LOG_PAGE = listSpec<LoginLogView>("monitor.loginLog", "logId", {
  search: searchSpec(
    "loginLogSearch",
    LoginLogQuery,
    [
      { name: "userName" },
      { name: "ip" },
      { kind: "choice", name: "outcome", options: "monitor.loginLog.outcomes" },
      { kind: "days", name: "days", from: "monitor.loginLog.from", to: "monitor.loginLog.to" },
    ],
    "monitor.loginLog",
  ),
});
const FILTERS = searchKeys<Filters>(LOGIN_LOG_PAGE.search);

/**
 * System monitoring → Login log: every login attempt the operator may see (their site's accounts'
 * when bound to one), newest first, searched by user, address, result and dates.
 */
export default withViewMessages("monitor", function LoginLog({ title }: ViewProps) {
  const { t, i18n } = useTranslation();
  const dateTime = useDateTime();
  const list = usePagedList<LoginLogView, Filters>(monitorApi.loginLog, FILTERS);
  const detail = (key: string) => {
    const path = `monitor.loginLog.messages.${key}`;
    return i18n.exists(path) ? t(path) : key;
  };

  const columns: ColumnsType<LoginLogView> = [
    { title: t("monitor.loginLog.columns.userName"), dataIndex: "userName" },
    { title: t("monitor.loginLog.columns.ip"), dataIndex: "ip" },
    {
      title: t("monitor.loginLog.columns.browser"),
      dataIndex: "userAgent",
      responsive: ["md"],
      render: (userAgent: string) => <span title={userAgent}>{describeUserAgent(userAgent)}</span>,
    },
    {
      title: t("monitor.loginLog.columns.outcome"),
      dataIndex: "success",
      render: (success: boolean) => (
        <Tag color={success ? "green" : "red"}>{t(`monitor.loginLog.outcomes.${success ? "success" : "failure"}`)}</Tag>
      ),
    },
    { title: t("monitor.loginLog.columns.message"), dataIndex: "message", render: detail },
    { title: t("monitor.loginLog.columns.at"), dataIndex: "createdAt", render: dateTime },
  ];

  return <DeclaredListPage spec={LOGIN_LOG_PAGE} title={title} list={list} columns={columns} />;
});
