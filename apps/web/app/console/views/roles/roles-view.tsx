import { ADMIN_ROLE, hasPermission, type MenuGrantNode, RoleListQuery, type RoleView } from "@rampart/contracts";
import { Switch, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useGrants } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { useRecordDialog } from "../list-page/record-dialog";
import { searchKeys, searchSpec } from "../list-page/search-fields";
import { removeAction, useConfirmedAction } from "../list-page/use-confirmed-action";
import { useDateTime } from "../parts/date-time";
import { withViewMessages } from "../parts/view-messages";
import { RoleDialog } from "./role-dialog";
import { rolesApi } from "./roles-api";

type Filters = Omit<Partial<RoleListQuery>, "pageNum" | "pageSize">;

const ROLES_PAGE = listSpec<RoleView>("roles", "roleId", {
  add: "system:role:add",
  search: searchSpec("roleSearch", RoleListQuery, [
    { name: "keyword" },
    { kind: "choice", name: "status", options: "users.statuses" },
  ]),
});
const FILTERS = searchKeys<Filters>(ROLES_PAGE.search);

/**
 * System management → Roles: the roles in their order with what they grant and who holds them;
 * add and edit (names in every language, order, status, menus and buttons as a tree), enable or
 * disable from the row, delete one nobody holds. The administrator role grants everything and is
 * not edited.
 */
export default withViewMessages("system", function Roles({ title }: ViewProps) {
  const { t, i18n } = useTranslation();
  const dateTime = useDateTime();
  const grants = useGrants();
  const [menus, setMenus] = useState<MenuGrantNode[]>([]);
  const list = usePagedList<RoleView, Filters>(rolesApi.list, FILTERS);
  const confirmed = useConfirmedAction(list.load);
  const dialog = useRecordDialog<RoleView>(list.load, (name, wasNew) =>
    t(wasNew ? "roles.created" : "roles.saved", { name }),
  );

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
  // The administrator's role is neither edited nor removed: it holds everything.
  const operations = useOperationsColumn<RoleView>(t("roles.columns.operations"), [
    {
      label: t("roles.edit"),
      permission: "system:role:edit",
      shown: (role) => role.roleKey !== ADMIN_ROLE,
      onClick: dialog.openFor,
    },
    removeAction<RoleView>(confirmed, t, {
      texts: "roles",
      permission: "system:role:remove",
      nameOf,
      run: (role) => rolesApi.remove(role.roleId),
      shown: (role) => role.roleKey !== ADMIN_ROLE && !role.builtIn,
    }),
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
    <DeclaredListPage spec={ROLES_PAGE} title={title} list={list} columns={columns} onAdd={dialog.openNew}>
      {dialog.open ? <RoleDialog role={dialog.record} menus={menus} onClose={dialog.close} /> : null}
    </DeclaredListPage>
  );
});
