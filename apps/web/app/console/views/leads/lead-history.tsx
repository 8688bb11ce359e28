import type { LeadView } from "@rampart/contracts";
import { Timeline } from "antd";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";

/** Under a lead's row: its whole message and its history (who moved it, when, from what to what, why). */
export function LeadHistory({ lead }: { lead: LeadView }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const statusText = (status: string) => t(`leads.statuses.${status}`);
  return (
    <div className="lead-detail">
      <p className="lead-detail__message">{lead.content}</p>
      <h3 className="lead-detail__title">{t("leads.history")}</h3>
      {lead.events.length === 0 ? (
        <p className="order-kind">{t("leads.noHistory")}</p>
      ) : (
        <Timeline
          items={lead.events.map((event) => ({
            key: event.at,
            content: (
              <span>
                <strong>{date(event.at)}</strong>{" "}
                {t("leads.historyLine", {
                  from: statusText(event.fromStatus),
                  to: statusText(event.toStatus),
                  user: event.byUser,
                })}
                {event.note ? <span className="order-kind">{event.note}</span> : null}
              </span>
            ),
          }))}
        />
      )}
    </div>
  );
}
