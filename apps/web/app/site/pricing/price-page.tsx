import {
  type Catalogue,
  changeEdition,
  configurationFromSearch,
  configurationToSearch,
  type ProductCode,
  type PurchaseConfiguration,
  quote,
} from "@rampart/pricing";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { useSiteData } from "../../shared/branding/use-site-data";
import { PageHero } from "../sections/page-hero";
import { Configurator } from "./configurator";
import { FeeCard } from "./fee-card";
import { upgradeQuote } from "./upgrade-quote";
import { daysLeft, useService } from "./use-service";

/**
 * A price page: the configurator of spec section 2 and the fee card, quoted in the browser by the
 * pricing engine on every change. The configuration lives in the URL, so a quote can be shared and
 * survives a login; without JavaScript the form is a GET form and the server quotes it.
 */
export function PricePage({ product, catalogue }: { product: ProductCode; catalogue: Catalogue }) {
  const { t, i18n } = useTranslation();
  const { branding } = useSiteData();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [config, setConfig] = useState(() => configurationFromSearch(catalogue, product, searchParams));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const result = useMemo(() => quote(catalogue, config), [catalogue, config]);
  // Reached from /upgrade: the configuration is the service's new one, priced for the days left.
  const oid = searchParams.get("action") === "upgrade" ? searchParams.get("oid") : null;
  const service = useService(oid, i18n.language);
  const upgrade = service.state === "found" && oid ? upgradeQuote(catalogue, service.service, config) : undefined;

  const update = (next: PurchaseConfiguration) => {
    setConfig(next);
    const search = configurationToSearch(next);
    if (oid) {
      search.set("action", "upgrade");
      search.set("oid", oid);
    }
    setSearchParams(search, { replace: true, preventScrollReset: true });
  };
  const productName = t(`nav.products_.${product}`);
  return (
    <>
      <PageHero
        kicker={t("pricing.kicker")}
        title={t("pricing.title", { product: productName })}
        lead={t("pricing.lead", { company: branding.company })}
      />
      <section className="section pricing-section">
        {oid && service.state === "found" ? (
          <p className="container upgrade-banner" role="status">
            {t("upgrade.upgradeNote", { orderNo: oid, days: daysLeft(service.service) })}
          </p>
        ) : null}
        <div className="container pricing">
          <Configurator
            catalogue={catalogue}
            config={config}
            errors={result.ok ? [] : result.errors}
            onChange={update}
            onEdition={(edition) => update(changeEdition(catalogue, config, edition))}
            action={pathname}
            plainForm={!hydrated}
          />
          <FeeCard
            catalogue={catalogue}
            config={config}
            result={result}
            search={configurationToSearch(config)}
            upgrade={oid && upgrade ? { orderNo: oid, quote: upgrade } : undefined}
          />
        </div>
      </section>
    </>
  );
}
