import { NoticeListQuery, type NoticeView, type SiteAdminView } from "@rampart/contracts";
import { App, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { confirmAction } from "../../controls/confirm-action";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { useRecordDialog } from "../list-page/record-dialog";
import { searchKeys, searchSpec } from "../list-page/search-fields";
import { withViewMessages } from "../parts/view-messages";
import { sitesApi } from "../sites/sites-api";
import { noticesApi } from "./notices-api";

type Filters = Omit<Partial<NoticeListQuery>, "pageNum" | "pageSize">;

/** The editor (Tiptap and ProseMirror) loads when a notice is written, not with the list. */
const NoticeDialog = lazy(() => import("./notice-dialog"));

const NOTICES_PAGE = listSpec<NoticeView>("notices", "noticeId", {
  add: "system:notice:add",
  search: searchSpec("noticeSearch", NoticeListQuery, [
    { name: "title" },
    { kind: "choice", name: "noticeType", label: "notices.search.type", options: "notices.types", minWidth: 140 },
    { kind: "choice", name: "status", options: "notices.statuses", minWidth: 140 },
  ]),
});
const FILTERS = searchKeys<Filters>(NOTICES_PAGE.search);

/**
 * System management → Notices: notices and announcements in rich text with attachments, for every
 * site or one, searched and paged; written, published, edited and deleted here, read by the users
 * of their site on the control center.
 */
export default withViewMessages("system", function Notices({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const [sites, setSites] = useState<SiteAdminView[]>([]);
  const list = usePagedList<NoticeView, Filters>(noticesApi.list, FILTERS);
  const dialog = useRecordDialog<NoticeView>(list.load, (name) => t("notices.saved", { title: name }));
  useEffect(() => {
    sitesApi.list().then(
      ({ data }) => setSites(data ?? []),
      () => {},
    );
  }, []);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  // An operator bound to a site sees only that site among the sites.
  const siteLocked = sites.length === 1 && !sites[0]!.isDefault;

  const remove = (notice: NoticeView) =>
    confirmAction(modal, t, {
      content: t("notices.removeText", { title: notice.title }),
      action: async () => {
        try {
          await noticesApi.remove(notice.noticeId);
          void message.success(t("notices.removed", { title: notice.title }));
        } finally {
          await list.load();
        }
      },
    });

  const operations = useOperationsColumn<NoticeView>(t("notices.columns.operations"), [
    { label: t("notices.edit"), permission: "system:notice:edit", onClick: dialog.openFor },
    {
      label: t("notices.remove"),
      permission: "system:notice:remove",
      danger: true,
      onClick: (notice) => remove(notice),
    },
  ]);
  const columns: ColumnsType<NoticeView> = [
    { title: t("notices.columns.title"), dataIndex: "title", render: (text: string) => <strong>{text}</strong> },
    {
      title: t("notices.columns.type"),
      dataIndex: "noticeType",
      render: (type: string) => (
        <Tag color={type === "announcement" ? "purple" : "blue"}>{t(`notices.types.${type}`)}</Tag>
      ),
    },
    {
      title: t("notices.columns.site"),
      key: "site",
      render: (_, notice) => notice.siteName ?? t("notices.allSites"),
    },
    {
      title: t("notices.columns.status"),
      dataIndex: "status",
      render: (status: string) => (
        <Tag color={status === "published" ? "green" : "default"}>{t(`notices.statuses.${status}`)}</Tag>
      ),
    },
    { title: t("notices.columns.author"), dataIndex: "createdBy" },
    { title: t("notices.columns.updated"), dataIndex: "updatedAt", render: (iso: string) => date(iso) },
    operations,
  ];

  return (
    <DeclaredListPage spec={NOTICES_PAGE} title={title} list={list} columns={columns} onAdd={dialog.openNew}>
      {dialog.open ? (
        <Suspense fallback={null}>
          <NoticeDialog notice={dialog.record} sites={sites} siteLocked={siteLocked} onClose={dialog.close} />
        </Suspense>
      ) : null}
    </DeclaredListPage>
  );
});
