import { UserOutlined } from "@ant-design/icons";
import { Alert, Button, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { authApi } from "../../shared/auth/auth-api";
import { useSiteData } from "../../shared/branding/use-site-data";
import { RequestError } from "../../shared/request/request-client";
import { AuthFrame } from "./auth-frame";

/**
 * /cloud/forgot-password (linked from both login pages): the user name or e-mail address of the
 * account; the server mails a one-time link and answers the same whether or not there is one.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { branding } = useSiteData();
  const { search } = useLocation();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const backTo = new URLSearchParams(search).get("from") === "admin" ? "/admin/login" : `/cloud/login${search}`;

  const submit = async ({ account }: { account: string }) => {
    setBusy(true);
    try {
      const answer = await authApi.forgotPassword({ account: account.trim(), agentCode: branding.agentCode });
      setSent(answer.msg);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t("auth.forgotTitle")} subtitle={t("auth.forgotSubtitle")}>
      {sent ? (
        <Alert type="success" showIcon title={sent} description={t("auth.forgotCheckMail")} />
      ) : (
        <Form<{ account: string }> layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="account"
            label={t("auth.forgotAccount")}
            rules={[{ required: true, whitespace: true, message: t("auth.forgotAccountRequired") }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" maxLength={254} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {busy ? t("auth.forgotSending") : t("auth.forgotSend")}
          </Button>
        </Form>
      )}
      <p className="auth-frame__switch">
        <Link to={backTo}>{t("auth.backToLogin")}</Link>
      </p>
    </AuthFrame>
  );
}
