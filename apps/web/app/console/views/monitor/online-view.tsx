import { type OnlineSessionView, PAGE_SIZES } from "@rampart/contracts";
import { App } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { confirmAction } from "../../controls/confirm-action";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { useOperationsColumn } from "../list-page/operations-column";
import { searchKeys, searchSpec } from "../list-page/search-fields";
import { useUrlFilters } from "../list-page/url-query";
import { useDateTime } from "../parts/date-time";
import { withViewMessages } from "../parts/view-messages";
import { monitorApi } from "./monitor-api";
import { describeUserAgent } from "./user-agent";

type SearchForm = {
  userName?: string;
  ip?: string;
};

const ONLINE_PAGE = listSpec<OnlineSessionView>("monitor.online", "sessionId", {
  search: searchSpec("onlineSearch", undefined, [{ name: "userName" }, { name: "ip" }], "monitor.online"),
});

const includes = (text: string, part: string | undefined) =>
  !part || text.toLowerCase().includes(part.trim().toLowerCase());

/** The search, kept in the page's address. */
const SEARCH_FIELDS = searchKeys<SearchForm>(ONLINE_PAGE.search);

/**
 * System monitoring → Online users: every live session the operator may see (their site's when
 * bound to one), searched by user name and address; a session can be ended at once.
 */
export default withViewMessages("monitor", function Online({ title }: ViewProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const dateTime = useDateTime();
  const [filters, setFilters] = useUrlFilters<SearchForm>(SEARCH_FIELDS);

  const { rows: sessions, loading, load } = useLoadedList(monitorApi.online);

  const shown = useMemo(
    () => sessions.filter((s) => includes(s.userName, filters.userName) && includes(s.ip, filters.ip)),
    [sessions, filters],
  );

  const forceLogout = (session: OnlineSessionView) =>
    confirmAction(modal, t, {
      title: t("monitor.online.forceTitle"),
      content: t("monitor.online.forceText", { name: session.userName, ip: session.ip }),
      action: async () => {
        try {
          await monitorApi.forceLogout(session.sessionId);
          void message.success(t("monitor.online.forced", { name: session.userName }));
        } finally {
          await load();
        }
      },
    });

  const operations = useOperationsColumn<OnlineSessionView>(t("monitor.online.columns.operations"), [
    {
      label: t("monitor.online.forceLogout"),
      permission: "monitor:online:forceLogout",
      danger: true,
      onClick: forceLogout,
    },
  ]);
  const columns: ColumnsType<OnlineSessionView> = [
    { title: t("monitor.online.columns.userName"), dataIndex: "userName" },
    { title: t("monitor.online.columns.ip"), dataIndex: "ip" },
    {
      title: t("monitor.online.columns.browser"),
      dataIndex: "userAgent",
      responsive: ["md"],
      render: (userAgent: string) => <span title={userAgent}>{describeUserAgent(userAgent)}</span>,
    },
    { title: t("monitor.online.columns.loginAt"), dataIndex: "loginAt", render: dateTime },
    { title: t("monitor.online.columns.lastSeenAt"), dataIndex: "lastSeenAt", responsive: ["lg"], render: dateTime },
    { title: t("monitor.online.columns.expiresAt"), dataIndex: "expiresAt", responsive: ["lg"], render: dateTime },
    operations,
  ];

  return (
    <DeclaredListPage
      spec={ONLINE_PAGE}
      title={title}
      // The sessions are few: they are searched here, not by the server.
      list={{ rows: shown, loading, load, filters, search: setFilters }}
      columns={columns}
      table={{
        pagination: {
          defaultPageSize: 20,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t("monitor.online.total", { total }),
        },
      }}
    />
  );
});
