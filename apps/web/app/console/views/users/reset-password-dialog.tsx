import { passwordProblem, type UserAdminView } from "@rampart/contracts";
import { Form, Input, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { usersApi } from "./users-api";

/** A new password for a user (the same rule as everyone's); they are signed out everywhere. */
export function ResetPasswordDialog({ user, onClose }: { user: UserAdminView; onClose: (reset: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const { saving, submit } = useSaveDialog(async ({ password }: { password: string }) => {
    await usersApi.resetPassword(user.userId, password);
    return true;
  }, onClose);
  return (
    <Modal
      open
      title={t("users.resetTitle", { name: user.userName })}
      okText={t("console.save")}
      cancelText={t("console.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <p>{t("users.form.resetHelp")}</p>
      <Form form={form} name="resetPassword" layout="vertical" onFinish={submit}>
        <Form.Item
          name="password"
          label={t("users.form.newPassword")}
          extra={t("auth.passwordRule")}
          rules={[
            { required: true, message: t("users.required") },
            {
              validator: (_, value: string) =>
                !value || !passwordProblem(value, user.userName)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("auth.passwordRule"))),
            },
          ]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
