import { HELP_SLUG_PATTERN, type HelpCategoryBody, type HelpCategoryView } from "@rampart/contracts";
import { App, Button, Form, Input, InputNumber, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmAction } from "../../controls/confirm-action";
import { FormDialog } from "../list-page/form-dialog";
import { LocalizedFields } from "../list-page/localized-fields";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { helpApi } from "./help-api";

interface CategoryForm {
  slug: string;
  name: Record<string, string | undefined>;
  sort: number;
}

function CategoryDialog({
  category,
  onClose,
}: {
  category: HelpCategoryView | null;
  onClose: (saved: string | null) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CategoryForm>();
  const { saving, submit } = useSaveDialog(async (values: CategoryForm) => {
    const text = (language: string) => (values.name[language] ?? "").trim();
    const body: HelpCategoryBody = {
      slug: values.slug.trim(),
      name: { en: text("en"), "zh-CN": text("zh-CN"), "zh-TW": text("zh-TW"), id: text("id"), vi: text("vi") },
      sort: values.sort ?? 0,
    };
    await helpApi.saveCategory(body, category?.categoryId);
    return body.name.en;
  }, onClose);
  return (
    <FormDialog<CategoryForm>
      title={category ? t("help.categories.editTitle", { name: category.name }) : t("help.categories.addTitle")}
      form={form}
      name="helpCategory"
      initialValues={category ? { slug: category.slug, name: category.names, sort: category.sort } : { sort: 10 }}
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(null)}
    >
      <Form.Item
        name="slug"
        label={t("help.form.slug")}
        extra={t("help.categories.slugHelp")}
        rules={[
          { required: true, message: t("help.form.slugRequired") },
          { pattern: new RegExp(HELP_SLUG_PATTERN), message: t("help.form.slugPattern") },
        ]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <LocalizedFields
        name="name"
        englishLabel={t("help.categories.name")}
        otherKey="help.categories.nameIn"
        max={60}
        requiredMessage={t("help.categories.nameRequired")}
      />
      <Form.Item name="sort" label={t("help.form.sort")}>
        <InputNumber min={0} max={999} precision={0} />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * The installation's categories: every site's help centre is sorted by them. Only an operator
 * bound to no site changes them (`editable`).
 */
export function HelpCategories({
  categories,
  editable,
  reload,
}: {
  categories: HelpCategoryView[];
  editable: boolean;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [editing, setEditing] = useState<HelpCategoryView | "new" | null>(null);
  const close = (saved: string | null) => {
    setEditing(null);
    if (saved !== null) {
      void message.success(t("help.categories.saved", { name: saved }));
      void reload();
    }
  };
  const remove = (category: HelpCategoryView) =>
    confirmAction(modal, t, {
      content: t("help.categories.removeText", { name: category.name }),
      action: async () => {
        try {
          const answer = await helpApi.removeCategory(category.categoryId);
          void message.success(answer.msg);
        } finally {
          await reload();
        }
      },
    });
  const columns: ColumnsType<HelpCategoryView> = [
    { title: t("help.categories.name"), dataIndex: "name", render: (name: string) => <strong>{name}</strong> },
    { title: t("help.form.slug"), dataIndex: "slug", render: (slug: string) => <code>/help/{slug}</code> },
    { title: t("help.form.sort"), dataIndex: "sort", width: 90 },
    ...(editable
      ? [
          {
            title: t("help.columns.operations"),
            key: "operations",
            width: 160,
            render: (_: unknown, category: HelpCategoryView) => (
              <>
                <Button type="link" size="small" onClick={() => setEditing(category)}>
                  {t("help.edit")}
                </Button>
                <Button type="link" size="small" danger onClick={() => remove(category)}>
                  {t("help.remove")}
                </Button>
              </>
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="help-categories">
      <p className="help-categories__intro">{t(editable ? "help.categories.intro" : "help.categories.readOnly")}</p>
      {editable && (
        <Button type="primary" onClick={() => setEditing("new")} className="help-categories__add">
          {t("help.categories.add")}
        </Button>
      )}
      <Table<HelpCategoryView>
        rowKey="categoryId"
        columns={columns}
        dataSource={categories}
        pagination={false}
        size="middle"
        scroll={{ x: "max-content" }}
      />
      {editing !== null && <CategoryDialog category={editing === "new" ? null : editing} onClose={close} />}
    </div>
  );
}
