import type { ServiceHistoryEntry } from "@rampart/contracts";
import { Empty, Spin, Timeline } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { servicesApi } from "./services-api";

/**
 * Under a service's row: every move of its life, oldest first (from → to, why, who or which job,
 * when); loaded when the row is opened, and again when `version` changes (after an action).
 */
export function ServiceHistory({ serviceId, version }: { serviceId: number; version: number }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const [entries, setEntries] = useState<ServiceHistoryEntry[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded again when the list changes (version)
  useEffect(() => {
    let current = true;
    servicesApi.history(serviceId).then(
      ({ data }) => current && setEntries(data ?? []),
      () => current && setEntries([]),
    );
    return () => {
      current = false;
    };
  }, [serviceId, version]);
  if (!entries) return <Spin size="small" />;
  if (entries.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("serviceAdmin.noHistory")} />;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  return (
    <Timeline
      className="service-history"
      items={entries.map((entry) => ({
        key: `${entry.createdAt}-${entry.toState}-${entry.reason}`,
        children: (
          <>
            <strong>
              {entry.fromState === entry.toState
                ? t(`serviceAdmin.states.${entry.toState}`)
                : `${t(`serviceAdmin.states.${entry.fromState}`)} → ${t(`serviceAdmin.states.${entry.toState}`)}`}
            </strong>{" "}
            <span className="service-history__reason">{entry.reason}</span>
            <div className="service-history__meta">
              {when(entry.createdAt)} · {entry.actor.startsWith("job:") ? t("serviceAdmin.bySchedule") : entry.actor}
            </div>
          </>
        ),
      }))}
    />
  );
}
