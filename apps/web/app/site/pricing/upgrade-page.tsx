import { type Catalogue, configurationFromSearch, type ProductCode } from "@rampart/pricing";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PageHero } from "../sections/page-hero";
import { PRICE_PATHS } from "./price-paths";
import { useService } from "./use-service";

/**
 * /upgrade?oid=: a package bought by order `oid`: its alias, what it includes now, its expiry and
 * top-level domains; New purchase, Renew (another period) and Upgrade (for the time left).
 */
export function UpgradePage({ catalogue }: { catalogue: Catalogue }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const oid = params.get("oid");
  const shown = useService(oid, i18n.language);
  return (
    <>
      <PageHero kicker={t("upgrade.kicker")} title={t("upgrade.title")} lead={t("upgrade.lead")} />
      <section className="section pricing-section">
        <div className="container upgrade">
          {shown.state === "found" ? (
            <ServiceCard catalogue={catalogue} {...shown.service} />
          ) : (
            <p className="configurator__note" role="status">
              {shown.state === "loading" ? t("upgrade.loading") : t("upgrade.missing")}
            </p>
          )}
        </div>
      </section>
    </>
  );
}

function ServiceCard({
  catalogue,
  orderNo,
  product,
  edition,
  configuration,
  state,
  expiresAt,
  topLevelDomains,
  unpaidChange,
}: { catalogue: Catalogue } & import("@rampart/contracts").ServiceView) {
  const { t, i18n } = useTranslation();
  const code = product as ProductCode;
  const prices = catalogue.products[code];
  const config = prices ? configurationFromSearch(catalogue, code, new URLSearchParams(configuration)) : null;
  const path = `/${PRICE_PATHS[code]}`;
  const current = config
    ? [
        t(`pricing.regions.${config.region}`),
        ...Object.entries(config.quantities)
          .filter(([name]) => name !== (code === "waf" ? "domains" : "topLevelDomains"))
          .map(([name, value]) => `${value} ${t(`pricing.units.${name}`)}`),
        ...Object.keys(config.extras).map((x) => t(`pricing.extras.${x}`)),
      ].join(" · ")
    : configuration;
  const changeable = state === "active" && !unpaidChange;
  const keep = new URLSearchParams(configuration);
  keep.delete("duration");
  const renewHref = `/payOrder?${new URLSearchParams({ product: code, action: "renew", oid: orderNo, ...Object.fromEntries(new URLSearchParams(configuration)) })}`;
  const upgradeHref = `${path}?${new URLSearchParams({ ...Object.fromEntries(keep), action: "upgrade", oid: orderNo })}`;
  return (
    <div className="configurator upgrade__card">
      <dl className="order-summary">
        <div>
          <dt>{t("upgrade.alias")}</dt>
          <dd>
            {t(`nav.products_.${code}`)} · {t(`pricing.editions.${edition}`)} ({orderNo})
          </dd>
        </div>
        <div>
          <dt>{t("upgrade.current")}</dt>
          <dd>{current}</dd>
        </div>
        <div>
          <dt>{t("upgrade.expiresAt")}</dt>
          <dd>
            {expiresAt
              ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(expiresAt))
              : t("upgrade.notPaid")}{" "}
            <span className={`upgrade__state upgrade__state--${state}`}>{t(`upgrade.states.${state}`)}</span>
          </dd>
        </div>
        <div>
          <dt>{t("upgrade.topLevelDomains")}</dt>
          <dd>{topLevelDomains}</dd>
        </div>
      </dl>
      {unpaidChange ? <p className="fee-card__note">{t("upgrade.changePending")}</p> : null}
      <div className="upgrade__actions">
        <Link className="button button--secondary" to={path}>
          {t("upgrade.newPurchase")}
        </Link>
        {state !== "pending" && !unpaidChange ? (
          <a className="button button--secondary" href={renewHref}>
            {t("upgrade.renew")}
          </a>
        ) : null}
        {changeable ? (
          <Link className="button button--primary" to={upgradeHref}>
            {t("upgrade.upgrade")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
