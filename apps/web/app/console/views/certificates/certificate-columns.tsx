import type { CertificateView } from "@rampart/contracts";
import { Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { daysUntil } from "../services/service-cells";

const STATE_COLOURS = {
  pending: "gold",
  validating: "blue",
  issued: "green",
  failed: "red",
  awaiting: "default",
} as const;
/** A certificate this close to its end is shown in orange. */
const WARNING_DAYS = 30;

/** The certificates list's columns before its operations: names, source, state, issuer, end, what is served. */
export function useCertificateColumns(): ColumnsType<CertificateView> {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const day = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
  return [
    {
      title: t("certificates.columns.names"),
      key: "names",
      render: (_, certificate) => (
        <span className="certificate-names">
          <code>{certificate.names[0] ?? "—"}</code>
          {certificate.names.length > 1 ? (
            <Tooltip title={certificate.names.slice(1).join(", ")}>
              <span className="certificate-names__more">
                {t("certificates.moreNames", { n: certificate.names.length - 1 })}
              </span>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    {
      title: t("certificates.columns.source"),
      dataIndex: "source",
      responsive: ["md"],
      render: (source: CertificateView["source"], certificate) => (
        <span className="certificate-source">
          {t(`certificates.sources.${source}`)}
          {certificate.autoRenew && certificate.state === "issued" ? (
            <span className="certificate-source__renews">{t("certificates.autoRenew")}</span>
          ) : null}
        </span>
      ),
    },
    {
      title: t("certificates.columns.state"),
      dataIndex: "state",
      render: (state: CertificateView["state"], certificate) => (
        <Tooltip title={certificate.lastError ?? undefined}>
          <Tag color={STATE_COLOURS[state]} data-state={state}>
            {t(`certificates.states.${state}`)}
          </Tag>
        </Tooltip>
      ),
    },
    {
      title: t("certificates.columns.issuer"),
      dataIndex: "issuer",
      responsive: ["lg"],
      render: (v: string | null) => v ?? "—",
    },
    {
      title: t("certificates.columns.validUntil"),
      dataIndex: "notAfter",
      render: (notAfter: string | null) => {
        if (!notAfter) return "—";
        const days = daysUntil(notAfter);
        const className =
          days <= 0 ? "certificate-end--over" : days <= WARNING_DAYS ? "certificate-end--soon" : undefined;
        return (
          <span className={className}>
            {day(notAfter)}
            <span className="certificate-end__days">
              {days <= 0 ? t("certificates.expiredOn") : t("certificates.daysLeft", { days })}
            </span>
          </span>
        );
      },
    },
    {
      title: t("certificates.columns.served"),
      key: "served",
      responsive: ["lg"],
      render: (_, { served, state }) => {
        if (state !== "issued") return "—";
        if (!served) return <span className="muted">{t("certificates.served.notChecked")}</span>;
        if (served.matches === null) return <span className="muted">{t("certificates.served.unreachable")}</span>;
        return served.matches ? (
          <Tag color="green">{t("certificates.served.matches")}</Tag>
        ) : (
          <Tooltip title={served.notAfter ? day(served.notAfter) : undefined}>
            <Tag color="orange">{t("certificates.served.other")}</Tag>
          </Tooltip>
        );
      },
    },
  ];
}
