import {
  HelpArticleQuery,
  type HelpArticleView,
  type HelpCategoryView,
  hasPermission,
  type SiteAdminView,
} from "@rampart/contracts";
import { App, Space, Tabs, Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useGrants, useSiteScope } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { confirmAction } from "../../controls/confirm-action";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { useRecordDialog } from "../list-page/record-dialog";
import { searchKeys, searchSpec, withChoices } from "../list-page/search-fields";
import { withViewMessages } from "../parts/view-messages";
import { sitesApi } from "../sites/sites-api";
import { helpApi } from "./help-api";
import { HelpCategories } from "./help-categories";
import "./help.css";

/** The search as the page's address keeps it (text; the server reads the numbers). */
type Filters = Partial<Record<"q" | "language" | "categoryId" | "status", string>>;
type Draft = Partial<HelpArticleView> & { articleId?: number };

/** The editor (Tiptap and ProseMirror) loads when an article is written, not with the list. */
const HelpArticleDialog = lazy(() => import("./help-article-dialog"));

const ARTICLES_PAGE = listSpec<HelpArticleView>("help", "articleId", {
  add: "business:help:edit",
  search: searchSpec("helpSearch", HelpArticleQuery, [
    { name: "q" },
    { kind: "choice", name: "language", options: (value) => String(value), minWidth: 140 },
    { kind: "choice", name: "categoryId", options: (value) => String(value), minWidth: 160, numeric: true },
    { kind: "choice", name: "status", options: "help.statuses", minWidth: 130 },
  ]),
});
const FILTERS = searchKeys<Filters>(ARTICLES_PAGE.search);
/** One function for the page's life: the list reloads when its search changes, not on every render. */
const listArticles = (query: Filters) => helpApi.list(query as unknown as Partial<HelpArticleQuery>);

/**
 * Business → Help centre: the articles of /help, the installation's (every site inherits them) and
 * each site's (which replace or hide the installation's of the same address there), searched by
 * words, language, category and status, with what readers answered to "was this helpful?"; and
 * the installation's categories.
 */
export default withViewMessages("help", function HelpCentreView({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language: uiLanguage } = useSiteData();
  const { modal, message } = App.useApp();
  const siteLocked = useSiteScope();
  const grants = useGrants();
  const canReadSites = hasPermission(grants, "system:site:list");
  const canEdit = hasPermission(grants, "business:help:edit");
  const [sites, setSites] = useState<SiteAdminView[]>([]);
  const [categories, setCategories] = useState<HelpCategoryView[]>([]);
  const list = usePagedList<HelpArticleView, Filters>(listArticles, FILTERS);
  const [editing, setEditing] = useState<Draft | null>(null);
  const dialog = useRecordDialog<HelpArticleView>(list.load, (name) => t("help.saved", { title: name }));
  const loadCategories = useCallback(
    () =>
      helpApi.categories().then(
        ({ data }) => setCategories(data ?? []),
        () => {},
      ),
    [],
  );
  useEffect(() => {
    void loadCategories();
    if (!canReadSites) return;
    sitesApi.list().then(
      ({ data }) => setSites((data ?? []).filter((site) => siteLocked === null || site.siteId === siteLocked)),
      () => {},
    );
  }, [loadCategories, siteLocked, canReadSites]);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(uiLanguage, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const categoryName = (categoryId: number) =>
    categories.find((category) => category.categoryId === categoryId)?.name ?? "";

  const remove = (article: HelpArticleView) =>
    confirmAction(modal, t, {
      content: t("help.removeText", { title: article.title }),
      action: async () => {
        try {
          await helpApi.remove(article.articleId);
          void message.success(t("help.removed", { title: article.title }));
        } finally {
          await list.load();
        }
      },
    });
  const mine = (article: HelpArticleView) => siteLocked === null || article.siteId === siteLocked;
  /** A site's own version of an installation's article: the same address, saved as the site's. */
  const writeForSite = (article: HelpArticleView) => {
    const { articleId: _id, siteId: _site, ...copy } = article;
    setEditing({ ...copy, status: "draft" });
  };
  const operations = useOperationsColumn<HelpArticleView>(t("help.columns.operations"), [
    { label: t("help.edit"), permission: "business:help:edit", shown: mine, onClick: dialog.openFor },
    {
      label: t("help.writeForSite"),
      permission: "business:help:edit",
      shown: (article) => siteLocked !== null && article.siteId === null,
      onClick: writeForSite,
    },
    { label: t("help.remove"), permission: "business:help:edit", danger: true, shown: mine, onClick: remove },
  ]);
  const columns: ColumnsType<HelpArticleView> = [
    {
      title: t("help.columns.title"),
      dataIndex: "title",
      render: (text: string, article) => (
        <Space direction="vertical" size={0}>
          {article.status === "published" ? (
            <a
              href={`/help/${article.category}/${article.slug}?lang=${article.language}`}
              target="_blank"
              rel="noreferrer"
            >
              <strong>{text}</strong>
            </a>
          ) : (
            <strong>{text}</strong>
          )}
          <code className="help-view__path">
            /help/{article.category}/{article.slug}
          </code>
        </Space>
      ),
    },
    { title: t("help.columns.category"), dataIndex: "categoryId", render: (id: number) => categoryName(id) },
    { title: t("help.columns.language"), dataIndex: "language", render: (language: string) => <Tag>{language}</Tag> },
    {
      title: t("help.columns.site"),
      key: "site",
      render: (_, article) =>
        article.siteId === null ? (
          t("help.installation")
        ) : (
          <Space size={4} wrap>
            {article.siteName}
            {article.overrides !== null && (
              <Tooltip title={t("help.overridesHelp")}>
                <Tag color="gold">{t("help.overrides")}</Tag>
              </Tooltip>
            )}
          </Space>
        ),
    },
    {
      title: t("help.columns.status"),
      dataIndex: "status",
      render: (status: string) => (
        <Tag color={status === "published" ? "green" : status === "hidden" ? "volcano" : "default"}>
          {t(`help.statuses.${status}`)}
        </Tag>
      ),
    },
    {
      title: t("help.columns.helpful"),
      key: "helpful",
      render: (_, article) =>
        article.helpfulYes + article.helpfulNo === 0 ? (
          <span className="help-view__none">{t("help.noAnswers")}</span>
        ) : (
          <Tooltip title={t("help.helpfulDetail", { yes: article.helpfulYes, no: article.helpfulNo })}>
            {t("help.helpfulShare", {
              share: Math.round((100 * article.helpfulYes) / (article.helpfulYes + article.helpfulNo)),
              count: article.helpfulYes + article.helpfulNo,
            })}
          </Tooltip>
        ),
    },
    { title: t("help.columns.updated"), dataIndex: "updatedAt", render: (iso: string) => date(iso) },
    operations,
  ];
  // Made again only when the categories change: a new search on every render would reload the list.
  const search = useMemo(
    () =>
      withChoices(
        withChoices(ARTICLES_PAGE.search!, "language", ["en", "zh-CN", "zh-TW", "id", "vi"], (value) => String(value)),
        "categoryId",
        categories.map((category) => category.categoryId),
        (value) => categories.find((category) => category.categoryId === Number(value))?.name ?? "",
      ),
    [categories],
  );
  const draft = editing ?? (dialog.open ? (dialog.record ?? {}) : null);
  const closeDraft = (saved: string | null) => {
    if (editing) {
      setEditing(null);
      if (saved !== null) {
        void message.success(t("help.saved", { title: saved }));
        void list.load();
      }
    } else dialog.close(saved);
  };

  return (
    <Tabs
      className="help-view"
      items={[
        {
          key: "articles",
          label: t("help.tabs.articles"),
          children: (
            <DeclaredListPage
              spec={ARTICLES_PAGE}
              search={search}
              title={title}
              intro={<p className="help-view__intro">{t("help.intro")}</p>}
              list={list}
              columns={columns}
              onAdd={() => (categories.length > 0 ? dialog.openNew() : void message.info(t("help.noCategories")))}
            >
              {draft !== null && categories.length > 0 ? (
                <Suspense fallback={null}>
                  <HelpArticleDialog
                    article={draft}
                    categories={categories}
                    sites={sites}
                    siteLocked={siteLocked}
                    onClose={closeDraft}
                  />
                </Suspense>
              ) : null}
            </DeclaredListPage>
          ),
        },
        {
          key: "categories",
          label: t("help.tabs.categories"),
          children: (
            <HelpCategories categories={categories} editable={siteLocked === null && canEdit} reload={loadCategories} />
          ),
        },
      ]}
    />
  );
});
