import { USER_SORT_COLUMNS, type UserAdminView, type UserFormOptions } from "@rampart/contracts";
import { App, Button, Form, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { usePagedList } from "../list-page/paged-list";
import { useConfirmedAction } from "../list-page/use-confirmed-action";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { useSystemMessages } from "./system-messages";
import { UserDialog } from "./user-dialog";
import { type UserFilters, usersApi } from "./users-api";
import { useUserColumns } from "./users-columns";
import { USER_FILTERS, type UserSearchForm, UsersSearch } from "./users-search";

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
  const [form] = Form.useForm<UserSearchForm>();
  const [options, setOptions] = useState<UserFormOptions>({ roles: [], sites: [] });
  const [editing, setEditing] = useState<UserAdminView | "new" | null>(null);
  const [resetting, setResetting] = useState<UserAdminView | null>(null);
  const list = usePagedList<UserAdminView, UserFilters>(usersApi.list, USER_FILTERS, {
    sortColumns: USER_SORT_COLUMNS,
  });
  const { rows, loading, load, pagination, sortOrder } = list;
  const confirmed = useConfirmedAction(load);

  useEffect(() => {
    usersApi.options().then(
      (answer) => answer.data && setOptions(answer.data),
      () => {},
    );
  }, []);

  const columns = useUserColumns({
    options,
    sortOrder,
    confirmed,
    onEdit: setEditing,
    onResetPassword: setResetting,
  });

  return (
    <ListPage title={title}>
      <UsersSearch form={form} list={list} />
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
