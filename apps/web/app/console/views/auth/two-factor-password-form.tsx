import { Button, Form, Input, Space } from "antd";
import { useTranslation } from "react-i18next";

/** The account's password, asked before a first authenticator is set up (a session alone is not enough). */
export function PasswordForm({
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  busy: boolean;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Form<{ password: string }>
      layout="inline"
      className="two-factor__code-form"
      onFinish={({ password }) => onSubmit(password)}
    >
      <CurrentPasswordField />
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel}>{t("console.cancel")}</Button>
      </Space>
    </Form>
  );
}

/** The signed-in user's password, asked again before a change to their sign-in. */
export function CurrentPasswordField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="password"
      label={t("security.twoFactor.password")}
      rules={[{ required: true, message: t("security.twoFactor.passwordRequired") }]}
    >
      <Input.Password autoComplete="current-password" maxLength={128} autoFocus />
    </Form.Item>
  );
}
