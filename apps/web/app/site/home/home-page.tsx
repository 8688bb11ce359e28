import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSiteData } from "../../shared/branding/use-site-data";
import type { MarketingFigure } from "../../shared/i18n/marketing-figures";
import { useFigureTexts } from "../../shared/i18n/use-figure-texts";
import { ApplyLink } from "../apply/apply-dialog";
import { ContactWay } from "../layout/contact-way";
import { HeroIllustration } from "./hero-illustration";
import { ProductIcon, type ProductIconName } from "./product-icon";

/**
 * Marketing figures of the network and the company (spec section 9), the site's own, written in the
 * page's language; a figure the site hides is left out.
 */
const FIGURES: readonly { figure: MarketingFigure; value: string; label: string }[] = [
  { figure: "nodes", value: "{{nodes, number}}+", label: "home.figures.nodes" },
  { figure: "countries", value: "{{countries, number}}+", label: "home.figures.countries" },
  { figure: "networkTbps", value: "{{networkTbps, number}} Tbps", label: "home.figures.capacity" },
  { figure: "mitigationSeconds", value: "≤ {{mitigationSeconds, number}} s", label: "home.figures.mitigation" },
  { figure: "slaPercent", value: "{{slaPercent, number}}%", label: "home.figures.sla" },
  { figure: "customers", value: "{{customers, number}}+", label: "home.figures.customers" },
  { figure: "engineers", value: "{{engineers, number}}+", label: "home.figures.engineers" },
  { figure: "years", value: "{{years, number}}", label: "home.figures.years" },
];

const PRODUCTS = ["cdn", "ddos", "tcp", "waf", "ssl", "host"] as const satisfies readonly ProductIconName[];
/** Each card's product page. */
const PRODUCT_PAGES: Record<(typeof PRODUCTS)[number], string> = {
  cdn: "/cdn",
  ddos: "/ddos",
  tcp: "/tcp",
  waf: "/waf",
  ssl: "/ssl",
  host: "/hostSecurity",
};
const INDUSTRIES = ["gaming", "ecommerce", "finance", "government"] as const;

export function HomePage() {
  const { t } = useTranslation();
  const { branding } = useSiteData();
  const figureTexts = useFigureTexts();
  const figures = FIGURES.filter((figure) => figureTexts.figures[figure.figure] !== null);
  const company = branding.company;
  return (
    <>
      <section className="hero">
        <div className="container hero__grid">
          <div className="hero__copy">
            <p className="hero__kicker">{t("home.kicker")}</p>
            <h1 className="hero__title">{t("home.title")}</h1>
            <p className="hero__lead">{t("home.lead", { company })}</p>
            <div className="hero__actions">
              {/* The contact form, as "Contact sales" opens it on every other page. */}
              <ApplyLink className="button button--primary button--large">{t("home.ctaContact")}</ApplyLink>
              <a className="button button--ghost button--large" href="#products">
                {t("home.ctaProducts")}
              </a>
            </div>
          </div>
          <HeroIllustration />
        </div>
      </section>

      {figures.length > 0 && (
        <section className="figures" aria-labelledby="figures-title">
          <div className="container">
            <h2 id="figures-title" className="visually-hidden">
              {t("home.figures.title")}
            </h2>
            <ul className="figures__list figures__list--home">
              {figures.map((figure) => (
                <li key={figure.label} className="figures__item">
                  <span className="figures__value">{figureTexts.fill(figure.value)}</span>
                  <span className="figures__label">{t(figure.label)}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <section className="section" id="products" aria-labelledby="products-title">
        <div className="container">
          <h2 id="products-title" className="section__title">
            {t("home.products.title")}
          </h2>
          <p className="section__lead">{t("home.products.lead")}</p>
          <ul className="product-grid">
            {PRODUCTS.map((product) => (
              <li key={product} className="product-card">
                <ProductIcon name={product} />
                <h3 className="product-card__name">{t(`home.products.${product}.name`)}</h3>
                <p className="product-card__text">{figureTexts.text(`home.products.${product}.text`)}</p>
                <Link to={PRODUCT_PAGES[product]} className="product-card__link">
                  {t("site.viewDetails")}
                  <span className="visually-hidden">: {t(`home.products.${product}.name`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="industries-title">
        <div className="container">
          <h2 id="industries-title" className="section__title">
            {t("home.industries.title")}
          </h2>
          <ul className="industry-grid">
            {INDUSTRIES.map((industry) => (
              <li key={industry} className="industry-card">
                <h3 className="industry-card__name">{t(`home.industries.${industry}.name`)}</h3>
                <p>{t(`home.industries.${industry}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="contact-title">
        <div className="container contact-band">
          <div>
            <h2 id="contact-title" className="section__title">
              {t("home.contact.title")}
            </h2>
            <p className="section__lead">{t("home.contact.text")}</p>
          </div>
          {branding.contactWay && (
            <p className="contact-band__way">
              <span className="contact-band__label">{t("home.contact.way")}</span>
              <span>
                <ContactWay text={branding.contactWay} />
              </span>
            </p>
          )}
        </div>
      </section>
    </>
  );
}
