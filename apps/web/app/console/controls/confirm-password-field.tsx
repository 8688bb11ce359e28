import { Form, Input } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A password typed again: required, and the same as the field `of` (the new password), checked
 * again when that one changes. Its texts are the sign-in pages' unless the form has its own.
 */
export function ConfirmPasswordField({
  of,
  label,
  required,
  differ,
  prefix,
}: {
  of: string;
  label?: string;
  /** What an empty field says. */
  required?: string;
  /** What a different password says. */
  differ?: string;
  prefix?: ReactNode;
}) {
  const { t } = useTranslation();
  const mismatch = differ ?? t("auth.passwordsDiffer");
  return (
    <Form.Item
      name="confirm"
      label={label ?? t("auth.confirmPassword")}
      dependencies={[of]}
      rules={[
        { required: true, message: required ?? t("auth.passwordRequired") },
        ({ getFieldValue }) => ({
          validator: (_, value: string | undefined) =>
            !value || value === getFieldValue(of) ? Promise.resolve() : Promise.reject(new Error(mismatch)),
        }),
      ]}
    >
      <Input.Password {...(prefix ? { prefix } : {})} autoComplete="new-password" />
    </Form.Item>
  );
}
