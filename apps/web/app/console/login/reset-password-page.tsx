import { LockOutlined } from "@ant-design/icons";
import { PASSWORD_MAX, PASSWORD_MIN } from "@rampart/contracts";
import { Alert, Button, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { authApi } from "../../shared/auth/auth-api";
import { feedback } from "../../shared/request/feedback";
import { RequestError } from "../../shared/request/request-client";
import { ConfirmPasswordField } from "../controls/confirm-password-field";
import { AuthFrame } from "./auth-frame";

interface ResetFields {
  password: string;
  confirm: string;
}

/**
 * /cloud/reset-password?token=…: the page of the mailed link. A new password (the server applies
 * the rules: length, letters and digits, not a common one); then every session of the account has
 * ended and the user signs in with it.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const submit = async ({ password }: ResetFields) => {
    setBusy(true);
    try {
      setDone((await authApi.resetPassword({ token, password })).msg);
      // An earlier refusal (a password too weak) is over: it must not stay on top of the success.
      feedback().clearErrors();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t("auth.resetTitle")} subtitle={t("auth.resetSubtitle")}>
      {done ? (
        <Alert type="success" showIcon title={done} />
      ) : !/^[A-Za-z0-9_-]{20,200}$/.test(token) ? (
        <Alert type="warning" showIcon title={t("auth.resetNoToken")} />
      ) : (
        <Form<ResetFields> layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="password"
            label={t("console.newPassword")}
            extra={t("auth.passwordRule")}
            rules={[
              { required: true, message: t("auth.passwordRequired") },
              { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t("auth.passwordRule") },
            ]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
          </Form.Item>
          <ConfirmPasswordField of="password" prefix={<LockOutlined />} />
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t("auth.resetSubmit")}
          </Button>
        </Form>
      )}
      <p className="auth-frame__switch">
        {done ? (
          <Link to="/cloud/login">{t("auth.login")}</Link>
        ) : (
          <Link to="/cloud/forgot-password">{t("auth.resetAskAgain")}</Link>
        )}
      </p>
    </AuthFrame>
  );
}
