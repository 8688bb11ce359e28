import type { NoticeListQuery, NoticeView, SiteAdminView } from "@rampart/contracts";
import { App, Button, Form, Input, Select, Skeleton, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { confirmAction } from "../../shell/confirm-action";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { ListSearch } from "../list-search";
import { noticesApi } from "./notices-api";
import { sitesApi } from "./sites-api";
import { useSystemMessages } from "./system-messages";

type SearchForm = Pick<NoticeListQuery, "title" | "noticeType" | "status">;

/** The editor (Tiptap and ProseMirror) loads when a notice is written, not with the list. */
const NoticeDialog = lazy(() => import("./notice-dialog"));

/** The search's fields, kept in the page's address. */
const FILTERS = ["title", "noticeType", "status"] as const;

/**
 * System management → Notices: notices and announcements in rich text with attachments, for every
 * site or one, searched and paged; written, published, edited and deleted here, read by the users
 * of their site on the control center.
 */
export default function NoticesView({ title }: ViewProps) {
  const ready = useSystemMessages();
  return ready ? <Notices title={title} /> : <Skeleton active />;
}

function Notices({ title }: { title: string }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<SearchForm>();
  const [editing, setEditing] = useState<NoticeView | "new" | null>(null);
  const [sites, setSites] = useState<SiteAdminView[]>([]);
  const list = usePagedList<NoticeView, SearchForm>(noticesApi.list, FILTERS);
  const { rows, loading, load, pagination } = list;
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
          await load();
        }
      },
    });

  const operations = useOperationsColumn<NoticeView>(t("notices.columns.operations"), [
    { label: t("notices.edit"), permission: "system:notice:edit", onClick: (notice) => setEditing(notice) },
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
    <ListPage title={title}>
      <ListSearch
        name="noticeSearch"
        form={form}
        list={list}
        filtersOf={(values) => ({
          ...(values.title?.trim() ? { title: values.title.trim() } : {}),
          ...(values.noticeType ? { noticeType: values.noticeType } : {}),
          ...(values.status ? { status: values.status } : {}),
        })}
      >
        <Form.Item name="title" label={t("notices.search.title")}>
          <Input allowClear maxLength={200} />
        </Form.Item>
        <Form.Item name="noticeType" label={t("notices.search.type")}>
          <Select
            allowClear
            placeholder={t("notices.search.any")}
            style={{ minWidth: 140 }}
            options={(["notice", "announcement"] as const).map((v) => ({ value: v, label: t(`notices.types.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t("notices.search.status")}>
          <Select
            allowClear
            placeholder={t("notices.search.any")}
            style={{ minWidth: 140 }}
            options={(["draft", "published"] as const).map((v) => ({ value: v, label: t(`notices.statuses.${v}`) }))}
          />
        </Form.Item>
      </ListSearch>
      {/* Only for those who may: no empty toolbar for the others. */}
      <Can permissions={["system:notice:add"]}>
        <ListToolbar
          actions={
            <Button type="primary" onClick={() => setEditing("new")}>
              {t("notices.add")}
            </Button>
          }
        />
      </Can>
      <ListTable<NoticeView>
        rowKey="noticeId"
        loading={loading}
        columns={columns}
        dataSource={rows}
        emptyText={t("notices.empty")}
        pagination={pagination((count) => t("notices.total", { total: count }))}
      />
      {editing ? (
        <Suspense fallback={null}>
          <NoticeDialog
            notice={editing === "new" ? null : editing}
            sites={sites}
            siteLocked={siteLocked}
            onClose={(saved) => {
              setEditing(null);
              if (saved) {
                void message.success(t("notices.saved", { title: saved }));
                void load();
              }
            }}
          />
        </Suspense>
      ) : null}
    </ListPage>
  );
}
