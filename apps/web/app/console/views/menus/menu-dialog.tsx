import type { MenuAdminView, MenuBody } from "@rampart/contracts";
import { AutoComplete, Form, Input, InputNumber, Radio, Switch, TreeSelect } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { VIEW_COMPONENTS } from "../../routing/view-names";
import { FormDialog } from "../list-page/form-dialog";
import { LocalizedFields, localized } from "../list-page/localized-fields";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { menusApi } from "./menus-api";

const NEW_MENU: Omit<MenuBody, "parentId"> = {
  menuType: "C",
  title: { en: "" },
  orderNum: 10,
  path: "",
  component: "",
  query: "",
  perms: "",
  icon: "",
  isExternal: false,
  isCache: true,
  hidden: false,
  status: "0",
};

interface ParentNode {
  value: number;
  title: string;
  children: ParentNode[];
}

/**
 * Adding or editing a menu entry: where it sits, its type, titles in every language, and for a
 * directory or page its path, view (from the view registry), icon and visibility; for a page or
 * button its permission string.
 */
export function MenuDialog({
  menu,
  parentId,
  menus,
  onClose,
}: {
  menu: MenuAdminView | null;
  /** For a new entry: where it goes. */
  parentId: number;
  menus: MenuAdminView[];
  onClose: (saved: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<MenuBody>();
  const type = Form.useWatch("menuType", form) ?? menu?.menuType ?? "C";
  const language = i18n.language;
  const titleOf = (m: MenuAdminView) => m.title[language] || m.title.en || m.path;

  // Only directories and pages can hold entries; an entry never goes under itself.
  const parents = useMemo(() => {
    const build = (id: number): ParentNode[] =>
      menus
        .filter((m) => m.parentId === id && m.menuType !== "F" && m.menuId !== menu?.menuId)
        .map((m) => ({ value: m.menuId, title: m.title[language] || m.title.en || m.path, children: build(m.menuId) }));
    return [{ value: 0, title: t("menus.topLevel"), children: build(0) }];
  }, [menus, menu, t, language]);

  const { saving, submit } = useSaveDialog(async (values: MenuBody) => {
    const title = localized(values.title);
    const body: MenuBody = { ...NEW_MENU, ...values, title };
    if (menu) await menusApi.update(menu.menuId, body);
    else await menusApi.create(body);
    return title.en;
  }, onClose);

  const required = { required: true, whitespace: true, message: t("users.required") };
  return (
    <FormDialog<MenuBody>
      title={menu ? t("menus.editTitle", { name: titleOf(menu) }) : t("menus.addTitle")}
      form={form}
      name="menu"
      initialValues={menu ?? { ...NEW_MENU, parentId }}
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(null)}
      width={680}
    >
      <Form.Item name="menuType" label={t("menus.form.type")}>
        <Radio.Group
          optionType="button"
          options={(["M", "C", "F"] as const).map((m) => ({ value: m, label: t(`menus.types.${m}`) }))}
        />
      </Form.Item>
      <div className="user-form__pair">
        <Form.Item name="parentId" label={t("menus.form.parent")}>
          <TreeSelect treeData={parents} treeDefaultExpandedKeys={[0]} showSearch treeNodeFilterProp="title" />
        </Form.Item>
        <LocalizedFields name="title" englishLabel={t("menus.form.titleEn")} otherKey="menus.form.titleOther" />
        <Form.Item name="orderNum" label={t("menus.form.orderNum")}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: "100%" }} />
        </Form.Item>
        {type === "F" ? null : (
          <Form.Item name="icon" label={t("menus.form.icon")} rules={[{ pattern: /^[A-Za-z0-9_-]*$/ }]}>
            <Input maxLength={100} />
          </Form.Item>
        )}
      </div>
      {type === "F" ? null : (
        <Form.Item
          name="path"
          label={t("menus.form.path")}
          extra={t("menus.form.pathHelp")}
          rules={[
            required,
            { pattern: /^([A-Za-z0-9_:./-]+|https?:\/\/[^\s"'<>]+)$/, message: t("menus.form.pathHelp") },
          ]}
        >
          <Input maxLength={200} />
        </Form.Item>
      )}
      {type === "C" ? (
        <div className="user-form__pair">
          <Form.Item
            name="component"
            label={t("menus.form.component")}
            extra={t("menus.form.componentHelp")}
            rules={[{ pattern: /^[A-Za-z0-9_/-]*$/ }]}
          >
            <AutoComplete
              options={VIEW_COMPONENTS.map((c) => ({ value: c }))}
              filterOption={(input, option) => (option?.value ?? "").includes(input)}
            />
          </Form.Item>
          <Form.Item name="query" label={t("menus.form.query")}>
            <Input maxLength={255} />
          </Form.Item>
        </div>
      ) : null}
      {type === "M" ? null : (
        <Form.Item
          name="perms"
          label={t("menus.form.perms")}
          extra={t("menus.form.permsHelp")}
          rules={[{ pattern: /^([A-Za-z0-9_-]+(:[A-Za-z0-9_*-]+)*)?$/, message: t("menus.form.permsHelp") }]}
        >
          <Input maxLength={100} />
        </Form.Item>
      )}
      {type === "F" ? null : (
        <div className="menu-form__switches">
          <Form.Item name="hidden" label={t("menus.form.hidden")} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="isExternal" label={t("menus.form.isExternal")} valuePropName="checked">
            <Switch />
          </Form.Item>
          {type === "C" ? (
            <Form.Item name="isCache" label={t("menus.form.isCache")} valuePropName="checked">
              <Switch />
            </Form.Item>
          ) : null}
        </div>
      )}
      <Form.Item name="status" label={t("menus.form.status")}>
        <Radio.Group
          optionType="button"
          options={(["0", "1"] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
