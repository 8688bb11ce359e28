import { type MenuGrantNode, ROLE_KEY_PATTERN, type RoleCreateBody, type RoleView } from "@rampart/contracts";
import { Form, Input, InputNumber, Modal, Radio } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RequestError } from "../../../shared/request/request-client";
import { LocalizedFields, localized } from "./localized-fields";
import { MenuGrantTree } from "./menu-grant-tree";
import { rolesApi } from "./roles-api";

/** Adding or editing a role: key, names in every language, order, status and what it grants. */
export function RoleDialog({
  role,
  menus,
  onClose,
}: {
  role: RoleView | null;
  menus: MenuGrantNode[];
  onClose: (saved: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<RoleCreateBody>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: RoleCreateBody) => {
    setSaving(true);
    const roleName = localized(values.roleName);
    const fields = { roleName, sort: values.sort ?? 0, status: values.status, menuIds: values.menuIds ?? [] };
    try {
      if (role) await rolesApi.update(role.roleId, fields);
      else await rolesApi.create({ ...fields, roleKey: values.roleKey.trim() });
      onClose(roleName.en);
    } catch (error) {
      if (error instanceof RequestError && error.code === 409)
        form.setFields([{ name: "roleKey", errors: [error.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={
        role
          ? t("roles.editTitle", { name: role.roleName[i18n.language] || role.roleName.en || role.roleKey })
          : t("roles.addTitle")
      }
      okText={t("console.save")}
      cancelText={t("console.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(null)}
      width={640}
      destroyOnHidden
    >
      <Form<RoleCreateBody>
        form={form}
        name="role"
        layout="vertical"
        initialValues={role ?? { sort: 10, status: "0", menuIds: [], roleName: { en: "" } }}
        onFinish={submit}
      >
        <div className="user-form__pair">
          <Form.Item
            name="roleKey"
            label={t("roles.form.roleKey")}
            extra={role ? undefined : t("roles.form.roleKeyHelp")}
            rules={
              role
                ? []
                : [
                    { required: true, message: t("users.required") },
                    { pattern: new RegExp(ROLE_KEY_PATTERN), message: t("roles.form.roleKeyHelp") },
                  ]
            }
          >
            <Input disabled={Boolean(role)} maxLength={64} autoComplete="off" />
          </Form.Item>
          <LocalizedFields name="roleName" englishLabel={t("roles.form.nameEn")} otherKey="roles.form.nameOther" />
        </div>
        <div className="user-form__pair">
          <Form.Item name="sort" label={t("roles.form.sort")}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item name="status" label={t("roles.form.status")}>
            <Radio.Group
              options={(["0", "1"] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
              optionType="button"
            />
          </Form.Item>
        </div>
        <Form.Item name="menuIds" label={t("roles.form.menus")} extra={t("roles.form.menusHelp")}>
          <MenuGrantTree nodes={menus} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
