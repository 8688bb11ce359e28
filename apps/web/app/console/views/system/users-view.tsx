import { hasPermission, USER_SORT_COLUMNS, type UserAdminView, type UserFormOptions } from "@rampart/contracts";
import { App, Button, DatePicker, Form, Input, Select, Skeleton, Space, Switch, Table, Tag } from "antd";
import type { ColumnsType, SorterResult } from "antd/es/table/interface";
import type { Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can, useGrants } from "../../../shared/auth/permissions";
import { useSession } from "../../../shared/auth/session-store";
import type { ViewProps } from "../../routing/view-props";
import { confirmAction } from "../../shell/confirm-action";
import { dayRangeParams, ListSearch } from "../list-search";
import { useDateTime } from "../monitor/date-time";
import { usePagedList } from "../paged-list";
import { useWideScreen } from "../search-toggle";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { useSystemMessages } from "./system-messages";
import { UserDialog } from "./user-dialog";
import { type UserFilters, usersApi } from "./users-api";

interface SearchForm {
  userName?: string;
  phonenumber?: string;
  status?: "0" | "1";
  created?: [Dayjs | null, Dayjs | null] | null;
}
type Sort = Pick<UserFilters, "orderByColumn" | "isAsc">;

function filtersOf(form: SearchForm): UserFilters {
  return {
    ...(form.userName?.trim() ? { userName: form.userName.trim() } : {}),
    ...(form.phonenumber?.trim() ? { phonenumber: form.phonenumber.trim() } : {}),
    ...(form.status ? { status: form.status } : {}),
    ...dayRangeParams(form.created),
  };
}

const ADMIN_USER_NAME = "admin";

const isSortColumn = (key: unknown): key is (typeof USER_SORT_COLUMNS)[number] =>
  USER_SORT_COLUMNS.includes(key as (typeof USER_SORT_COLUMNS)[number]);

/**
 * System management → Users: the accounts the operator may see (their site's when bound to one),
 * searched, sorted and paged; add, edit (roles, site, status), enable or disable from the row,
 * reset a password, and export what the search finds as a spreadsheet.
 */
export default function UsersView({ title }: ViewProps) {
  const ready = useSystemMessages();
  return ready ? <Users title={title} /> : <Skeleton active />;
}

function Users({ title }: { title: string }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const dateTime = useDateTime();
  const wide = useWideScreen();
  const grants = useGrants();
  const myUserId = useSession((s) => s.user?.userId);
  const [form] = Form.useForm<SearchForm>();
  const [filters, setFilters] = useState<UserFilters>({});
  const [sort, setSort] = useState<Sort>({});
  const [options, setOptions] = useState<UserFormOptions>({ roles: [], sites: [] });
  const [editing, setEditing] = useState<UserAdminView | "new" | null>(null);
  const [resetting, setResetting] = useState<UserAdminView | null>(null);
  const query = { ...filters, ...sort };
  const { rows, loading, load, firstPage, pagination } = usePagedList(usersApi.list, query);

  useEffect(() => {
    usersApi.options().then(
      (answer) => answer.data && setOptions(answer.data),
      () => {},
    );
  }, []);

  const search = (values: SearchForm) => {
    setFilters(filtersOf(values));
    firstPage();
  };
  const roleName = (key: string) => options.roles.find((r) => r.roleKey === key)?.roleName ?? key;
  const siteName = (id: number | null) =>
    id === null ? "—" : (options.sites.find((s) => s.siteId === id)?.name ?? `#${id}`);
  const canEdit = hasPermission(grants, "system:user:edit");

  const toggleStatus = (user: UserAdminView, enable: boolean) =>
    confirmAction(modal, t, {
      title: t(enable ? "users.enableTitle" : "users.disableTitle", { name: user.userName }),
      content: t(enable ? "users.enableText" : "users.disableText", { name: user.userName }),
      action: async () => {
        try {
          await usersApi.update(user.userId, {
            nickName: user.nickName,
            email: user.email,
            phonenumber: user.phonenumber,
            status: enable ? "0" : "1",
            roleKeys: user.roleKeys,
            siteId: user.siteId,
          });
          void message.success(t(enable ? "users.enabled" : "users.disabled", { name: user.userName }));
        } finally {
          await load();
        }
      },
    });

  const resetTwoFactor = (user: UserAdminView) =>
    confirmAction(modal, t, {
      title: t("users.resetTwoFactorTitle", { name: user.userName }),
      content: t("users.resetTwoFactorText", { name: user.userName }),
      action: async () => {
        try {
          await usersApi.resetTwoFactor(user.userId);
          void message.success(t("users.twoFactorReset", { name: user.userName }));
        } finally {
          await load();
        }
      },
    });

  const sortOrder = (column: string) =>
    sort.orderByColumn === column ? (sort.isAsc === "ascending" ? "ascend" : "descend") : null;
  const columns: ColumnsType<UserAdminView> = [
    {
      title: t("users.columns.userName"),
      dataIndex: "userName",
      key: "userName",
      sorter: true,
      sortOrder: sortOrder("userName"),
      render: (name: string, user) => (
        <span className="order-no">
          <span>
            {name}{" "}
            {user.twoFactor ? (
              <Tag color="success" title={t("users.twoFactorOn")}>
                {t("users.twoFactorTag")}
              </Tag>
            ) : null}
          </span>
          <span className="order-kind">{user.nickName}</span>
        </span>
      ),
    },
    {
      title: t("users.columns.roles"),
      dataIndex: "roleKeys",
      render: (keys: string[]) =>
        keys.length === 0 ? (
          <Tag>{t("users.customer")}</Tag>
        ) : (
          keys.map((key) => (
            <Tag key={key} color="blue">
              {roleName(key)}
            </Tag>
          ))
        ),
    },
    { title: t("users.columns.site"), dataIndex: "siteId", responsive: ["md"], render: siteName },
    {
      title: t("users.columns.contact"),
      key: "contact",
      responsive: ["lg"],
      render: (_, user) => (
        <span className="order-no">
          {user.email || "—"}
          <span className="order-kind">{user.phonenumber}</span>
        </span>
      ),
    },
    {
      title: t("users.columns.status"),
      dataIndex: "status",
      render: (status: string, user) => (
        <Switch
          checked={status === "0"}
          // Nobody disables themselves or the administrator (the server refuses it too).
          disabled={!canEdit || user.userId === myUserId || user.userName === ADMIN_USER_NAME}
          aria-label={t("users.columns.status")}
          onChange={(on) => toggleStatus(user, on)}
        />
      ),
    },
    {
      title: t("users.columns.loginDate"),
      dataIndex: "loginDate",
      key: "loginDate",
      responsive: ["lg"],
      sorter: true,
      sortOrder: sortOrder("loginDate"),
      render: (iso: string | null, user) =>
        iso ? (
          <span className="order-no">
            {dateTime(iso)}
            <span className="order-kind">{user.loginIp}</span>
          </span>
        ) : (
          t("users.never")
        ),
    },
    {
      title: t("users.columns.createTime"),
      dataIndex: "createTime",
      key: "createTime",
      responsive: ["md"],
      sorter: true,
      sortOrder: sortOrder("createTime"),
      render: dateTime,
    },
    {
      title: t("users.columns.operations"),
      key: "operations",
      ...(wide ? { fixed: "right" as const } : {}),
      render: (_, user) => (
        <Space size={0} wrap>
          <Can permissions={["system:user:edit"]}>
            <Button type="link" size="small" onClick={() => setEditing(user)}>
              {t("users.edit")}
            </Button>
          </Can>
          <Can permissions={["system:user:resetPwd"]}>
            <Button type="link" size="small" onClick={() => setResetting(user)}>
              {t("users.resetPassword")}
            </Button>
            {user.twoFactor ? (
              <Button type="link" size="small" danger onClick={() => resetTwoFactor(user)}>
                {t("users.resetTwoFactor")}
              </Button>
            ) : null}
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <div className="list-view console-view">
      <h1 className="visually-hidden">{title}</h1>
      <ListSearch<SearchForm> name="userSearch" form={form} onSearch={search} onRefresh={() => void load()}>
        <Form.Item name="userName" label={t("users.search.userName")}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="phonenumber" label={t("users.search.phonenumber")}>
          <Input allowClear maxLength={32} inputMode="tel" />
        </Form.Item>
        <Form.Item name="status" label={t("users.search.status")}>
          <Select
            allowClear
            placeholder={t("list.any")}
            options={(["0", "1"] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
            style={{ minWidth: 120 }}
          />
        </Form.Item>
        <Form.Item name="created" label={t("users.search.created")}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t("users.search.from"), t("users.search.to")]}
          />
        </Form.Item>
      </ListSearch>
      <div className="list-toolbar list-toolbar--start">
        <Can permissions={["system:user:add"]}>
          <Button type="primary" onClick={() => setEditing("new")}>
            {t("users.add")}
          </Button>
        </Can>
        <Can permissions={["system:user:export"]}>
          <Button onClick={() => void usersApi.export(query).catch(() => {})}>{t("users.export")}</Button>
        </Can>
      </div>
      <Table<UserAdminView>
        rowKey="userId"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("users.empty") }}
        onChange={(_, __, sorter) => {
          const { columnKey, order } = sorter as SorterResult<UserAdminView>;
          setSort(
            order && isSortColumn(columnKey)
              ? { orderByColumn: columnKey, isAsc: order === "ascend" ? "ascending" : "descending" }
              : {},
          );
        }}
        pagination={pagination((count) => t("users.total", { total: count }))}
      />
      {editing ? (
        <UserDialog
          user={editing === "new" ? null : editing}
          options={options}
          onClose={(saved, said) => {
            const wasNew = editing === "new";
            setEditing(null);
            if (saved) {
              void message.success(said ?? t(wasNew ? "users.created" : "users.saved", { name: saved }), said ? 6 : 3);
              void load();
            }
          }}
        />
      ) : null}
      {resetting ? (
        <ResetPasswordDialog
          user={resetting}
          onClose={(reset) => {
            if (reset) void message.success(t("users.passwordReset", { name: resetting.userName }));
            setResetting(null);
          }}
        />
      ) : null}
    </div>
  );
}
