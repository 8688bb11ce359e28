import { hasPermission, USER_SORT_COLUMNS, type UserAdminView, type UserFormOptions } from "@rampart/contracts";
import { App, Button, DatePicker, Form, Input, Select, Skeleton, Switch, Tag } from "antd";
import type { ColumnsType } from "antd/es/table/interface";
import type { Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can, useGrants } from "../../../shared/auth/permissions";
import { useSession } from "../../../shared/auth/session-store";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { useConfirmedAction } from "../list-page/use-confirmed-action";
import { dayRangeParams, ListSearch } from "../list-search";
import { useDateTime } from "../monitor/date-time";
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

function filtersOf(form: SearchForm): UserFilters {
  return {
    ...(form.userName?.trim() ? { userName: form.userName.trim() } : {}),
    ...(form.phonenumber?.trim() ? { phonenumber: form.phonenumber.trim() } : {}),
    ...(form.status ? { status: form.status } : {}),
    ...dayRangeParams(form.created),
  };
}

const ADMIN_USER_NAME = "admin";

/** The search's fields, kept in the page's address (with the page, its size and the sort). */
const FILTERS = ["userName", "phonenumber", "status", "beginTime", "endTime"] as const;

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
  const { message } = App.useApp();
  const dateTime = useDateTime();
  const grants = useGrants();
  const myUserId = useSession((s) => s.user?.userId);
  const [form] = Form.useForm<SearchForm>();
  const [options, setOptions] = useState<UserFormOptions>({ roles: [], sites: [] });
  const [editing, setEditing] = useState<UserAdminView | "new" | null>(null);
  const [resetting, setResetting] = useState<UserAdminView | null>(null);
  const list = usePagedList<UserAdminView, UserFilters>(usersApi.list, FILTERS, { sortColumns: USER_SORT_COLUMNS });
  const { rows, loading, load, pagination, sortOrder } = list;
  const confirmed = useConfirmedAction(load);

  useEffect(() => {
    usersApi.options().then(
      (answer) => answer.data && setOptions(answer.data),
      () => {},
    );
  }, []);

  const roleName = (key: string) => options.roles.find((r) => r.roleKey === key)?.roleName ?? key;
  const siteName = (id: number | null) =>
    id === null ? "—" : (options.sites.find((s) => s.siteId === id)?.name ?? `#${id}`);
  const canEdit = hasPermission(grants, "system:user:edit");

  const toggleStatus = (user: UserAdminView, enable: boolean) =>
    confirmed({
      title: t(enable ? "users.enableTitle" : "users.disableTitle", { name: user.userName }),
      content: t(enable ? "users.enableText" : "users.disableText", { name: user.userName }),
      run: () =>
        usersApi.update(user.userId, {
          nickName: user.nickName,
          email: user.email,
          phonenumber: user.phonenumber,
          status: enable ? "0" : "1",
          roleKeys: user.roleKeys,
          siteId: user.siteId,
        }),
      done: t(enable ? "users.enabled" : "users.disabled", { name: user.userName }),
    });

  const resetTwoFactor = (user: UserAdminView) =>
    confirmed({
      title: t("users.resetTwoFactorTitle", { name: user.userName }),
      content: t("users.resetTwoFactorText", { name: user.userName }),
      run: () => usersApi.resetTwoFactor(user.userId),
      done: t("users.twoFactorReset", { name: user.userName }),
    });

  const operations = useOperationsColumn<UserAdminView>(t("users.columns.operations"), [
    { label: t("users.edit"), permission: "system:user:edit", onClick: (user) => setEditing(user) },
    { label: t("users.resetPassword"), permission: "system:user:resetPwd", onClick: (user) => setResetting(user) },
    {
      label: t("users.resetTwoFactor"),
      permission: "system:user:resetPwd",
      danger: true,
      shown: (user) => user.twoFactor === true,
      onClick: resetTwoFactor,
    },
  ]);
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
    operations,
  ];

  return (
    <ListPage title={title}>
      <ListSearch name="userSearch" form={form} list={list} filtersOf={filtersOf}>
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
      <ListToolbar
        actions={
          <>
            <Can permissions={["system:user:add"]}>
              <Button type="primary" onClick={() => setEditing("new")}>
                {t("users.add")}
              </Button>
            </Can>
            <Can permissions={["system:user:export"]}>
              <Button
                onClick={() =>
                  void usersApi.export({ ...list.filters, ...(list.query.sort as UserFilters) }).catch(() => {})
                }
              >
                {t("users.export")}
              </Button>
            </Can>
          </>
        }
      />
      <ListTable<UserAdminView>
        rowKey="userId"
        loading={loading}
        columns={columns}
        dataSource={rows}
        emptyText={t("users.empty")}
        onChange={(_, __, sorter) => list.onSort(sorter)}
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
    </ListPage>
  );
}
