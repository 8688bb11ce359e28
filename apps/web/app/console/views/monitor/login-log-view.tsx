import type { LoginLogQuery, LoginLogView } from "@rampart/contracts";
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
import { describeUserAgent } from "./user-agent";

type Filters = Omit<Partial<LoginLogQuery>, "pageNum" | "pageSize">;
interface SearchForm {
  userName?: string;
  ip?: string;
  outcome?: "success" | "failure";
  days?: [Dayjs | null, Dayjs | null] | null;
}

function filtersOf(form: SearchForm): Filters {
  return {
    ...(form.userName?.trim() ? { userName: form.userName.trim() } : {}),
    ...(form.ip?.trim() ? { ip: form.ip.trim() } : {}),
    ...(form.outcome ? { outcome: form.outcome } : {}),
    ...dayRangeParams(form.days),
  };
}

/** The search's fields, kept in the page's address. */
const FILTERS = ["userName", "ip", "outcome", "beginTime", "endTime"] as const;

/**
 * System monitoring → Login log: every login attempt the operator may see (their site's accounts'
 * when bound to one), newest first, searched by user, address, result and dates.
 */
export default function LoginLogViewPage({ title }: ViewProps) {
  const ready = useMonitorMessages();
  return ready ? <LoginLog title={title} /> : <Skeleton active />;
}

function LoginLog({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  const dateTime = useDateTime();
  const [form] = Form.useForm<SearchForm>();
  const list = usePagedList<LoginLogView, Filters>(monitorApi.loginLog, FILTERS);
  const { rows, loading, pagination } = list;
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

  return (
    <ListPage title={title}>
      <ListSearch name="loginLogSearch" form={form} list={list} filtersOf={filtersOf} rangeField="days">
        <Form.Item name="userName" label={t("monitor.loginLog.userName")}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="ip" label={t("monitor.loginLog.ip")}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="outcome" label={t("monitor.loginLog.outcome")}>
          <Select
            allowClear
            placeholder={t("list.any")}
            options={(["success", "failure"] as const).map((o) => ({
              value: o,
              label: t(`monitor.loginLog.outcomes.${o}`),
            }))}
            style={{ minWidth: 120 }}
          />
        </Form.Item>
        <Form.Item name="days" label={t("monitor.loginLog.days")}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t("monitor.loginLog.from"), t("monitor.loginLog.to")]}
          />
        </Form.Item>
      </ListSearch>
      <ListTable<LoginLogView>
        rowKey="logId"
        loading={loading}
        columns={columns}
        dataSource={rows}
        emptyText={t("monitor.loginLog.empty")}
        pagination={pagination((count) => t("monitor.loginLog.total", { total: count }))}
      />
    </ListPage>
  );
}
