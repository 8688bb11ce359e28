import { type OnlineSessionView, PAGE_SIZES } from "@rampart/contracts";
import { App, Button, Form, Input, Skeleton } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { confirmAction } from "../../shell/confirm-action";
import { ListPage, ListTable } from "../list-page/list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { useUrlFilters } from "../list-page/url-query";
import { ListSearch } from "../list-search";
import { useWideScreen } from "../search-toggle";
import { useDateTime } from "./date-time";
import { monitorApi } from "./monitor-api";
import { useMonitorMessages } from "./monitor-messages";
import { describeUserAgent } from "./user-agent";

type SearchForm = {
  userName?: string;
  ip?: string;
};

const includes = (text: string, part: string | undefined) =>
  !part || text.toLowerCase().includes(part.trim().toLowerCase());

/** The search, kept in the page's address. */
const SEARCH_FIELDS = ["userName", "ip"] as const;

/**
 * System monitoring → Online users: every live session the operator may see (their site's when
 * bound to one), searched by user name and address; a session can be ended at once.
 */
export default function OnlineView({ title }: ViewProps) {
  const ready = useMonitorMessages();
  return ready ? <Online title={title} /> : <Skeleton active />;
}

function Online({ title }: { title: string }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const dateTime = useDateTime();
  const wide = useWideScreen();
  const [form] = Form.useForm<SearchForm>();
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
    {
      title: t("monitor.online.columns.operations"),
      key: "operations",
      ...(wide ? { fixed: "right" as const } : {}),
      render: (_, session) => (
        <Can permissions={["monitor:online:forceLogout"]}>
          <Button type="link" size="small" danger onClick={() => forceLogout(session)}>
            {t("monitor.online.forceLogout")}
          </Button>
        </Can>
      ),
    },
  ];

  return (
    <ListPage title={title}>
      <ListSearch
        name="onlineSearch"
        form={form}
        // The sessions are few: they are searched here, not by the server.
        list={{ filters, search: setFilters, load }}
        filtersOf={(values) => values}
      >
        <Form.Item name="userName" label={t("monitor.online.userName")}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="ip" label={t("monitor.online.ip")}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </ListSearch>
      <ListTable<OnlineSessionView>
        rowKey="sessionId"
        loading={loading}
        columns={columns}
        dataSource={shown}
        emptyText={t("monitor.online.empty")}
        pagination={{
          defaultPageSize: 20,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t("monitor.online.total", { total }),
        }}
      />
    </ListPage>
  );
}
