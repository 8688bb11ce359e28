import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../shared/branding/use-site-data";
import { ConsoleLanguageMenu } from "../layout/console-language-menu";

/** The frame of the login and registration pages: the site's brand beside a form card. */
export function AuthFrame({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { branding, language } = useSiteData();
  return (
    <div className="auth-frame">
      <aside className="auth-frame__brand">
        <a className="auth-frame__company" href="/index">
          {branding.logo ? <img src={branding.logo} alt="" height={40} /> : null}
          <span>{branding.company}</span>
        </a>
        <p className="auth-frame__pitch">{subtitle}</p>
      </aside>
      <main className="auth-frame__main">
        <div className="auth-frame__bar">
          <a href="/index" className="auth-frame__back">
            {t("auth.backHome")}
          </a>
          <ConsoleLanguageMenu current={language} />
        </div>
        <section className="auth-frame__card" aria-labelledby="auth-title">
          <p className="auth-frame__company-small">{branding.company}</p>
          <h1 id="auth-title">{title}</h1>
          {children}
        </section>
      </main>
    </div>
  );
}
