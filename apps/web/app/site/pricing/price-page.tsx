import {
  type Catalogue,
  changeEdition,
  configurationFromSearch,
  configurationToSearch,
  type ProductCode,
  type PurchaseConfiguration,
  quote,
} from "@rampart/pricing";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { useSiteData } from "../../shared/branding/use-site-data";
import { PageHero } from "../sections/page-hero";
import { Configurator } from "./configurator";
import { FeeCard } from "./fee-card";
import { upgradeFee, upgradeQuote } from "./upgrade-quote";
import { feeWithCoupon, useCoupons } from "./use-coupons";
import { daysLeft, useService } from "./use-service";

/** How long the configuration stays still before the URL is rewritten. */
const URL_SETTLE_MS = 200;

/**
 * A price page: the configurator of spec section 2 and the fee card, quoted in the browser by the
 * pricing engine on every change. The configuration lives in the URL, so a quote can be shared and
 * survives a login; without JavaScript the form is a GET form and the server quotes it.
 */
export function PricePage({ product, catalogue }: { product: ProductCode; catalogue: Catalogue }) {
  const { t, i18n } = useTranslation();
  const { branding, signedIn } = useSiteData();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [config, setConfig] = useState(() => configurationFromSearch(catalogue, product, searchParams));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const quoted = useMemo(() => quote(catalogue, config), [catalogue, config]);
  // Reached from /upgrade: the configuration is the service's new one, priced for the days left.
  const oid = searchParams.get("action") === "upgrade" ? searchParams.get("oid") : null;
  const service = useService(oid, i18n.language);
  const upgradeBefore = service.state === "found" && oid ? upgradeQuote(catalogue, service.service, config) : undefined;

  // A signed-in customer's coupons for this very configuration; the chosen one is in the URL.
  const chosenCoupon = searchParams.get("coupon");
  const action = oid ? "upgrade" : "new";
  const coupons = useCoupons(
    signedIn && hydrated && (!oid || upgradeBefore?.ok)
      ? { product, configuration: configurationToSearch(config).toString(), action, serviceOrderNo: oid }
      : null,
    i18n.language,
  );
  const offer = "offers" in coupons ? coupons.offers.find((o) => o.code === chosenCoupon) : undefined;
  const context = { action, agentCode: branding.agentCode } as const;
  const result =
    quoted.ok && !oid ? { ...quoted, fee: feeWithCoupon(catalogue, quoted.fee, config, offer, context) } : quoted;
  const upgrade =
    upgradeBefore?.ok && quoted.ok
      ? {
          ...upgradeBefore,
          amount: feeWithCoupon(catalogue, upgradeFee(quoted.fee, upgradeBefore.amount), config, offer, context).amount,
        }
      : upgradeBefore;
  const usableCoupon = offer?.state === "usable" ? offer.code : null;

  const searchFor = (next: PurchaseConfiguration, coupon: string | null) => {
    const search = configurationToSearch(next);
    if (oid) {
      search.set("action", "upgrade");
      search.set("oid", oid);
    }
    if (coupon) search.set("coupon", coupon);
    return search;
  };
  // The URL follows the configuration once it stays still a moment: rewriting it is a navigation,
  // which renders the whole page again; the price itself changes at once.
  const pendingUrl = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pendingUrl.current), []);
  const update = (next: PurchaseConfiguration) => {
    setConfig(next);
    clearTimeout(pendingUrl.current);
    pendingUrl.current = setTimeout(
      () => setSearchParams(searchFor(next, chosenCoupon), { replace: true, preventScrollReset: true }),
      URL_SETTLE_MS,
    );
  };
  const chooseCoupon = (code: string | null) => {
    clearTimeout(pendingUrl.current);
    setSearchParams(searchFor(config, code), { replace: true, preventScrollReset: true });
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
            {t("upgrade.upgradeNote", { orderNo: oid, count: daysLeft(service.service) })}
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
            coupons={{ state: coupons, chosen: chosenCoupon, usable: usableCoupon, onChoose: chooseCoupon }}
          />
        </div>
      </section>
    </>
  );
}
