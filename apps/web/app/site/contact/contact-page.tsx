import type { ContactBlock, ContactBlocks } from "@rampart/contracts";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../shared/branding/use-site-data";
import { ApplyForm, type ApplyResult } from "../apply/apply-form";
import { PageHero } from "../sections/page-hero";

function Block({ title, block }: { title: string; block: ContactBlock }) {
  const { t } = useTranslation();
  const rows = [
    ["phone", block.phone],
    ["email", block.email],
    ["address", block.address],
    ["hours", block.hours],
  ] as const;
  return (
    <section className="contact-block" aria-label={title}>
      <h2 className="contact-block__title">{title}</h2>
      <dl className="contact-block__list">
        {rows
          .filter(([, value]) => value)
          .map(([key, value]) => (
            <div key={key} className="contact-block__row">
              <dt>{t(`contact.${key}`)}</dt>
              <dd>
                {key === "email" ? (
                  <a href={`mailto:${value}`}>{value}</a>
                ) : key === "phone" ? (
                  <a href={`tel:${value.replace(/[^+\d]/g, "")}`}>{value}</a>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** /contact: pre-sales and after-sales, the 24/7 line, and the contact form (works without JavaScript). */
export function ContactPage({
  contacts,
  product,
  result,
}: {
  contacts: ContactBlocks;
  product?: string;
  result?: ApplyResult;
}) {
  const { t } = useTranslation();
  const { branding } = useSiteData();
  return (
    <>
      <PageHero
        kicker={t("contact.kicker")}
        title={t("contact.title")}
        lead={t("contact.lead", { company: branding.company })}
      />
      <section className="section">
        <div className="container contact-grid">
          <Block title={t("contact.presales")} block={contacts.presales} />
          <Block title={t("contact.aftersales")} block={contacts.aftersales} />
          <section className="contact-block contact-block--emergency" aria-label={t("contact.emergency")}>
            <h2 className="contact-block__title">{t("contact.emergency")}</h2>
            <p>{t("contact.emergencyText")}</p>
            {contacts.emergency ? (
              <p className="contact-block__hotline">
                <a href={`tel:${contacts.emergency.replace(/[^+\d]/g, "")}`}>{contacts.emergency}</a>
              </p>
            ) : null}
            {branding.contactWay ? <p>{branding.contactWay}</p> : null}
          </section>
        </div>
      </section>
      <section className="section section--tinted" id="apply" aria-labelledby="contact-form-title">
        <div className="container contact-form">
          <h2 id="contact-form-title" className="section__title">
            {t("contact.formTitle")}
          </h2>
          <p className="section__lead">{t("apply.lead")}</p>
          {result?.ok ? (
            <p className="contact-form__done" role="status">
              {result.message}
            </p>
          ) : (
            <ApplyForm kind="contact" product={product} serverResult={result} onDone={() => {}} />
          )}
        </div>
      </section>
    </>
  );
}
