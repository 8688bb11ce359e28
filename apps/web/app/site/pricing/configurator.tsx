import {
  type Catalogue,
  type EditionCode,
  type EditionPrices,
  editionOf,
  formatMoney,
  type PurchaseConfiguration,
  planQuantities,
  QUANTITIES,
  type Quantity,
  type QuoteError,
  regionsOf,
} from "@rampart/pricing";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** URL names of the quantities (as configurationToSearch writes them). */
const FIELD_NAMES: Record<Quantity, string> = {
  bandwidth: "bandwidth",
  domains: "domains",
  topLevelDomains: "tld",
  ports: "ports",
  originIps: "ips",
};

interface Props {
  catalogue: Catalogue;
  config: PurchaseConfiguration;
  errors: QuoteError[];
  onChange: (next: PurchaseConfiguration) => void;
  onEdition: (edition: EditionCode) => void;
  /** Where the plain form goes (the page itself). */
  action: string;
  /** Before hydration, or without JavaScript: the form is submitted to be quoted by the server. */
  plainForm: boolean;
}

/** Translates an engine error into the page's language, amounts formatted in the site's currency. */
export function errorText(t: TFunction, error: QuoteError, currency: string, language: string): string {
  const params = { ...error.params };
  if (typeof params.minimum === "number") params.minimum = formatMoney({ minor: params.minimum, currency }, language);
  return t(`pricing.errors.${error.code}`, params);
}

export function Configurator({ catalogue, config, errors, onChange, onEdition, action, plainForm }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const prices = catalogue.products[config.product];
  const edition = editionOf(catalogue, config.product, config.edition);
  const money = (minor: number) => formatMoney({ minor, currency: catalogue.currency }, language);
  const errorOf = (field: string) => {
    const error = errors.find((e) => e.field === field);
    return error ? errorText(t, error, catalogue.currency, language) : undefined;
  };
  const derived: Quantity = config.product === "waf" ? "domains" : "topLevelDomains";
  const quantities = edition ? QUANTITIES.filter((q) => edition.quantities[q] && q !== derived) : [];
  const plan = planQuantities(config.product, config.quantities);
  const priced = edition && !edition.onRequest;

  return (
    <form
      className="configurator"
      method="get"
      action={action}
      aria-label={t("pricing.configure")}
      onSubmit={(event) => {
        if (!plainForm) event.preventDefault();
      }}
    >
      <h2 className="configurator__title">{t("pricing.configure")}</h2>
      <fieldset className="configurator__group">
        <legend>{t("pricing.fields.edition")}</legend>
        <div className="edition-cards">
          {prices.editions.map((option) => (
            <label key={option.code} className="edition-card">
              <input
                type="radio"
                name="edition"
                value={option.code}
                checked={config.edition === option.code}
                onChange={() => onEdition(option.code)}
              />
              <span className="edition-card__body">
                <span className="edition-card__name">{t(`pricing.editions.${option.code}`)}</span>
                <span className="edition-card__price">{editionPriceText(t, option, money)}</span>
                <EditionFeatures edition={option} />
              </span>
            </label>
          ))}
        </div>
        <FieldError text={errorOf("edition")} />
      </fieldset>

      {priced ? (
        <>
          <fieldset className="configurator__group">
            <legend>{t("pricing.fields.region")}</legend>
            <div className="segmented">
              {regionsOf(edition).map((region) => (
                <label key={region} className="segmented__option">
                  <input
                    type="radio"
                    name="region"
                    value={region}
                    checked={config.region === region}
                    onChange={() => onChange({ ...config, region })}
                  />
                  <span>{t(`pricing.regions.${region}`)}</span>
                </label>
              ))}
            </div>
            <FieldError text={errorOf("region")} />
          </fieldset>

          {quantities.map((name) => (
            <QuantityField
              key={`${config.edition}-${name}`}
              name={name}
              edition={edition}
              config={config}
              onChange={onChange}
              error={errorOf(name)}
              money={money}
              hint={
                name === "domains"
                  ? t("pricing.tldSupported", { count: plan.topLevelDomains ?? 1 })
                  : name === "topLevelDomains" && config.product === "waf"
                    ? t("pricing.wafSubdomains", { count: plan.domains ?? 0 })
                    : undefined
              }
            />
          ))}

          <fieldset className="configurator__group">
            <legend>{t("pricing.fields.duration")}</legend>
            {edition.trialDays ? (
              <>
                <input type="hidden" name="duration" value={`day-${edition.trialDays}`} />
                <p className="configurator__note">{t("pricing.trialNote", { count: edition.trialDays })}</p>
              </>
            ) : (
              <div className="segmented segmented--wrap">
                {prices.durations.map((d) => {
                  const value = `${d.unit}-${d.count}`;
                  return (
                    <label key={value} className="segmented__option">
                      <input
                        type="radio"
                        name="duration"
                        value={value}
                        checked={config.duration.unit === d.unit && config.duration.count === d.count}
                        onChange={() => onChange({ ...config, duration: { unit: d.unit, count: d.count } })}
                      />
                      <span>
                        {new Intl.NumberFormat(language, { style: "unit", unit: d.unit, unitDisplay: "long" }).format(
                          d.count,
                        )}
                        {d.discountPercent > 0 ? (
                          <em className="segmented__badge">{t("pricing.discount", { percent: d.discountPercent })}</em>
                        ) : null}
                      </span>
                    </label>
                  );
                })}
              </div>
            )}
            <FieldError text={errorOf("duration")} />
          </fieldset>

          {prices.extras.length > 0 && !edition.trialDays ? (
            <fieldset className="configurator__group">
              <legend>{t("pricing.fields.extras")}</legend>
              <div className="extras">
                {prices.extras.map((extra) => (
                  <label key={extra.code} className="extras__item">
                    <input
                      type="checkbox"
                      name="extras"
                      value={extra.code}
                      checked={(config.extras[extra.code] ?? 0) > 0}
                      onChange={(event) => {
                        const extras = { ...config.extras };
                        if (event.target.checked) extras[extra.code] = 1;
                        else delete extras[extra.code];
                        onChange({ ...config, extras });
                      }}
                    />
                    <span className="extras__name">{t(`pricing.extras.${extra.code}`)}</span>
                    <span className="extras__price">{t("pricing.extraPrice", { price: money(extra.unitPrice) })}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
        </>
      ) : edition?.onRequest ? (
        <p className="configurator__note">{t("pricing.customNote")}</p>
      ) : null}

      {plainForm ? (
        <button type="submit" className="button button--secondary">
          {t("pricing.update")}
        </button>
      ) : null}
    </form>
  );
}

function editionPriceText(t: TFunction, edition: EditionPrices, money: (minor: number) => string): string {
  if (edition.trialDays) return t("pricing.fee.free");
  if (edition.onRequest) return t("site.contactSales");
  const lowest = Math.min(...Object.values(edition.regions));
  return t("pricing.fromPrice", { price: money(lowest) });
}

/** The order in which an edition's guarantees are listed (the stored document does not keep one). */
const FEATURE_ORDER = [
  "defenceGbps",
  "normalQps",
  "ccQps",
  "ipListRules",
  "ccRules",
  "accessRules",
  "originIps",
  "nonStandardPorts",
];

function EditionFeatures({ edition }: { edition: EditionPrices }) {
  const { t, i18n } = useTranslation();
  const features = FEATURE_ORDER.flatMap((key) => {
    const value = edition.features?.[key];
    return value === undefined || value === false ? [] : [[key, value] as const];
  });
  if (features.length === 0) return null;
  return (
    <span className="edition-card__features">
      {features.map(([key, value]) => (
        <span key={key}>
          {t(`pricing.features.${key}`, {
            value: typeof value === "number" ? value.toLocaleString(i18n.language) : "",
          })}
        </span>
      ))}
    </span>
  );
}

function QuantityField({
  name,
  edition,
  config,
  onChange,
  error,
  hint,
  money,
}: {
  name: Quantity;
  edition: EditionPrices;
  config: PurchaseConfiguration;
  onChange: (next: PurchaseConfiguration) => void;
  error?: string;
  hint?: string;
  money: (minor: number) => string;
}) {
  const { t } = useTranslation();
  const rule = edition.quantities[name];
  const value = config.quantities[name];
  // What the person typed, kept as typed while it is not a number yet.
  const [text, setText] = useState(value === undefined || Number.isNaN(value) ? "" : String(value));
  if (!rule) return null;
  const id = `quantity-${name}`;
  const set = (next: number | string) => {
    const raw = String(next).trim();
    setText(raw);
    onChange({
      ...config,
      quantities: { ...config.quantities, [name]: /^-?\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN },
    });
  };
  const current = Number.isFinite(value) ? (value as number) : rule.min;
  const fixed = rule.min === rule.max;
  const describedBy = [`${id}-help`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="configurator__group quantity">
      <label className="quantity__label" htmlFor={id}>
        {t(`pricing.fields.${name}`)}
      </label>
      <div className="quantity__control">
        <button
          type="button"
          className="quantity__step"
          aria-label={`${t("pricing.decrease")}: ${t(`pricing.fields.${name}`)}`}
          aria-controls={id}
          disabled={fixed || current <= rule.min}
          onClick={() => set(Math.max(rule.min, current - rule.step))}
        >
          −
        </button>
        <input
          id={id}
          name={FIELD_NAMES[name]}
          className="quantity__input"
          inputMode="numeric"
          type="number"
          min={rule.min}
          max={rule.max}
          step={rule.step}
          value={text}
          readOnly={fixed}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => set(event.target.value)}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label={`${t("pricing.increase")}: ${t(`pricing.fields.${name}`)}`}
          aria-controls={id}
          disabled={fixed || current >= rule.max}
          onClick={() => set(Math.min(rule.max, current + rule.step))}
        >
          +
        </button>
        <span className="quantity__unit">{t(`pricing.units.${name}`)}</span>
      </div>
      <p className="quantity__help" id={`${id}-help`}>
        {fixed ? null : (
          <span className="quantity__line">
            {t("pricing.range", { min: rule.min, max: rule.max, step: rule.step })}
          </span>
        )}
        {fixed || rule.unitPrice === 0 ? null : (
          <span className="quantity__line">
            {t("pricing.included", {
              count: rule.included,
              price: money(rule.unitPrice),
              unit: t(`pricing.unitEach.${name}`),
            })}
          </span>
        )}
        {hint ? <span className="quantity__plan">{hint}</span> : null}
      </p>
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}

function FieldError({ text, id }: { text?: string; id?: string }) {
  if (!text) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {text}
    </p>
  );
}
