import { type FeeCard, formatMoney, type PurchaseConfiguration, QUANTITIES } from "@rampart/pricing";
import { useTranslation } from "react-i18next";

/** What is being bought, as a list of label and value (the order page's summary). */
export function ConfigurationSummary({ config, fee }: { config: PurchaseConfiguration; fee: FeeCard }) {
  const { t, i18n } = useTranslation();
  const duration = new Intl.NumberFormat(i18n.language, {
    style: "unit",
    unit: config.duration.unit,
    unitDisplay: "long",
  }).format(config.duration.count);
  const extras = Object.entries(config.extras)
    .filter(([, units]) => units > 0)
    .map(([code]) => t(`pricing.extras.${code}`));
  const rows: [string, string][] = [
    [t("order.product"), t(`nav.products_.${config.product}`)],
    [t("order.edition"), t(`pricing.editions.${config.edition}`)],
    [t("order.region"), t(`pricing.regions.${config.region}`)],
    ...QUANTITIES.filter((name) => fee.quantities[name] !== undefined).map(
      (name) =>
        [t(`pricing.fields.${name}`), `${fee.quantities[name]} ${t(`pricing.units.${name}`)}`] as [string, string],
    ),
    [t("order.duration"), duration],
    [t("order.extras"), extras.length > 0 ? extras.join(", ") : t("order.none")],
    [t("pricing.fee.configurationFee"), t("pricing.fee.perMonth", { price: money(fee.configurationFee) })],
    [t("pricing.fee.originalPrice"), money(fee.originalPrice)],
    [t("pricing.fee.discount"), fee.discount > 0 ? `−${money(fee.discount)}` : money(0)],
    ...(fee.couponDeduction > 0
      ? [[t("pricing.fee.coupon"), `−${money(fee.couponDeduction)}`] as [string, string]]
      : []),
  ];
  return (
    <dl className="order-summary">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );

  function money(minor: number) {
    return formatMoney({ minor, currency: fee.currency }, i18n.language);
  }
}
