import type { NoticeListQuery, NoticeView, SiteAdminView } from "@rampart/contracts";
import { App, Button, Form, Input, Select, Skeleton, Space, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { confirmAction } from "../../shell/confirm-action";
import { ListSearch } from "../list-search";
import { usePagedList } from "../paged-list";
import { useWideScreen } from "../search-toggle";
import { noticesApi } from "./notices-api";
import { sitesApi } from "./sites-api";
import { useSystemMessages } from "./system-messages";

type SearchForm = Pick<NoticeListQuery, "title" | "noticeType" | "status">;

/** The editor (Tiptap and ProseMirror) loads when a notice is written, not with the list. */
const NoticeDialog = lazy(() => import("./notice-dialog"));

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
  const wide = useWideScreen();
  const [form] = Form.useForm<SearchForm>();
  const [filters, setFilters] = useState<SearchForm>({});
  const [editing, setEditing] = useState<NoticeView | "new" | null>(null);
  const [sites, setSites] = useState<SiteAdminView[]>([]);
  const { rows, loading, load, firstPage, pagination } = usePagedList(noticesApi.list, filters);
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
    {
      title: t("notices.columns.operations"),
      key: "operations",
      ...(wide ? { fixed: "right" as const } : {}),
      render: (_, notice) => (
        <Space size={0} wrap>
          <Can permissions={["system:notice:edit"]}>
            <Button type="link" size="small" onClick={() => setEditing(notice)}>
              {t("notices.edit")}
            </Button>
          </Can>
          <Can permissions={["system:notice:remove"]}>
            <Button type="link" size="small" danger onClick={() => remove(notice)}>
              {t("notices.remove")}
            </Button>
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <div className="list-view console-view">
      <h1 className="visually-hidden">{title}</h1>
      <ListSearch<SearchForm>
        name="noticeSearch"
        form={form}
        onSearch={(values) => {
          setFilters({
            ...(values.title?.trim() ? { title: values.title.trim() } : {}),
            ...(values.noticeType ? { noticeType: values.noticeType } : {}),
            ...(values.status ? { status: values.status } : {}),
          });
          firstPage();
        }}
        onRefresh={() => void load()}
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
      <Can permissions={["system:notice:add"]}>
        <div className="list-toolbar list-toolbar--start">
          <Button type="primary" onClick={() => setEditing("new")}>
            {t("notices.add")}
          </Button>
        </div>
      </Can>
      <Table<NoticeView>
        rowKey="noticeId"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("notices.empty") }}
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
    </div>
  );
}
