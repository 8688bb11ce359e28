import { ADMIN_ROLE, hasPermission, type MenuGrantNode, type RoleListQuery, type RoleView } from "@rampart/contracts";
import { App, Button, Form, Input, Select, Skeleton, Switch, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can, useGrants } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { useConfirmedAction } from "../list-page/use-confirmed-action";
import { ListSearch } from "../list-search";
import { useDateTime } from "../monitor/date-time";
import { RoleDialog } from "./role-dialog";
import { rolesApi } from "./roles-api";
import { useSystemMessages } from "./system-messages";

type Filters = Omit<Partial<RoleListQuery>, "pageNum" | "pageSize">;
type SearchForm = Filters;

/** The search's fields, kept in the page's address. */
const FILTERS = ["keyword", "status"] as const;

/**
 * System management → Roles: the roles in their order with what they grant and who holds them;
 * add and edit (names in every language, order, status, menus and buttons as a tree), enable or
 * disable from the row, delete one nobody holds. The administrator role grants everything and is
 * not edited.
 */
export default function RolesView({ title }: ViewProps) {
  const ready = useSystemMessages();
  return ready ? <Roles title={title} /> : <Skeleton active />;
}

function Roles({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const dateTime = useDateTime();
  const grants = useGrants();
  const [form] = Form.useForm<SearchForm>();
  const [menus, setMenus] = useState<MenuGrantNode[]>([]);
  const [editing, setEditing] = useState<RoleView | "new" | null>(null);
  const list = usePagedList<RoleView, Filters>(rolesApi.list, FILTERS);
  const { rows, loading, load, pagination } = list;
  const confirmed = useConfirmedAction(load);

  useEffect(() => {
    rolesApi.menuTree().then(
      (answer) => setMenus(answer.data ?? []),
      () => {},
    );
  }, []);

  const nameOf = (role: RoleView) => role.roleName[i18n.language] || role.roleName.en || role.roleKey;
  const canEdit = hasPermission(grants, "system:role:edit");

  const save = (role: RoleView, status: "0" | "1") =>
    rolesApi.update(role.roleId, {
      roleName: role.roleName as { en: string },
      sort: role.sort,
      status,
      menuIds: role.menuIds,
    });
  const toggleStatus = (role: RoleView, enable: boolean) =>
    confirmed({
      title: t(enable ? "roles.enableTitle" : "roles.disableTitle", { name: nameOf(role) }),
      content: t(enable ? "roles.enableText" : "roles.disableText", { name: nameOf(role) }),
      run: () => save(role, enable ? "0" : "1"),
      done: t(enable ? "roles.enabled" : "roles.disabled", { name: nameOf(role) }),
    });
  const toggleTwoFactor = (role: RoleView, required: boolean) =>
    confirmed({
      title: t(required ? "roles.twoFactorOnTitle" : "roles.twoFactorOffTitle", { name: nameOf(role) }),
      content: t(required ? "roles.twoFactorOnText" : "roles.twoFactorOffText", { name: nameOf(role) }),
      run: () => rolesApi.setTwoFactor(role.roleId, required),
      done: t(required ? "roles.twoFactorOn" : "roles.twoFactorOff", { name: nameOf(role) }),
    });
  const remove = (role: RoleView) =>
    confirmed({
      title: t("roles.removeTitle", { name: nameOf(role) }),
      content: t("roles.removeText", { name: nameOf(role) }),
      run: () => rolesApi.remove(role.roleId),
      done: t("roles.removed", { name: nameOf(role) }),
    });

  // The administrator's role is neither edited nor removed: it holds everything.
  const operations = useOperationsColumn<RoleView>(t("roles.columns.operations"), [
    {
      label: t("roles.edit"),
      permission: "system:role:edit",
      shown: (role) => role.roleKey !== ADMIN_ROLE,
      onClick: (role) => setEditing(role),
    },
    {
      label: t("roles.remove"),
      permission: "system:role:remove",
      danger: true,
      shown: (role) => role.roleKey !== ADMIN_ROLE && !role.builtIn,
      onClick: (role) => remove(role),
    },
  ]);
  const columns: ColumnsType<RoleView> = [
    {
      title: t("roles.columns.roleName"),
      key: "roleName",
      render: (_, role) => (
        <span className="order-no">
          <span>
            {nameOf(role)} {role.builtIn ? <Tag>{t("roles.builtIn")}</Tag> : null}
          </span>
          <span className="order-kind">{role.roleKey}</span>
        </span>
      ),
    },
    { title: t("roles.columns.sort"), dataIndex: "sort", responsive: ["md"] },
    { title: t("roles.columns.users"), dataIndex: "users" },
    {
      title: t("roles.columns.status"),
      dataIndex: "status",
      render: (status: string, role) => (
        <Switch
          checked={status === "0"}
          disabled={!canEdit || role.roleKey === ADMIN_ROLE}
          aria-label={t("roles.columns.status")}
          onChange={(on) => toggleStatus(role, on)}
        />
      ),
    },
    {
      title: t("roles.columns.twoFactor"),
      dataIndex: "requireTwoFactor",
      render: (required: boolean, role) => (
        <Switch
          checked={required}
          disabled={!canEdit}
          aria-label={t("roles.columns.twoFactor")}
          onChange={(on) => toggleTwoFactor(role, on)}
        />
      ),
    },
    { title: t("roles.columns.createTime"), dataIndex: "createTime", responsive: ["lg"], render: dateTime },
    operations,
  ];

  return (
    <ListPage title={title}>
      <ListSearch
        name="roleSearch"
        form={form}
        list={list}
        filtersOf={(values) => ({
          ...(values.keyword?.trim() ? { keyword: values.keyword.trim() } : {}),
          ...(values.status ? { status: values.status } : {}),
        })}
      >
        <Form.Item name="keyword" label={t("roles.search.keyword")}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="status" label={t("roles.search.status")}>
          <Select
            allowClear
            placeholder={t("list.any")}
            options={(["0", "1"] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
            style={{ minWidth: 120 }}
          />
        </Form.Item>
      </ListSearch>
      <ListToolbar
        actions={
          <Can permissions={["system:role:add"]}>
            <Button type="primary" onClick={() => setEditing("new")}>
              {t("roles.add")}
            </Button>
          </Can>
        }
      />
      <ListTable<RoleView>
        rowKey="roleId"
        loading={loading}
        columns={columns}
        dataSource={rows}
        emptyText={t("roles.empty")}
        pagination={pagination((count) => t("roles.total", { total: count }))}
      />
      {editing ? (
        <RoleDialog
          role={editing === "new" ? null : editing}
          menus={menus}
          onClose={(saved) => {
            const wasNew = editing === "new";
            setEditing(null);
            if (saved) {
              void message.success(t(wasNew ? "roles.created" : "roles.saved", { name: saved }));
              void load();
            }
          }}
        />
      ) : null}
    </ListPage>
  );
}
