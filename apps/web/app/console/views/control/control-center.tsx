import type { ControlOverview } from "@rampart/contracts";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { profileApi } from "../../../shared/auth/profile-api";
import { useSession } from "../../../shared/auth/session-store";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { LazyAntdScope } from "../../antd/lazy-antd";
import type { ViewProps } from "../../routing/view-props";
import { readVisits } from "../../state/recent-visits";
import { NoticesPanel } from "../notices/notices-panel";
import { Panel } from "../parts/panel";
import { formatBytes } from "../usage/usage-format";

function Figure({ label, value, tone }: { label: string; value: ReactNode; tone?: "small" | "alert" }) {
  return (
    <Panel>
      <div className="figure__label">{label}</div>
      <div className={`figure__value${tone ? ` figure__value--${tone}` : ""}`}>{value}</div>
    </Panel>
  );
}

/** The charts come after the first paint: ECharts stays out of the console's first view. */
const DashboardSection = lazy(() => import("./dashboard-section"));

/** The customer's own figures, each leading to its list; the ones that need action stand out. */
const BUSINESS_FIGURES = [
  { key: "services", to: "/control/services", alert: false },
  { key: "expiringSoon", to: "/control/services", alert: true },
  { key: "unpaidOrders", to: "/control/orders", alert: true },
] as const;

/** The console's landing (/control/customer): the user's own figures, and the platform's for operators. */
export default function ControlCenter({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const name = useSession((s) => s.name);
  const [overview, setOverview] = useState<ControlOverview | null>(null);
  useEffect(() => {
    profileApi.overview().then(
      ({ data }) => setOverview(data),
      () => {},
    );
  }, []);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const visits = readVisits().filter((v) => v.path !== "/control/customer");
  const empty = <li className="plain-list__empty">{t("console.nothingYet")}</li>;
  return (
    <div className="control-center">
      <h1 className="control-center__title">{t("console.welcome", { name })}</h1>
      <p className="control-center__subtitle">{title}</p>
      {overview ? (
        <div className="figure-grid">
          <div>
            <Figure label={t("console.activeSessions")} value={overview.activeSessions} />
          </div>
          <div>
            <Figure label={t("console.logins30d")} value={overview.logins30d.succeeded} />
          </div>
          <div>
            <Figure
              label={t("console.failedLogins30d")}
              value={overview.logins30d.failed}
              tone={overview.logins30d.failed ? "alert" : undefined}
            />
          </div>
          <div>
            <Figure label={t("console.memberSince")} value={date(overview.memberSince)} tone="small" />
          </div>
        </div>
      ) : (
        <div className="figure-grid figure-grid--loading" aria-busy="true">
          {[1, 2, 3, 4].map((n) => (
            <div key={n} className="placeholder-block" />
          ))}
        </div>
      )}
      {overview ? (
        <>
          <h2 className="control-center__heading">{t("console.yourBusiness")}</h2>
          <div className={`figure-grid${overview.business.services ? " figure-grid--five" : ""}`}>
            {BUSINESS_FIGURES.map(({ key, to, alert }) => (
              <div key={key}>
                <Link to={to} className="figure-link">
                  <Figure
                    label={t(`console.businessFigures.${key}`)}
                    value={overview.business[key]}
                    tone={alert && overview.business[key] ? "alert" : undefined}
                  />
                </Link>
              </div>
            ))}
            {overview.business.services ? (
              <>
                <div>
                  <Link to="/control/services" className="figure-link" data-figure="traffic24h">
                    <Figure
                      label={t("console.businessFigures.traffic24h")}
                      value={formatBytes(overview.usage24h.bytesOut, language)}
                    />
                  </Link>
                </div>
                <div>
                  <Link to="/control/services" className="figure-link" data-figure="attacks24h">
                    <Figure
                      label={t("console.businessFigures.attacks24h")}
                      value={overview.usage24h.attacks}
                      tone={overview.usage24h.attacks ? "alert" : undefined}
                    />
                  </Link>
                </div>
              </>
            ) : null}
          </div>
        </>
      ) : null}
      {overview?.platform ? (
        <>
          <h2 className="control-center__heading">{t("console.platform")}</h2>
          <div className="figure-grid">
            {(["customers", "operators", "sites", "onlineSessions"] as const).map((key) => (
              <div key={key}>
                <Figure label={t(`console.platformFigures.${key}`)} value={overview.platform![key]} />
              </div>
            ))}
          </div>
        </>
      ) : null}
      <NoticesPanel />
      {overview ? (
        <Suspense fallback={<div className="placeholder-block placeholder-block--tall" aria-busy="true" />}>
          <LazyAntdScope>
            <DashboardSection />
          </LazyAntdScope>
        </Suspense>
      ) : null}
      <div className="control-center__lists">
        <div className="control-center__wide">
          <Panel title={t("console.recentLogins")}>
            <ul className="plain-list">
              {overview?.recentLogins.length
                ? overview.recentLogins.map((login) => (
                    <li key={`${login.at}-${login.ip}`}>
                      <strong>{date(login.at)}</strong>{" "}
                      <span className={`status-tag status-tag--${login.success ? "success" : "error"}`}>
                        {login.success ? t("console.loginSucceeded") : t("console.loginFailed")}
                      </span>
                      <div className="plain-list__meta">
                        {login.ip} · {login.userAgent.slice(0, 80)}
                      </div>
                    </li>
                  ))
                : empty}
            </ul>
          </Panel>
        </div>
        <div className="control-center__narrow">
          <Panel title={t("console.recentVisits")}>
            <ul className="plain-list">
              {visits.length
                ? visits.map((visit) => (
                    <li key={visit.name}>
                      <Link to={visit.path}>{visit.title}</Link>
                    </li>
                  ))
                : empty}
            </ul>
          </Panel>
        </div>
      </div>
    </div>
  );
}
