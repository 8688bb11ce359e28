import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSiteData } from "../../shared/branding/use-site-data";
import { BrandMark } from "./brand-mark";
import { ContactWay } from "./contact-way";

export function SiteFooter() {
  const { branding } = useSiteData();
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer" id="contact">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-label={branding.company}>
          <p className="site-footer__brand">
            <BrandMark branding={branding} size={28} />
            <span>{branding.company}</span>
          </p>
          <p>{t("footer.about", { company: branding.company })}</p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {t("footer.contact")}
          </h2>
          {branding.contactWay && (
            <p className="site-footer__contact">
              <ContactWay text={branding.contactWay} />
            </p>
          )}
          <p>{t("footer.support")}</p>
          <p>
            <Link to="/help" className="site-footer__link">
              {t("footer.help")}
            </Link>
          </p>
        </section>
      </div>
      <div className="container site-footer__legal">
        <p>{t("footer.rights", { year, company: branding.company })}</p>
      </div>
    </footer>
  );
}
