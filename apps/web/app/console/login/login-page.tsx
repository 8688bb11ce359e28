import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from "@ant-design/icons";
import { Button, Form, Input } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { safeRedirect } from "../../shared/auth/safe-redirect";
import { useSession } from "../../shared/auth/session-store";
import { useSiteData } from "../../shared/branding/use-site-data";
import { RequestError } from "../../shared/request/request-client";
import { AuthFrame } from "./auth-frame";
import { useCaptchaField } from "./captcha-field";
import { useTypedBeforeHydration } from "./typed-before-hydration";

/** Where the console starts after login. */
export const CONSOLE_HOME = "/control/customer";

interface LoginFields {
  username: string;
  password: string;
}
const LOGIN_FIELDS = ["username", "password"] as const;

/**
 * The login form of /admin/login (operators) and /cloud/login (customers, who may also register):
 * user name, password, the slider, then back to the `redirect` path or the console.
 */
export function LoginPage({ audience }: { audience: "admin" | "cloud" }) {
  const { t } = useTranslation();
  const { branding } = useSiteData();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [params] = useSearchParams();
  // Filled in when the way here knows it (the page after registration, a confirmed address's page).
  const knownUser = params.get("username")?.trim().slice(0, 64) || undefined;
  const login = useSession((s) => s.login);
  const loginSecondStep = useSession((s) => s.loginSecondStep);
  // The account signs in with a second factor: the code step, with the password step's token.
  const [twoFactorToken, setTwoFactorToken] = useState<string | null>(null);
  const captcha = useCaptchaField();
  const { verifyInfo } = captcha;
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<LoginFields>();
  const root = useRef<HTMLDivElement>(null);
  const ready = useTypedBeforeHydration(form, root, LOGIN_FIELDS);

  const submit = async ({ username, password }: LoginFields) => {
    if (!captcha.solved()) return;
    setBusy(true);
    try {
      const second = await login({
        username,
        password,
        ...(verifyInfo ? { verifyInfo } : {}),
        agentCode: branding.agentCode,
      });
      if (second) setTwoFactorToken(second.twoFactorToken);
      else await enterConsole();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      captcha.renew();
    } finally {
      setBusy(false);
    }
  };
  const enterConsole = () =>
    navigate(safeRedirect(params.get("redirect"), CONSOLE_HOME, location.origin), { replace: true });
  const submitCode = async ({ code }: { code: string }) => {
    if (!twoFactorToken) return;
    setBusy(true);
    try {
      await loginSecondStep(twoFactorToken, code);
      await enterConsole();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      // The step waited too long (410): start again from the password.
      if (error.code === 410) backToPassword();
    } finally {
      setBusy(false);
    }
  };
  const backToPassword = () => {
    setTwoFactorToken(null);
    form.setFieldValue("password", "");
    captcha.renew();
  };

  return (
    <AuthFrame
      title={t(audience === "admin" ? "auth.adminTitle" : "auth.cloudTitle")}
      subtitle={t(audience === "admin" ? "auth.adminSubtitle" : "auth.cloudSubtitle")}
    >
      {twoFactorToken ? (
        <Form<{ code: string }> layout="vertical" size="large" onFinish={submitCode} requiredMark={false}>
          <p className="auth-frame__step">{t("auth.twoFactorHint")}</p>
          <Form.Item
            name="code"
            label={t("auth.twoFactorCode")}
            rules={[
              { required: true, whitespace: true, message: t("auth.twoFactorCodeRequired") },
              {
                pattern: /^\s*([0-9]{6}|[0-9a-zA-Z]{5}[- ]?[0-9a-zA-Z]{5})\s*$/,
                message: t("auth.twoFactorCodeFormat"),
              },
            ]}
          >
            <Input
              prefix={<SafetyCertificateOutlined />}
              autoComplete="one-time-code"
              inputMode="text"
              maxLength={16}
              autoFocus
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {busy ? t("auth.twoFactorVerifying") : t("auth.twoFactorVerify")}
          </Button>
          <Button type="link" block onClick={backToPassword}>
            {t("auth.twoFactorBack")}
          </Button>
        </Form>
      ) : null}
      <div ref={root} hidden={twoFactorToken !== null}>
        <Form<LoginFields>
          form={form}
          layout="vertical"
          size="large"
          onFinish={submit}
          requiredMark={false}
          autoComplete="on"
        >
          <Form.Item
            name="username"
            label={t("auth.username")}
            initialValue={knownUser}
            rules={[{ required: true, whitespace: true, message: t("auth.usernameRequired") }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus={!knownUser} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t("auth.password")}
            rules={[{ required: true, message: t("auth.passwordRequired") }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus={Boolean(knownUser)} />
          </Form.Item>
          {captcha.field}
          <Button type="primary" htmlType="submit" block loading={busy} disabled={!ready}>
            {busy ? t("auth.loggingIn") : t("auth.login")}
          </Button>
          <p className="auth-frame__forgot">
            <Link to={audience === "admin" ? "/cloud/forgot-password?from=admin" : `/cloud/forgot-password${search}`}>
              {t("auth.forgotLink")}
            </Link>
          </p>
        </Form>
      </div>
      {audience === "cloud" ? (
        <p className="auth-frame__switch">
          {t("auth.noAccount")} <Link to={`/cloud/register${search}`}>{t("auth.registerLink")}</Link>
        </p>
      ) : null}
    </AuthFrame>
  );
}
