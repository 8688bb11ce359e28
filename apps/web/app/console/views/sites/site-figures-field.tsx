import {
  COMPANY_FIGURES,
  MARKETING_FIGURE_NAMES,
  MARKETING_FIGURES,
  type MarketingFigure,
  type SiteMarketingFigures,
} from "@rampart/contracts";
import { InputNumber, Switch } from "antd";
import { useTranslation } from "react-i18next";

/** Each figure's unit as the editor shows it beside the number. */
const UNITS: Partial<Record<MarketingFigure, string>> = {
  networkTbps: "Tbps",
  protectionTbps: "Tbps",
  perAddressGbps: "Gbps",
  mitigationSeconds: "s",
  slaPercent: "%",
  cdnHitRatePercent: "%",
  dbAuditTps: "TPS",
  tlsHandshakes: "/s",
  tlsHandshakesLongLived: "/s",
  wafNormalPeakEnterprise: "QPS",
  wafNormalPeakUltimate: "QPS",
  wafCcPeakEnterprise: "QPS",
  wafCcPeakUltimate: "QPS",
};

const PRODUCT_FIGURES = MARKETING_FIGURE_NAMES.filter(
  (name) => !(COMPANY_FIGURES as readonly MarketingFigure[]).includes(name),
);

/**
 * A site's marketing figures, each with the spec's default shown: a number of its own (left empty:
 * the default), or hidden (its pages then leave it out and claim nothing of it). The value is the
 * site's own set (a name left out: the default; null: hidden), a Form.Item's.
 */
export function SiteFiguresField({
  value = {},
  onChange,
}: {
  value?: SiteMarketingFigures;
  onChange?: (value: SiteMarketingFigures) => void;
}) {
  const { t, i18n } = useTranslation();
  const set = (name: MarketingFigure, figure: number | null | undefined) => {
    const next = { ...value };
    if (figure === undefined) delete next[name];
    else next[name] = figure;
    onChange?.(next);
  };
  const group = (title: string, names: readonly MarketingFigure[]) => (
    <fieldset className="site-dialog__block site-figures">
      <legend>{title}</legend>
      {names.map((name) => {
        const own = value[name];
        const shown = own !== null;
        const label = t(`sites.figures.names.${name}`);
        return (
          <div key={name} className="site-figures__row">
            <label className="site-figures__name" htmlFor={`site-figure-${name}`}>
              {label}
            </label>
            <InputNumber<number>
              id={`site-figure-${name}`}
              className="site-figures__number"
              min={0}
              max={1_000_000_000}
              disabled={!shown}
              value={typeof own === "number" ? own : null}
              placeholder={t("sites.figures.default", {
                value: new Intl.NumberFormat(i18n.language).format(MARKETING_FIGURES[name]),
              })}
              suffix={UNITS[name]}
              onChange={(figure) => set(name, typeof figure === "number" ? figure : undefined)}
            />
            <Switch
              size="small"
              checked={shown}
              aria-label={t("sites.figures.shown", { name: label })}
              checkedChildren={t("sites.figures.on")}
              unCheckedChildren={t("sites.figures.off")}
              onChange={(on) => set(name, on ? undefined : null)}
            />
          </div>
        );
      })}
    </fieldset>
  );
  return (
    <>
      <p className="site-dialog__help">{t("sites.figures.help")}</p>
      {group(t("sites.figures.company"), COMPANY_FIGURES)}
      {group(t("sites.figures.products"), PRODUCT_FIGURES)}
    </>
  );
}
