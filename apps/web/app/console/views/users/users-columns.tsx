import { hasPermission, type UserAdminView, type UserFormOptions } from "@rampart/contracts";
import { Switch, Tag } from "antd";
import type { ColumnsType, SortOrder } from "antd/es/table/interface";
import { useTranslation } from "react-i18next";
import { useGrants } from "../../../shared/auth/permissions";
import { useSession } from "../../../shared/auth/session-store";
import { useOperationsColumn } from "../list-page/operations-column";
import type { ConfirmedAction } from "../list-page/use-confirmed-action";
import { useDateTime } from "../parts/date-time";
import { usersApi } from "./users-api";

const ADMIN_USER_NAME = "admin";

interface UserColumnsOptions {
  /** The roles' and sites' names. */
  options: UserFormOptions;
  sortOrder: (column: string) => SortOrder | undefined;
  confirmed: ConfirmedAction;
  onEdit: (user: UserAdminView) => void;
  onResetPassword: (user: UserAdminView) => void;
}

/**
 * The users' columns: name (with the second factor), roles, site, contact, status (switched from
 * the row, asked first), last sign-in and creation (sortable), and the row's operations.
 */
export function useUserColumns({
  options,
  sortOrder,
  confirmed,
  onEdit,
  onResetPassword,
}: UserColumnsOptions): ColumnsType<UserAdminView> {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const grants = useGrants();
  const myUserId = useSession((s) => s.user?.userId);
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
    { label: t("users.edit"), permission: "system:user:edit", onClick: onEdit },
    { label: t("users.resetPassword"), permission: "system:user:resetPwd", onClick: onResetPassword },
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
  return columns;
}
