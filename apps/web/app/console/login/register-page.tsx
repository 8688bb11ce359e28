import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from "@ant-design/icons";
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, type RegisterResult, USERNAME_PATTERN } from "@rampart/contracts";
import { App, Button, Form, Input } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { authApi } from "../../shared/auth/auth-api";
import { useSiteData } from "../../shared/branding/use-site-data";
import { RequestError } from "../../shared/request/request-client";
import { ConfirmPasswordField } from "../controls/confirm-password-field";
import { AuthFrame } from "./auth-frame";
import { useCaptchaField } from "./captcha-field";
import type { RegisteredState } from "./registered-page";
import { cameFrom, signInPath } from "./sign-in-path";
import { useTypedBeforeHydration } from "./typed-before-hydration";

interface RegisterFields {
  username: string;
  password: string;
  confirm: string;
  email?: string;
  phone?: string;
}
const REGISTER_FIELDS = ["username", "password", "confirm", "email", "phone"] as const;

const USERNAME = new RegExp(USERNAME_PATTERN);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 -]{5,19}$/;

/**
 * /cloud/register: a customer creates an account on this site; then the page that says what comes
 * next (check the inbox), or the sign-in when no link was mailed.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { branding } = useSiteData();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [form] = Form.useForm<RegisterFields>();
  const root = useRef<HTMLDivElement>(null);
  const ready = useTypedBeforeHydration(form, root, REGISTER_FIELDS);
  const captcha = useCaptchaField();
  const { verifyInfo } = captcha;
  const [busy, setBusy] = useState(false);

  const submit = async (fields: RegisterFields) => {
    if (!captcha.solved()) return;
    setBusy(true);
    try {
      const username = fields.username.trim();
      // The order page that sent the visitor here: kept through the confirmation mail and sign-in.
      const back = cameFrom(new URLSearchParams(search).get("redirect"), location.origin);
      const answer = await authApi.register({
        username,
        password: fields.password,
        ...(fields.email?.trim() ? { email: fields.email.trim() } : {}),
        ...(fields.phone?.trim() ? { phone: fields.phone.trim() } : {}),
        ...(verifyInfo ? { verifyInfo } : {}),
        agentCode: branding.agentCode,
        ...(back ? { redirect: back } : {}),
      });
      await afterRegistration(answer.data, username, back);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      captcha.renew();
    } finally {
      setBusy(false);
    }
  };

  /** What to do next: with a link mailed, the page that says so; else sign in, the user name filled in. */
  const afterRegistration = async (
    { confirmTo, resendToken }: RegisterResult,
    username: string,
    back: string | undefined,
  ) => {
    if (confirmTo && resendToken) {
      const state: RegisteredState = { email: confirmTo, username, resendToken };
      await navigate(`/cloud/registered${back ? `?${new URLSearchParams({ redirect: back })}` : ""}`, { state });
      return;
    }
    void message.success(t("auth.registered"));
    await navigate(signInPath(username, back));
  };

  const needContact = () => ({
    validator: () =>
      form.getFieldValue("email")?.trim() || form.getFieldValue("phone")?.trim()
        ? Promise.resolve()
        : Promise.reject(new Error(t("auth.contactRule"))),
  });

  return (
    <AuthFrame title={t("auth.registerTitle")} subtitle={t("auth.cloudSubtitle")}>
      <div ref={root}>
        <Form<RegisterFields> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="username"
            label={t("auth.username")}
            extra={t("auth.usernameRule")}
            rules={[
              { required: true, whitespace: true, message: t("auth.usernameRequired") },
              { pattern: USERNAME, message: t("auth.usernameRule") },
            ]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t("auth.password")}
            extra={t("auth.passwordRule")}
            dependencies={["username"]}
            rules={[
              { required: true, message: t("auth.passwordRequired") },
              {
                validator: (_, value: string | undefined) =>
                  !value || !passwordProblem(value, form.getFieldValue("username") ?? "")
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("auth.passwordRule"))),
              },
            ]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="new-password"
              minLength={PASSWORD_MIN}
              maxLength={PASSWORD_MAX}
            />
          </Form.Item>
          <ConfirmPasswordField of="password" prefix={<LockOutlined />} />
          <Form.Item
            name="email"
            label={t("auth.email")}
            dependencies={["phone"]}
            rules={[needContact, { pattern: EMAIL, message: t("auth.emailInvalid") }]}
          >
            <Input prefix={<MailOutlined />} type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t("auth.phone")}
            dependencies={["email"]}
            rules={[needContact, { pattern: PHONE, message: t("auth.phoneInvalid") }]}
          >
            <Input prefix={<MobileOutlined />} type="tel" autoComplete="tel" />
          </Form.Item>
          {captcha.field}
          <Button type="primary" htmlType="submit" size="large" block loading={busy} disabled={!ready}>
            {busy ? t("auth.registering") : t("auth.register")}
          </Button>
        </Form>
      </div>
      <p className="auth-frame__switch">
        {t("auth.haveAccount")} <Link to={`/cloud/login${search}`}>{t("auth.loginLink")}</Link>
      </p>
    </AuthFrame>
  );
}
