import { Alert, Button, Spin } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { authApi } from "../../shared/auth/auth-api";
import { getToken } from "../../shared/auth/token-cookie";
import { RequestError } from "../../shared/request/request-client";
import { AuthFrame } from "./auth-frame";
import { CONSOLE_HOME } from "./login-page";
import { cameFrom, signInPath } from "./sign-in-path";

type Outcome = { ok: true; message: string; userName: string } | { ok: false; message: string } | null;

/**
 * /cloud/verify-email?token=…[&redirect=…]: the page of a mailed confirmation link (registration,
 * or a new address). It confirms as soon as it opens in a browser, and says what happened:
 * confirmed, or why not (expired, used, another account has the address) with the way on. After
 * a registration the way on is the sign-in, the user name filled in, then back to the order the
 * customer came with (the `redirect` the registration put in the link).
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const redirect = params.get("redirect") ?? undefined;
  const wellFormed = /^[A-Za-z0-9_-]{20,200}$/.test(token);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    if (!wellFormed) return;
    let current = true;
    authApi.confirmEmail(token).then(
      (answer) => current && setOutcome({ ok: true, message: answer.msg, userName: answer.data.userName }),
      (error: unknown) => {
        if (!(error instanceof RequestError)) throw error;
        if (current) setOutcome({ ok: false, message: error.message });
      },
    );
    return () => {
      current = false;
    };
  }, [token, wellFormed]);

  // Signed in already in this browser: straight on (to the order, else the console).
  const signedIn = outcome?.ok && getToken() !== undefined;
  const onward = signedIn
    ? (cameFrom(redirect ?? null, location.origin) ?? CONSOLE_HOME)
    : signInPath(outcome?.ok ? outcome.userName : undefined, redirect);

  return (
    <AuthFrame title={t("auth.verifyTitle")} subtitle={t("auth.verifySubtitle")}>
      {!wellFormed ? (
        <Alert type="warning" showIcon title={t("auth.verifyNoToken")} />
      ) : !outcome ? (
        <div className="auth-frame__pending" aria-live="polite">
          <Spin /> {t("auth.verifyPending")}
        </div>
      ) : (
        <Alert type={outcome.ok ? "success" : "error"} showIcon title={outcome.message} role="status" />
      )}
      {outcome?.ok ? (
        <>
          <p className="auth-frame__step verify-email__next">
            {t(redirect ? "auth.verifyNextOrder" : signedIn ? "auth.verifyNextConsole" : "auth.verifyNextSignIn")}
          </p>
          <Button type="primary" size="large" block href={onward}>
            {t(signedIn ? (redirect ? "auth.verifyBackToOrder" : "auth.verifyContinue") : "auth.login")}
          </Button>
        </>
      ) : (
        <p className="auth-frame__switch">
          <Link to={signInPath(undefined, redirect)}>{t("auth.login")}</Link>
        </p>
      )}
    </AuthFrame>
  );
}
