import type { ServiceMonthUsage } from "@rampart/contracts";
import { BPS_PER_MBPS, formatMoney } from "@rampart/pricing";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { mbps } from "../../../shared/overage/overage-words";

/**
 * A bandwidth package's month so far: "412 of 500 Mbps at the 95th percentile so far", then the
 * overage it would cost if the month ended now (or that it is within the package).
 */
export function ServiceUsageCell({ usage }: { usage: ServiceMonthUsage | null | undefined }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  if (!usage) return <span className="service-usage__none">—</span>;
  if (usage.samples === 0) return <span className="service-usage__none">{t("myServices.usage.noFigures")}</span>;
  const used = mbps(usage.p95Bps / BPS_PER_MBPS, language);
  const over = usage.p95Bps > usage.committedMbps * BPS_PER_MBPS;
  return (
    <span className="service-usage">
      <span className={over ? "service-usage__figure service-usage__figure--over" : "service-usage__figure"}>
        {t("myServices.usage.soFar", { used, committed: mbps(usage.committedMbps, language) })}
      </span>
      <span className="service-usage__projection">
        {usage.projectedOverage > 0
          ? t("myServices.usage.projected", {
              amount: formatMoney({ minor: usage.projectedOverage, currency: usage.currency }, language),
            })
          : over
            ? t("myServices.usage.notBilled")
            : t("myServices.usage.within")}
      </span>
    </span>
  );
}
