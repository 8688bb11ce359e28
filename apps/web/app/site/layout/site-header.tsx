import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSiteData } from "../../shared/branding/use-site-data";
import { BrandMark } from "./brand-mark";
import { LanguageSwitch } from "./language-switch";
import { SiteNav } from "./site-nav";

export function SiteHeader() {
  const { branding } = useSiteData();
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/index" className="site-header__brand" aria-label={`${branding.company} — ${t("header.home")}`}>
          <BrandMark branding={branding} />
          <span className="site-header__company">{branding.company}</span>
        </Link>
        <SiteNav />
        <LanguageSwitch />
      </div>
    </header>
  );
}
