import type { CertificateCheckView, CertificateView, ChallengeCheck } from "@rampart/contracts";
import { Alert, Button, Drawer, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../parts/copy-button";
import { certificatesApi } from "./certificates-api";

/** A value to copy, in a code box with its copy button. */
function Copyable({ text }: { text: string }) {
  return (
    <span className="copyable">
      <code>{text}</code>
      <CopyButton text={text} />
    </span>
  );
}

/**
 * What proves control of each name: the TXT record (name and value) or the file (address and
 * content), each to copy; Check looks every one up first and says what it found for each, and only
 * when all are there does the CA validate and issue.
 */
export function ChallengeDrawer({
  certificate,
  onClose,
  onIssuing,
}: {
  certificate: CertificateView;
  onClose: () => void;
  onIssuing: () => void;
}) {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<CertificateCheckView | null>(null);
  // What the last Check said, kept in the drawer (a passing toast would cover its close button).
  const [verdict, setVerdict] = useState<string | null>(null);
  const dns = certificate.validation === "dns-01";
  const checkOf = (name: string): ChallengeCheck | undefined => result?.checks.find((check) => check.name === name);

  const check = async () => {
    setChecking(true);
    try {
      const answer = await certificatesApi.check(certificate.certificateId);
      setResult(answer.data ?? null);
      setVerdict(answer.msg ?? null);
      if (answer.data?.ready) onIssuing();
    } finally {
      setChecking(false);
    }
  };

  return (
    <Drawer
      open
      size="large"
      title={t("certificates.records.title", { names: certificate.names.join(", ") })}
      onClose={onClose}
      className="challenge-drawer"
      extra={
        certificate.state === "pending" ? (
          <Button type="primary" loading={checking} onClick={() => void check()} disabled={result?.ready === true}>
            {t("certificates.records.check")}
          </Button>
        ) : null
      }
    >
      <p>{dns ? t("certificates.records.dnsIntro") : t("certificates.records.httpIntro")}</p>
      {certificate.state === "failed" && certificate.lastError ? (
        <Alert type="error" showIcon message={t("certificates.records.failed", { reason: certificate.lastError })} />
      ) : null}
      {result && verdict ? (
        <Alert type={result.ready ? "success" : "warning"} showIcon message={verdict} role="status" />
      ) : certificate.state === "validating" ? (
        <Alert type="info" showIcon message={t("certificates.records.validating")} />
      ) : null}
      <ol className="challenge-list">
        {certificate.challenges.map((challenge) => {
          const found = checkOf(challenge.name);
          return (
            <li key={`${challenge.name}-${challenge.recordValue ?? challenge.fileContent}`} className="challenge">
              <div className="challenge__head">
                <strong>{challenge.name}</strong>
                {challenge.status === "valid" ? (
                  <Tag color="green">{t("certificates.records.valid")}</Tag>
                ) : found ? (
                  <Tag color={found.ok ? "green" : "red"} data-found={found.ok}>
                    {found.ok ? t("certificates.records.found") : t("certificates.records.notFound")}
                  </Tag>
                ) : null}
              </div>
              <dl className="challenge__fields">
                <dt>{dns ? t("certificates.records.recordName") : t("certificates.records.fileUrl")}</dt>
                <dd>
                  <Copyable text={(dns ? challenge.recordName : challenge.fileUrl) ?? ""} />
                </dd>
                <dt>{dns ? t("certificates.records.recordValue") : t("certificates.records.fileContent")}</dt>
                <dd>
                  <Copyable text={(dns ? challenge.recordValue : challenge.fileContent) ?? ""} />
                </dd>
              </dl>
              {found && !found.ok ? (
                <p className="challenge__seen">
                  {found.found.length
                    ? t("certificates.records.seen", { values: found.found.join(" · ") })
                    : t("certificates.records.nothingSeen")}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </Drawer>
  );
}
