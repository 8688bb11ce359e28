import { type MenuGrantNode, ROLE_KEY_PATTERN, type RoleCreateBody, type RoleView } from "@rampart/contracts";
import { Form, Input, InputNumber, Radio } from "antd";
import { useTranslation } from "react-i18next";
import { RequestError } from "../../../shared/request/request-client";
import { FormDialog } from "../list-page/form-dialog";
import { LocalizedFields, localized } from "../list-page/localized-fields";
import { useSaveDialog } from "../list-page/use-save-dialog";
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

  const { saving, submit } = useSaveDialog(
    async (values: RoleCreateBody) => {
      const roleName = localized(values.roleName);
      const fields = { roleName, sort: values.sort ?? 0, status: values.status, menuIds: values.menuIds ?? [] };
      if (role) await rolesApi.update(role.roleId, fields);
      else await rolesApi.create({ ...fields, roleKey: values.roleKey.trim() });
      return roleName.en;
    },
    onClose,
    (error) => {
      if (error instanceof RequestError && error.code === 409)
        form.setFields([{ name: "roleKey", errors: [error.message] }]);
    },
  );

  return (
    <FormDialog<RoleCreateBody>
      title={
        role
          ? t("roles.editTitle", { name: role.roleName[i18n.language] || role.roleName.en || role.roleKey })
          : t("roles.addTitle")
      }
      form={form}
      name="role"
      initialValues={role ?? { sort: 10, status: "0", menuIds: [], roleName: { en: "" } }}
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(null)}
      width={640}
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
    </FormDialog>
  );
}
