import {
  HELP_SLUG_PATTERN,
  HELP_SUMMARY_MAX,
  HELP_TITLE_MAX,
  type HelpArticleBody,
  type HelpArticleView,
  type HelpCategoryView,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  type SiteAdminView,
} from "@rampart/contracts";
import { Form, Input, InputNumber, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../list-page/form-dialog";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { RichTextEditor } from "../parts/rich-text-editor";
import { helpApi } from "./help-api";

interface ArticleForm {
  title: string;
  slug: string;
  categoryId: number;
  language: Language;
  siteId: number | "installation";
  summary: string;
  body: string;
  status: HelpArticleBody["status"];
  sort: number;
}

/** An address part from a Latin title ("How to set a CNAME" → "how-to-set-a-cname"); "" for other scripts. */
export function slugOf(title: string): string {
  return title
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/đ/gi, "d")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 96);
}

/**
 * Writing an article: its title and address, category, language, whose (the installation's, or a
 * site's: a site-bound operator writes for theirs), summary, the text in the rich-text editor,
 * draft, published or hidden (a site's article that takes the installation's off the site), order.
 * `article` without an id is a copy to save as new (a site's version of the installation's).
 */
export default function HelpArticleDialog({
  article,
  categories,
  sites,
  siteLocked,
  onClose,
}: {
  article: (Partial<HelpArticleView> & { articleId?: number }) | null;
  categories: HelpCategoryView[];
  sites: SiteAdminView[];
  siteLocked: number | null;
  onClose: (saved: string | null) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ArticleForm>();
  const existing = article?.articleId !== undefined;
  const initial: ArticleForm = {
    title: article?.title ?? "",
    slug: article?.slug ?? "",
    categoryId: article?.categoryId ?? categories[0]?.categoryId ?? 0,
    language: article?.language ?? "en",
    siteId: siteLocked ?? article?.siteId ?? "installation",
    summary: article?.summary ?? "",
    body: article?.body ?? "",
    status: article?.status ?? "draft",
    sort: article?.sort ?? 10,
  };
  const { saving, submit } = useSaveDialog(async (values: ArticleForm) => {
    const body: HelpArticleBody = {
      title: values.title.trim(),
      slug: values.slug.trim(),
      categoryId: values.categoryId,
      language: values.language,
      summary: (values.summary ?? "").trim(),
      body: values.body ?? "",
      status: values.status,
      sort: values.sort ?? 0,
      siteId: values.siteId === "installation" ? null : values.siteId,
    };
    await helpApi.save(body, article?.articleId);
    return body.title;
  }, onClose);

  return (
    <FormDialog<ArticleForm>
      title={existing ? t("help.editTitle", { title: article?.title }) : t("help.addTitle")}
      form={form}
      name="helpArticle"
      initialValues={initial}
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(null)}
      width={880}
      className="help-dialog"
    >
      <Form.Item
        name="title"
        label={t("help.form.title")}
        rules={[{ required: true, whitespace: true, message: t("help.form.titleRequired") }]}
      >
        <Input
          maxLength={HELP_TITLE_MAX}
          showCount
          onChange={(event) => {
            if (!existing && !form.isFieldTouched("slug")) form.setFieldValue("slug", slugOf(event.target.value));
          }}
        />
      </Form.Item>
      <div className="help-dialog__row">
        <Form.Item
          name="slug"
          label={t("help.form.slug")}
          extra={t("help.form.slugHelp")}
          rules={[
            { required: true, message: t("help.form.slugRequired") },
            { pattern: new RegExp(HELP_SLUG_PATTERN), message: t("help.form.slugPattern") },
          ]}
        >
          <Input maxLength={96} />
        </Form.Item>
        <Form.Item name="categoryId" label={t("help.form.category")} rules={[{ required: true }]}>
          <Select
            style={{ minWidth: 180 }}
            options={categories.map((category) => ({ value: category.categoryId, label: category.name }))}
          />
        </Form.Item>
        <Form.Item name="language" label={t("help.form.language")}>
          <Select
            style={{ minWidth: 140 }}
            options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
          />
        </Form.Item>
        <Form.Item name="siteId" label={t("help.form.site")} extra={t("help.form.siteHelp")}>
          <Select
            disabled={siteLocked !== null || existing}
            style={{ minWidth: 180 }}
            options={[
              ...(siteLocked !== null ? [] : [{ value: "installation", label: t("help.installation") }]),
              ...sites.map((site) => ({ value: site.siteId, label: site.company })),
            ]}
          />
        </Form.Item>
      </div>
      <Form.Item name="summary" label={t("help.form.summary")} extra={t("help.form.summaryHelp")}>
        <Input.TextArea maxLength={HELP_SUMMARY_MAX} showCount rows={2} />
      </Form.Item>
      <Form.Item name="body" label={t("help.form.body")}>
        <RichTextEditor label={t("help.form.body")} />
      </Form.Item>
      <div className="help-dialog__row">
        <Form.Item name="status" label={t("help.form.status")} extra={t("help.form.statusHelp")}>
          <Radio.Group
            optionType="button"
            options={(["draft", "published", "hidden"] as const).map((status) => ({
              value: status,
              label: t(`help.statuses.${status}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="sort" label={t("help.form.sort")}>
          <InputNumber min={0} max={999} precision={0} />
        </Form.Item>
      </div>
    </FormDialog>
  );
}
