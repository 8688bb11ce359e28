import { useTranslation } from "react-i18next";
import { useSiteData } from "../../shared/branding/use-site-data";
import { ApplyLink } from "../apply/apply-dialog";
import { ProductIcon } from "../home/product-icon";
import { CardGrid } from "../sections/card-grid";
import { CtaBand } from "../sections/cta-band";
import { FaqList } from "../sections/faq-list";
import { FigureBand } from "../sections/figure-band";
import { PageHero } from "../sections/page-hero";
import { SpecTable } from "../sections/spec-table";
import type { ProductEntry } from "./catalog";
import { type ProductContent, withCompany } from "./product-content";

const INDUSTRIES = ["gaming", "ecommerce", "finance", "government"] as const;

/** A product or service page, drawn from its content: the same sections for every product. */
export function ProductPage({ product, content }: { product: ProductEntry; content: ProductContent }) {
  const { t } = useTranslation();
  const { branding } = useSiteData();
  const company = branding.company;
  const c = (text: string) => withCompany(text, company);
  const actions = (
    <>
      <ApplyLink product={product.slug} className="button button--primary button--large">
        {t("site.applyNow")}
      </ApplyLink>
      {product.pricePath ? (
        <a className="button button--ghost button--large" href={product.pricePath}>
          {t("site.buyNow")}
        </a>
      ) : (
        <ApplyLink product={product.slug} className="button button--ghost button--large">
          {t("site.contactSales")}
        </ApplyLink>
      )}
      {product.underAttack ? (
        // A customer's urgent ticket about the package under attack (sign-in first when needed).
        <a className="button button--alarm button--large" href="/control/support?attack=1">
          {t("site.underAttack")}
        </a>
      ) : null}
    </>
  );
  return (
    <>
      <PageHero
        kicker={c(content.hero.kicker)}
        title={c(content.hero.title)}
        lead={c(content.hero.lead)}
        actions={actions}
        art={
          <div className="product-hero-art" aria-hidden="true">
            <ProductIcon name={product.icon} />
          </div>
        }
      />
      <FigureBand title={content.figuresTitle ?? t("site.figures")} figures={content.figures} />
      <CardGrid
        title={t("site.features")}
        items={content.features.map((f) => ({ title: c(f.title), text: c(f.text) }))}
      />
      <CardGrid
        title={t("site.advantages", { company })}
        items={content.advantages.map((a) => ({ title: c(a.title), text: c(a.text) }))}
        tinted
        columns={3}
      />
      <CardGrid
        title={t("site.useCases")}
        items={INDUSTRIES.map((industry) => ({
          title: content.useCases[industry].title,
          text: c(content.useCases[industry].text),
        }))}
        columns={4}
      />
      {content.cases?.length ? (
        <CardGrid
          title={t("site.cases")}
          items={content.cases.map((item) => ({ title: c(item.title), text: c(item.text) }))}
          tinted
          columns={2}
        />
      ) : null}
      <SpecTable
        title={c(content.specs.title)}
        columns={content.specs.columns}
        rows={content.specs.rows.map((row) => ({
          label: c(row.label),
          value: row.value === undefined ? undefined : c(row.value),
          values: row.values?.map(c),
        }))}
      />
      <FaqList title={t("site.faq")} items={content.faq.map((f) => ({ q: c(f.q), a: c(f.a) }))} />
      <CtaBand
        title={t("site.ctaTitle", { product: content.name })}
        text={t("site.ctaText", { company })}
        actions={
          <>
            <ApplyLink product={product.slug} className="button button--light button--large">
              {t("site.contactSales")}
            </ApplyLink>
            <a className="button button--outline-light button--large" href="/control/customer">
              {t("site.console")}
            </a>
          </>
        }
      />
    </>
  );
}
