import { Button, Form, Input, Space } from "antd";
import { useTranslation } from "react-i18next";

/** A code from the authenticator (or, where accepted, a recovery code), checked before sending. */
export function CodeForm({
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  danger = false,
  totpOnly = false,
}: {
  submitLabel: string;
  busy: boolean;
  onSubmit: (fields: { code: string }) => void;
  onCancel: () => void;
  danger?: boolean;
  totpOnly?: boolean;
}) {
  const { t } = useTranslation();
  const pattern = totpOnly ? /^\s*[0-9]{6}\s*$/ : /^\s*([0-9]{6}|[0-9a-zA-Z]{5}[- ]?[0-9a-zA-Z]{5})\s*$/;
  return (
    <Form<{ code: string }> layout="inline" className="two-factor__code-form" onFinish={onSubmit}>
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
          autoFocus
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
