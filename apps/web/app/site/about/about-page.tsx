import { useTranslation } from "react-i18next";
import { useSiteData } from "../../shared/branding/use-site-data";
import type { MarketingFigure } from "../../shared/i18n/marketing-figures";
import { useFigureTexts } from "../../shared/i18n/use-figure-texts";
import { ApplyLink } from "../apply/apply-dialog";
import { CardGrid } from "../sections/card-grid";
import { CtaBand } from "../sections/cta-band";
import { FigureBand } from "../sections/figure-band";
import { PageHero } from "../sections/page-hero";
import { TextSection } from "../sections/text-section";

/** The company in figures (spec section 9), the site's own, written in the page's language. */
const FIGURES: readonly { figure: MarketingFigure; value: string; label: string }[] = [
  { figure: "nodes", value: "{{nodes, number}}+", label: "about.figures.nodes" },
  { figure: "countries", value: "{{countries, number}}+", label: "about.figures.countries" },
  { figure: "networkTbps", value: "{{networkTbps, number}} Tbps", label: "about.figures.network" },
  { figure: "customers", value: "{{customers, number}}+", label: "about.figures.customers" },
  { figure: "engineers", value: "{{engineers, number}}+", label: "about.figures.engineers" },
  { figure: "years", value: "{{years, number}}", label: "about.figures.years" },
];
const REGIONS = ["mainland", "asia", "southeast", "global"] as const;
const STEPS = ["listen", "onboard", "watch", "report"] as const;
const VALUES = ["focus", "people", "openness", "care"] as const;

/**
 * /about: who the provider is and what it protects, where its network is, how it works with
 * customers, what it stands for, in figures, and how to reach it.
 */
export function AboutPage() {
  const { t } = useTranslation();
  const { branding } = useSiteData();
  const figureTexts = useFigureTexts();
  const figures = FIGURES.filter((figure) => figureTexts.figures[figure.figure] !== null);
  const company = branding.company;
  return (
    <>
      <PageHero kicker={t("about.kicker")} title={t("about.title", { company })} lead={t("about.lead", { company })} />
      {figures.length > 0 && (
        <FigureBand
          title={t("site.figures")}
          figures={figures.map((f) => ({ value: figureTexts.fill(f.value), label: t(f.label) }))}
        />
      )}
      <TextSection
        title={t("about.story.title", { company })}
        paragraphs={figureTexts.paragraphs("about.story.paragraphs", { company })}
      />
      <CardGrid
        title={t("about.network.title")}
        lead={figureTexts.text("about.network.lead")}
        items={REGIONS.map((key) => ({
          title: t(`about.network.regions.${key}.title`),
          text: t(`about.network.regions.${key}.text`),
        }))}
        tinted
        columns={4}
      />
      <CardGrid
        title={t("about.approach.title")}
        items={STEPS.map((key) => ({
          title: t(`about.approach.steps.${key}.title`),
          text: t(`about.approach.steps.${key}.text`),
        }))}
        columns={4}
      />
      <CardGrid
        title={t("about.valuesTitle", { company })}
        items={VALUES.map((key) => ({
          title: t(`about.values.${key}.title`),
          text: t(`about.values.${key}.text`, { company }),
        }))}
        tinted
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
