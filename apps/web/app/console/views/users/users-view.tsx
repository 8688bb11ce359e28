import { USER_SORT_COLUMNS, type UserAdminView, type UserFormOptions, UserListQuery } from "@rampart/contracts";
import { App, Button } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { usePagedList } from "../list-page/paged-list";
import { useRecordDialog } from "../list-page/record-dialog";
import { searchKeys, searchSpec } from "../list-page/search-fields";
import { useConfirmedAction } from "../list-page/use-confirmed-action";
import { withViewMessages } from "../parts/view-messages";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { UserDialog } from "./user-dialog";
import { type UserFilters, usersApi } from "./users-api";
import { useUserColumns } from "./users-columns";

const USERS_PAGE = listSpec<UserAdminView>("users", "userId", {
  add: "system:user:add",
  search: searchSpec("userSearch", UserListQuery, [
    { name: "userName" },
    { name: "phonenumber", inputMode: "tel" },
    { kind: "choice", name: "status", options: "users.statuses" },
    { kind: "days", name: "created", from: "users.search.from", to: "users.search.to" },
  ]),
});
/** The search's fields, kept in the page's address (with the page, its size and the sort). */
const USER_FILTERS = searchKeys<UserFilters>(USERS_PAGE.search);

/**
 * System management → Users: the accounts the operator may see (their site's when bound to one),
 * searched, sorted and paged; add, edit (roles, site, status), enable or disable from the row,
 * reset a password, and export what the search finds as a spreadsheet.
 */
export default withViewMessages("system", function Users({ title }: ViewProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [options, setOptions] = useState<UserFormOptions>({ roles: [], sites: [] });
  const [resetting, setResetting] = useState<UserAdminView | null>(null);
  const list = usePagedList<UserAdminView, UserFilters>(usersApi.list, USER_FILTERS, {
    sortColumns: USER_SORT_COLUMNS,
  });
  const confirmed = useConfirmedAction(list.load);
  const dialog = useRecordDialog<UserAdminView, { name: string; said?: string }>(list.load, ({ name, said }, wasNew) =>
    said ? { text: said, seconds: 6 } : t(wasNew ? "users.created" : "users.saved", { name }),
  );

  useEffect(() => {
    usersApi.options().then(
      (answer) => answer.data && setOptions(answer.data),
      () => {},
    );
  }, []);

  const columns = useUserColumns({
    options,
    sortOrder: list.sortOrder,
    confirmed,
    onEdit: dialog.openFor,
    onResetPassword: setResetting,
  });

  return (
    <DeclaredListPage
      spec={USERS_PAGE}
      title={title}
      list={list}
      columns={columns}
      onAdd={dialog.openNew}
      actions={
        <Can permissions={["system:user:export"]}>
          <Button
            onClick={() =>
              void usersApi.export({ ...list.filters, ...(list.query.sort as UserFilters) }).catch(() => {})
            }
          >
            {t("users.export")}
          </Button>
        </Can>
      }
    >
      {dialog.open ? (
        <UserDialog
          user={dialog.record}
          options={options}
          onClose={(saved, said) => dialog.close(saved ? { name: saved, ...(said ? { said } : {}) } : null)}
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
    </DeclaredListPage>
  );
});
