import { Alert, Spin } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { authApi } from "../../shared/auth/auth-api";
import { RequestError } from "../../shared/request/request-client";
import { AuthFrame } from "./auth-frame";

type Outcome = { ok: boolean; message: string } | null;

/**
 * /cloud/verify-email?token=…: the page of a mailed confirmation link (registration, or a new
 * address). It confirms as soon as it opens in a browser, and says what happened: confirmed, or
 * why not (expired, used, another account has the address) with the way on.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const wellFormed = /^[A-Za-z0-9_-]{20,200}$/.test(token);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    if (!wellFormed) return;
    let current = true;
    authApi.confirmEmail(token).then(
      (answer) => current && setOutcome({ ok: true, message: answer.msg }),
      (error: unknown) => {
        if (!(error instanceof RequestError)) throw error;
        if (current) setOutcome({ ok: false, message: error.message });
      },
    );
    return () => {
      current = false;
    };
  }, [token, wellFormed]);

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
      <p className="auth-frame__switch">
        {outcome?.ok ? (
          <Link to="/control/customer">{t("auth.verifyContinue")}</Link>
        ) : (
          <Link to="/cloud/login">{t("auth.login")}</Link>
        )}
      </p>
    </AuthFrame>
  );
}
