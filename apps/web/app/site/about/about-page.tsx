import { useTranslation } from "react-i18next";
import { useSiteData } from "../../shared/branding/use-site-data";
import { ApplyLink } from "../apply/apply-dialog";
import { CardGrid } from "../sections/card-grid";
import { CtaBand } from "../sections/cta-band";
import { FigureBand } from "../sections/figure-band";
import { PageHero } from "../sections/page-hero";

const FIGURES = [
  { value: "2800+", label: "about.figures.nodes" },
  { value: "100+", label: "about.figures.countries" },
  { value: "160 Tbps", label: "about.figures.network" },
  { value: "3000+", label: "about.figures.customers" },
  { value: "≥ 99.9%", label: "about.figures.sla" },
] as const;
const VALUES = ["focus", "people", "openness", "care"] as const;

/** /about: who the provider is, its network in figures, what it stands for, how to reach it. */
export function AboutPage() {
  const { t } = useTranslation();
  const { branding } = useSiteData();
  const company = branding.company;
  return (
    <>
      <PageHero kicker={t("about.kicker")} title={t("about.title", { company })} lead={t("about.lead", { company })} />
      <FigureBand title={t("site.figures")} figures={FIGURES.map((f) => ({ value: f.value, label: t(f.label) }))} />
      <CardGrid
        title={t("about.valuesTitle", { company })}
        items={VALUES.map((key) => ({
          title: t(`about.values.${key}.title`),
          text: t(`about.values.${key}.text`, { company }),
        }))}
        columns={4}
      />
      <CtaBand
        title={t("about.ctaTitle")}
        text={branding.contactWay || t("about.ctaText", { company })}
        actions={
          <>
            <ApplyLink className="button button--light button--large">{t("site.contactSales")}</ApplyLink>
            <a className="button button--outline-light button--large" href="/contact">
              {t("nav.contact")}
            </a>
          </>
        }
      />
    </>
  );
}
