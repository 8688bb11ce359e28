import { MailOutlined } from "@ant-design/icons";
import { App, Button } from "antd";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { authApi } from "../../shared/auth/auth-api";
import { RequestError } from "../../shared/request/request-client";
import { AuthFrame } from "./auth-frame";
import { cameFrom, signInPath } from "./sign-in-path";

/** What the registration page hands on (in the history entry: a reload keeps it, a new tab does not). */
export interface RegisteredState {
  email: string;
  username: string;
  /** Asks for the link again without a session (the server's registration answer). */
  resendToken: string;
}

const isRegisteredState = (value: unknown): value is RegisteredState =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as RegisteredState).email === "string" &&
  typeof (value as RegisteredState).username === "string" &&
  typeof (value as RegisteredState).resendToken === "string";

/**
 * /cloud/registered: after registering, what to do next. The link went to this address: open it,
 * then sign in (the user name filled in) and be back at the order the visitor came with, its
 * configuration intact (the `redirect`, also carried in the mailed link). The link again, under
 * the server's limits; a wrong address is corrected after signing in.
 */
export function RegisteredPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { search, state } = useLocation();
  const redirect = new URLSearchParams(search).get("redirect") ?? undefined;
  // Known in the browser only (the history entry): read once hydrated, so that the server's page
  // and the first one drawn here are the same.
  const [registered, setRegistered] = useState<RegisteredState | null | undefined>(undefined);
  useEffect(() => setRegistered(isRegisteredState(state) ? state : null), [state]);
  const [sending, setSending] = useState(false);

  const resend = async () => {
    if (!registered) return;
    setSending(true);
    try {
      const back = cameFrom(redirect ?? null, location.origin);
      const answer = await authApi.resendRegistration({
        token: registered.resendToken,
        ...(back ? { redirect: back } : {}),
      });
      void message.success(answer.msg, 8);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthFrame title={t("auth.registeredTitle")} subtitle={t("auth.verifySubtitle")}>
      <div className="registered" role="status">
        <MailOutlined className="registered__icon" aria-hidden />
        <p className="registered__sent">
          {registered === undefined ? null : registered ? (
            <Trans
              i18nKey="auth.registeredSentTo"
              values={{ email: registered.email }}
              components={{ address: <strong className="registered__address" /> }}
            />
          ) : (
            t("auth.registeredSent")
          )}
        </p>
      </div>
      <ol className="registered__steps">
        <li>{t("auth.registeredStepOpen")}</li>
        <li>{t(redirect ? "auth.registeredStepOrder" : "auth.registeredStepSignIn")}</li>
      </ol>
      <Button type="primary" size="large" block href={signInPath(registered?.username, redirect)}>
        {t("auth.login")}
      </Button>
      <div className="registered__help">
        <p>
          {t("auth.registeredNoMail")}{" "}
          {registered === undefined ? null : registered ? (
            <Button type="link" className="registered__resend" loading={sending} onClick={() => void resend()}>
              {t("auth.registeredResend")}
            </Button>
          ) : (
            t("auth.registeredResendSignedIn")
          )}
        </p>
        <p>{t("auth.registeredWrongAddress")}</p>
      </div>
    </AuthFrame>
  );
}
