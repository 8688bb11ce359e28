import { type Catalogue, editionOf, formatMoney, type PurchaseConfiguration, type QuoteResult } from "@rampart/pricing";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useSiteData } from "../../shared/branding/use-site-data";
import { ApplyLink } from "../apply/apply-dialog";
import { errorText } from "./configurator";
import { CouponPicker } from "./coupon-picker";
import { DowngradeButton, useDowngradeCredit } from "./downgrade-button";
import type { UpgradeQuote } from "./upgrade-quote";
import type { CouponsState } from "./use-coupons";

/** The fee card: what the configuration costs, and the way to buy it. */
export function FeeCard({
  catalogue,
  config,
  result,
  search,
  upgrade,
  coupons,
}: {
  catalogue: Catalogue;
  config: PurchaseConfiguration;
  result: QuoteResult;
  search: URLSearchParams;
  /** On the way from /upgrade: the price of the change for the days left. */
  upgrade?: { orderNo: string; quote: UpgradeQuote };
  /** A signed-in customer's coupons; `usable` is the chosen one when it applies to this order. */
  coupons?: {
    state: CouponsState;
    chosen: string | null;
    usable: string | null;
    onChoose: (code: string | null) => void;
  };
}) {
  const { t, i18n } = useTranslation();
  const { signedIn } = useSiteData();
  const { pathname } = useLocation();
  const money = (minor: number) => formatMoney({ minor, currency: catalogue.currency }, i18n.language);
  const edition = editionOf(catalogue, config.product, config.edition);
  const onRequest = edition?.onRequest === true;
  // The configuration on screen (the URL follows it a moment later).
  const here = `${pathname}?${search}`;
  // Buying needs an account: a visitor logs in first and comes back to this very configuration.
  const orderSearch = new URLSearchParams({ product: config.product, ...Object.fromEntries(search) });
  orderSearch.delete("coupon");
  if (upgrade) {
    orderSearch.set("action", "upgrade");
    orderSearch.set("oid", upgrade.orderNo);
  }
  // Only a coupon that applies goes on to the order.
  if (coupons?.usable) orderSearch.set("coupon", coupons.usable);
  const buyHref = signedIn ? `/payOrder?${orderSearch}` : `/cloud/login?${new URLSearchParams({ redirect: here })}`;
  // Buy opens the order page as a new document (a second or two): the button says it is on its
  // way meanwhile, and is itself again when the browser brings this page back (Back).
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const back = () => setLeaving(false);
    window.addEventListener("pageshow", back);
    return () => window.removeEventListener("pageshow", back);
  }, []);
  const buyProps = {
    href: buyHref,
    "aria-busy": leaving || undefined,
    onClick: (event: { button: number; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) =>
      // Not when it opens in another tab or window.
      setLeaving(event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey),
  };
  // A smaller package reached from Upgrade: a downgrade, the difference for the days left back to the balance.
  const downgrade = upgrade && !upgrade.quote.ok ? upgrade.quote.downgrade : undefined;
  // The server's figure: it gives back part of what was actually paid (discounts and coupons counted).
  const credit = useDowngradeCredit(downgrade && upgrade ? upgrade.orderNo : null, search.toString(), i18n.language);
  const upgradeText = upgrade
    ? upgrade.quote.ok
      ? money(upgrade.quote.amount)
      : t(`serviceErrors.${upgrade.quote.code}`)
    : null;
  const amountError = result.ok ? undefined : result.errors.find((e) => e.code === "amount.belowMinimum");

  return (
    <aside className="fee-card" aria-labelledby="fee-card-title">
      <h2 className="fee-card__title" id="fee-card-title">
        {t("pricing.fee.title")}
      </h2>
      {onRequest ? (
        <p className="fee-card__note">{t("pricing.customNote")}</p>
      ) : result.ok ? (
        <div aria-live="polite">
          <dl className="fee-card__rows">
            <div>
              <dt>{t("pricing.fee.configurationFee")}</dt>
              <dd>{t("pricing.fee.perMonth", { price: money(result.fee.configurationFee) })}</dd>
            </div>
            <div>
              <dt>{t("pricing.fee.originalPrice")}</dt>
              <dd>{money(result.fee.originalPrice)}</dd>
            </div>
            <div>
              <dt>{t("pricing.fee.discount")}</dt>
              <dd>{result.fee.discount > 0 ? `−${money(result.fee.discount)}` : money(0)}</dd>
            </div>
            <div>
              <dt>{t("pricing.fee.coupon")}</dt>
              <dd>{result.fee.couponDeduction > 0 ? `−${money(result.fee.couponDeduction)}` : money(0)}</dd>
            </div>
          </dl>
          {downgrade ? (
            <>
              <p className="fee-card__amount">
                <span>{t("upgrade.downgradeCredit")}</span>
                <strong data-testid="downgrade-credit">
                  {credit === null ? "…" : credit === "unknown" ? "—" : money(credit)}
                </strong>
              </p>
              <p className="fee-card__hint">{t("upgrade.downgradeNote", { days: downgrade.days })}</p>
            </>
          ) : upgrade ? (
            <p className="fee-card__amount">
              <span>{t("upgrade.upgradePrice")}</span>
              <strong data-testid="upgrade-amount">{upgradeText}</strong>
            </p>
          ) : null}
          {upgrade ? null : (
            <p className="fee-card__amount">
              <span>{t("pricing.fee.amount")}</span>
              <strong data-testid="amount">
                {result.fee.amount === 0 ? t("pricing.fee.free") : money(result.fee.amount)}
              </strong>
            </p>
          )}
          {signedIn && coupons ? (
            <CouponPicker
              coupons={coupons.state}
              chosen={coupons.chosen}
              onChoose={coupons.onChoose}
              currency={catalogue.currency}
            />
          ) : null}
          {signedIn ? null : <p className="fee-card__hint">{t("pricing.fee.couponsAfterLogin")}</p>}
          {downgrade ? null : (
            <p className="fee-card__hint">{t("pricing.fee.minimum", { amount: money(catalogue.minimumAmount) })}</p>
          )}
        </div>
      ) : (
        <p className="fee-card__note" role="status">
          {amountError ? errorText(t, amountError, catalogue.currency, i18n.language) : t("pricing.fee.cannotQuote")}
        </p>
      )}
      <div className="fee-card__actions">
        {downgrade && upgrade && result.ok ? (
          <DowngradeButton orderNo={upgrade.orderNo} configuration={search.toString()} />
        ) : onRequest ? null : result.ok && (!upgrade || upgrade.quote.ok) ? (
          <a className={`button button--primary button--large${leaving ? " button--busy" : ""}`} {...buyProps}>
            {upgrade ? t("upgrade.upgrade") : t("site.buyNow")}
          </a>
        ) : (
          <span className="button button--primary button--large button--disabled" aria-disabled="true">
            {t("site.buyNow")}
          </span>
        )}
        <ApplyLink product={config.product} className="button button--secondary button--large">
          {t("site.contactSales")}
        </ApplyLink>
      </div>
      {result.ok && !onRequest && !downgrade ? (
        // On phones the card is far below the choices: the amount and the way to buy stay in view.
        <div className="fee-bar" aria-hidden="true">
          <a className="fee-bar__amount" href="#fee-card-title" tabIndex={-1}>
            <span>{t("pricing.fee.amount")}</span>
            <strong>{result.fee.amount === 0 ? t("pricing.fee.free") : money(result.fee.amount)}</strong>
          </a>
          <a className={`button button--primary${leaving ? " button--busy" : ""}`} {...buyProps} tabIndex={-1}>
            {t("site.buyNow")}
          </a>
        </div>
      ) : null}
    </aside>
  );
}
