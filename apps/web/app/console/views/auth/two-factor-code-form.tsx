import { Button, Form, Input, Space } from "antd";
import { useTranslation } from "react-i18next";
import { CurrentPasswordField } from "./two-factor-password-form";

/** What the form sends: the code, and the password when it was asked for. */
export interface CodeFields {
  code: string;
  password?: string;
}

/**
 * A code from the authenticator (or, where accepted, a recovery code), checked before sending; with
 * `withPassword`, the account's password too (moving to a new authenticator).
 */
export function CodeForm({
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  danger = false,
  totpOnly = false,
  withPassword = false,
}: {
  submitLabel: string;
  busy: boolean;
  onSubmit: (fields: CodeFields) => void;
  onCancel: () => void;
  danger?: boolean;
  totpOnly?: boolean;
  withPassword?: boolean;
}) {
  const { t } = useTranslation();
  const pattern = totpOnly ? /^\s*[0-9]{6}\s*$/ : /^\s*([0-9]{6}|[0-9a-zA-Z]{5}[- ]?[0-9a-zA-Z]{5})\s*$/;
  return (
    <Form<CodeFields> layout="inline" className="two-factor__code-form" onFinish={onSubmit}>
      {withPassword ? <CurrentPasswordField /> : null}
      <Form.Item
        name="code"
        label={t(totpOnly ? "security.twoFactor.code" : "security.twoFactor.codeOrRecovery")}
        rules={[
          { required: true, message: t("security.twoFactor.codeRequired") },
          { pattern, message: t(totpOnly ? "security.twoFactor.codeSixDigits" : "security.twoFactor.codeFormat") },
        ]}
      >
        <Input
          autoComplete="one-time-code"
          inputMode={totpOnly ? "numeric" : "text"}
          maxLength={16}
          autoFocus={!withPassword}
          className="two-factor__code-input"
        />
      </Form.Item>
      <Space>
        <Button type="primary" danger={danger} htmlType="submit" loading={busy}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel}>{t("console.cancel")}</Button>
      </Space>
    </Form>
  );
}
