import { DownloadOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import type { TwoFactorSetup, TwoFactorStatus } from "@rampart/contracts";
import { Alert, App, Button, Skeleton, Space, Tag } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { RequestError } from "../../../shared/request/request-client";
import { CopyButton } from "../parts/copy-button";
import { useDateTime } from "../parts/date-time";
import { downloadCodes } from "./recovery-codes";
import { securityApi } from "./security-api";
import { type CodeFields, CodeForm } from "./two-factor-code-form";
import { PasswordForm } from "./two-factor-password-form";
import "./security.css";
import { useViewMessages } from "../parts/view-messages";

/** What the panel shows: the state, a setup under way, fresh recovery codes, or a code asked for. */
type Step =
  | { kind: "status" }
  | { kind: "password" }
  | { kind: "setup"; setup: TwoFactorSetup }
  | { kind: "codes"; codes: string[] }
  | { kind: "confirm"; action: ConfirmedAction };

/** What asks for a current code first (and, to move to a new authenticator, the password too). */
type ConfirmedAction = "newCodes" | "disable" | "newPhone";

const CONFIRM_TEXT: Record<ConfirmedAction, string> = {
  newCodes: "security.twoFactor.confirmNewCodes",
  disable: "security.twoFactor.confirmOff",
  newPhone: "security.twoFactor.confirmNewPhone",
};
const CONFIRM_LABEL: Record<ConfirmedAction, string> = {
  newCodes: "security.twoFactor.newCodes",
  disable: "security.twoFactor.turnOff",
  newPhone: "security.twoFactor.newPhone",
};

/**
 * Two-factor sign-in in the personal center (and the enrolment a role demands): set up an
 * authenticator app from a QR code, confirm it with a first code, keep the ten recovery codes
 * (shown once), get new ones, set up another phone (with the password and a current code), or turn
 * it off with a current code. A first setup asks for the password too.
 */
export function TwoFactorPanel({ onEnabled }: { onEnabled?: () => void }) {
  const ready = useViewMessages("security");
  return ready ? <Panel onEnabled={onEnabled} /> : <Skeleton active />;
}

function Panel({ onEnabled }: { onEnabled?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dateTime = useDateTime();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [step, setStep] = useState<Step>({ kind: "status" });
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setStatus((await securityApi.twoFactorStatus()).data);
    } catch {
      // The request client has told the user.
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  /** Runs a call; a refusal has been shown by the request client and leaves the step as it is. */
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  const beginSetup = (password: string) =>
    run(async () => {
      setStep({ kind: "setup", setup: (await securityApi.beginSetup({ password })).data });
    });
  const confirmSetup = ({ code }: { code: string }) =>
    run(async () => {
      const { data } = await securityApi.enable(code);
      setStep({ kind: "codes", codes: data.recoveryCodes });
      void message.success(t("security.twoFactor.enabled"));
      await load();
    });
  const confirmAction = (action: ConfirmedAction, { code, password }: CodeFields) =>
    run(async () => {
      if (action === "newPhone") {
        setStep({ kind: "setup", setup: (await securityApi.beginSetup({ password: password ?? "", code })).data });
        return;
      }
      if (action === "newCodes") {
        const { data } = await securityApi.newRecoveryCodes(code);
        setStep({ kind: "codes", codes: data.recoveryCodes });
      } else {
        await securityApi.disable(code);
        void message.success(t("security.twoFactor.disabled"));
        setStep({ kind: "status" });
      }
      await load();
    });

  if (!status) return <Skeleton active />;

  if (step.kind === "setup") {
    return (
      <section className="two-factor" aria-labelledby="two-factor-title">
        <h3 id="two-factor-title" className="two-factor__title">
          {t("security.twoFactor.setupTitle")}
        </h3>
        <ol className="two-factor__steps">
          <li>{t("security.twoFactor.stepInstall")}</li>
          <li>
            {t("security.twoFactor.stepScan")}
            <div className="two-factor__qr">
              <img
                src={`data:image/svg+xml;base64,${btoa(step.setup.qrSvg)}`}
                width={184}
                height={184}
                alt={t("security.twoFactor.qrAlt")}
              />
              <div className="two-factor__secret">
                <span>{t("security.twoFactor.cantScan")}</span>
                <code data-testid="two-factor-secret">{step.setup.secret.replace(/(.{4})/g, "$1 ").trim()}</code>
                <CopyButton text={step.setup.secret} />
              </div>
            </div>
          </li>
          <li>
            {t("security.twoFactor.stepCode")}
            <CodeForm
              submitLabel={t("security.twoFactor.turnOn")}
              busy={busy}
              onSubmit={confirmSetup}
              onCancel={() => setStep({ kind: "status" })}
              totpOnly
            />
          </li>
        </ol>
      </section>
    );
  }

  if (step.kind === "codes") {
    return (
      <section className="two-factor" aria-labelledby="two-factor-title">
        <h3 id="two-factor-title" className="two-factor__title">
          {t("security.twoFactor.codesTitle")}
        </h3>
        <Alert type="warning" showIcon title={t("security.twoFactor.codesOnce")} />
        <ul className="two-factor__codes" data-testid="recovery-codes">
          {step.codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <Space wrap>
          <CopyButton text={step.codes.join("\n")} label={t("security.twoFactor.copyCodes")} />
          <Button
            icon={<DownloadOutlined />}
            onClick={() => downloadCodes(step.codes, t("security.twoFactor.fileName"))}
          >
            {t("security.twoFactor.downloadCodes")}
          </Button>
          <Button
            type="primary"
            onClick={() => {
              setStep({ kind: "status" });
              onEnabled?.();
            }}
          >
            {t("security.twoFactor.codesSaved")}
          </Button>
        </Space>
      </section>
    );
  }

  return (
    <section className="two-factor" aria-labelledby="two-factor-title">
      <h3 id="two-factor-title" className="two-factor__title">
        <SafetyCertificateOutlined /> {t("security.twoFactor.title")}{" "}
        {status.enabled ? (
          <Tag color="success">{t("security.twoFactor.on")}</Tag>
        ) : (
          <Tag>{t("security.twoFactor.off")}</Tag>
        )}
      </h3>
      <p className="two-factor__lead">{t("security.twoFactor.lead")}</p>
      {status.required && !status.enabled ? (
        <Alert type="info" showIcon title={t("security.twoFactor.requiredByRole")} />
      ) : null}
      {status.enabled ? (
        <>
          <dl className="two-factor__facts">
            <dt>{t("security.twoFactor.since")}</dt>
            <dd>{status.enabledAt ? dateTime(status.enabledAt) : "—"}</dd>
            <dt>{t("security.twoFactor.codesLeft")}</dt>
            <dd>
              {status.recoveryCodesLeft}
              {status.recoveryCodesLeft <= 3 ? (
                <span className="two-factor__low"> {t("security.twoFactor.codesLow")}</span>
              ) : null}
            </dd>
          </dl>
          {step.kind === "confirm" ? (
            <div className="two-factor__confirm">
              <p>{t(CONFIRM_TEXT[step.action])}</p>
              <CodeForm
                submitLabel={t(CONFIRM_LABEL[step.action])}
                danger={step.action === "disable"}
                withPassword={step.action === "newPhone"}
                busy={busy}
                onSubmit={(fields) => confirmAction(step.action, fields)}
                onCancel={() => setStep({ kind: "status" })}
              />
            </div>
          ) : (
            <Space wrap>
              <Button onClick={() => setStep({ kind: "confirm", action: "newCodes" })}>
                {t("security.twoFactor.newCodes")}
              </Button>
              <Button onClick={() => setStep({ kind: "confirm", action: "newPhone" })}>
                {t("security.twoFactor.newPhone")}
              </Button>
              <Button
                danger
                disabled={status.required}
                title={status.required ? t("security.twoFactor.requiredNoOff") : undefined}
                onClick={() => setStep({ kind: "confirm", action: "disable" })}
              >
                {t("security.twoFactor.turnOff")}
              </Button>
            </Space>
          )}
          {status.required ? <p className="two-factor__note">{t("security.twoFactor.requiredNoOff")}</p> : null}
        </>
      ) : step.kind === "password" ? (
        <div className="two-factor__confirm">
          <p>{t("security.twoFactor.confirmSetUp")}</p>
          <PasswordForm
            submitLabel={t("security.twoFactor.setUp")}
            busy={busy}
            onSubmit={beginSetup}
            onCancel={() => setStep({ kind: "status" })}
          />
        </div>
      ) : (
        <Button type="primary" onClick={() => setStep({ kind: "password" })}>
          {t("security.twoFactor.setUp")}
        </Button>
      )}
    </section>
  );
}
