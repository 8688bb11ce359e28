import { type OrderView, REGION_PC } from "@rampart/contracts";
import {
  type Catalogue,
  type FeeCard,
  formatMoney,
  type ProductCode,
  type PurchaseConfiguration,
  type QuoteError,
} from "@rampart/pricing";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useSiteData } from "../../shared/branding/use-site-data";
import { balanceCover } from "../../shared/payment/balance-cover";
import { PageHero } from "../sections/page-hero";
import { CheckoutBilling, useCheckoutBilling } from "./checkout-billing";
import { ConfigurationSummary } from "./configuration-summary";
import { errorText } from "./configurator";
import { couponReason } from "./coupon-picker";
import { createOrder, type OrderProblem, payFromBalance, payOrder, resendVerification } from "./order-api";
import { PRICE_PATHS } from "./price-paths";
import { upgradeFee, upgradeQuote } from "./upgrade-quote";
import { useBalances } from "./use-balances";
import { feeWithCoupon, useCoupons } from "./use-coupons";
import { useService } from "./use-service";

type OnlineMethod = "alipayGlobal" | "alipay";
type OrderMethod = "offline" | "balance" | OnlineMethod;

/**
 * /payOrder: the order summary priced by the server, the payment method, the amount actually
 * paid; Pay Now, Order (paid by bank transfer) and Back to view products. Without an online
 * channel on the server, bank transfer is the one way shown and placing the order the primary
 * button (the next page gives the site's payment instructions). With a balance in the order's
 * currency, Pay from balance: usable when it covers the order, otherwise saying what is missing
 * and offering to use it for part of the order, Pay Now asking the cashier for the rest.
 */
export function PayOrderPage({
  product,
  search,
  config,
  fee,
  catalogue,
  onlineMethods,
}: {
  product: ProductCode;
  search: string;
  config: PurchaseConfiguration;
  fee: FeeCard;
  catalogue: Catalogue;
  /** The online methods this server takes money with (none: orders are paid by bank transfer). */
  onlineMethods: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const { branding } = useSiteData();
  const navigate = useNavigate();
  const { pathname, search: here } = useLocation();
  const [method, setMethod] = useState<OnlineMethod>(branding.region === REGION_PC ? "alipay" : "alipayGlobal");
  const [notice, setNotice] = useState<string | null>(null);
  // Why the server refused to take the order from this account, when it is the address.
  const [addressProblem, setAddressProblem] = useState<"email_unverified" | "email_needed_to_order" | null>(null);
  const [sending, setSending] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  // One key per visit of this page: a submit that is retried finds the order it already made.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const language = i18n.language;
  // A renewal or an upgrade of a service names the order that bought it.
  const [params] = useSearchParams();
  const asked = params.get("action");
  const action = asked === "renew" || asked === "upgrade" ? asked : "new";
  const oid = action === "new" ? null : params.get("oid");
  const service = useService(action === "upgrade" ? oid : null, language);
  const upgradeBefore = service.state === "found" ? upgradeQuote(catalogue, service.service, config) : null;
  const online = onlineMethods.includes(method);
  const offlineOnly = onlineMethods.length === 0;
  // Whom the order's receipt or invoice is made out to: asked when the profile has nothing yet.
  const billing = useCheckoutBilling(language);

  // The coupon chosen on the price page, checked again for this order by the server.
  const couponCode = params.get("coupon");
  const coupons = useCoupons(
    couponCode ? { product, configuration: search, action, serviceOrderNo: oid } : null,
    language,
  );
  const offer = "offers" in coupons ? coupons.offers.find((o) => o.code === couponCode) : undefined;
  const context = { action, agentCode: branding.agentCode } as const;
  const shownFee = action === "upgrade" ? fee : feeWithCoupon(catalogue, fee, config, offer, context);
  const upgrade =
    upgradeBefore?.ok === true
      ? {
          ...upgradeBefore,
          amount: feeWithCoupon(catalogue, upgradeFee(fee, upgradeBefore.amount), config, offer, context).amount,
        }
      : upgradeBefore;
  const backTo = `/${PRICE_PATHS[product]}?${search}`;
  // What the order will cost (null while an upgrade is being priced or cannot be).
  const due = action === "upgrade" ? (upgrade?.ok ? upgrade.amount : null) : shownFee.amount;
  const balances = useBalances(language);
  const cover = due ? balanceCover(balances, fee.currency, due) : null;
  // A balance that covers the order is the way offered first (the one primary button).
  const balanceFirst = cover?.covers === true;
  // A balance short of the order pays part of it when Pay Now is pressed (the customer may say no).
  const [usePart, setUsePart] = useState(true);
  const partly = online && cover !== null && !cover.covers && usePart;
  const money = (minor: number) => formatMoney({ minor, currency: fee.currency }, language);
  const amount =
    action === "upgrade"
      ? upgrade?.ok
        ? money(upgrade.amount)
        : upgrade
          ? t(`serviceErrors.${upgrade.code}`)
          : "…"
      : shownFee.amount === 0
        ? t("pricing.fee.free")
        : money(shownFee.amount);
  // What the coupon takes off: from the fee card, or from an upgrade's prorated difference.
  const deduction =
    action === "upgrade"
      ? upgradeBefore?.ok && upgrade?.ok
        ? upgradeBefore.amount - upgrade.amount
        : 0
      : shownFee.couponDeduction;
  const couponLine = !couponCode
    ? null
    : !offer
      ? coupons.state === "ready"
        ? t("coupons.reasons.unknown")
        : "…"
      : offer.state === "usable"
        ? `${offer.name} · ${t("coupons.deduction", { amount: money(deduction) })}`
        : `${offer.name} · ${couponReason(t, offer.reason ?? "coupon.used", offer.params, fee.currency, language)}`;
  const title = oid ? t(`upgrade.${action}Title`, { orderNo: oid }) : t("order.title");
  const problemText = (p: OrderProblem) =>
    p.code === "trial.used"
      ? t("order.trialUsed")
      : p.code.startsWith("coupon.")
        ? couponReason(t, p.code, "params" in p ? (p.params ?? {}) : {}, fee.currency, language)
        : p.code.startsWith("service.") || p.code.startsWith("upgrade.")
          ? t(`serviceErrors.${p.code}`)
          : errorText(t, p as QuoteError, fee.currency, language);

  /** Creates the order (a retried submit finds the same one); null when the page showed why not. */
  const submit = async (payMethod: OrderMethod): Promise<OrderView | null> => {
    const billingRefused = await billing.save();
    if (billingRefused) {
      setNotice(billingRefused);
      return null;
    }
    const answer = await createOrder(
      {
        product,
        configuration: search,
        action,
        ...(oid ? { serviceOrderNo: oid } : {}),
        ...(couponCode ? { couponCode } : {}),
        payMethod,
        idempotencyKey,
      },
      language,
    );
    if (answer.code === 200 || answer.code === 201) return answer.data as OrderView;
    if (answer.code === 401) {
      await navigate(`/cloud/login?${new URLSearchParams({ redirect: `${pathname}${here}` })}`);
      return null;
    }
    const problems = Array.isArray(answer.data) ? (answer.data as OrderProblem[]) : [];
    setNotice(problems.length > 0 ? problems.map(problemText).join(" ") : answer.msg);
    const refusal = (answer.data as { problem?: string } | undefined)?.problem;
    setAddressProblem(refusal === "email_unverified" || refusal === "email_needed_to_order" ? refusal : null);
    return null;
  };

  const run = async (work: () => Promise<void>) => {
    setNotice(null);
    setSending(true);
    try {
      await work();
    } catch {
      setNotice(t("order.networkError"));
    } finally {
      setSending(false);
    }
  };

  // Pay Now: the cashier of the Alipay method chosen (Alipay, or International Alipay through
  // Antom) when the server has it; otherwise the spec's notice and the prompt to choose again.
  const payNow = () =>
    run(async () => {
      if (!online) {
        setNotice(t("order.onlineUnavailable"));
        return;
      }
      const order = await submit(method);
      if (!order) return;
      const started = await payOrder(order.orderNo, method, language, partly);
      if (started.code === 200 && started.data) {
        setRedirecting(true);
        location.assign(started.data.url);
      } else setNotice(started.msg);
    });

  // Pay from balance: the order placed, then paid in full from the balance; the paid order's page
  // follows, as after the cashier. A balance spent meanwhile is refused with the server's reason.
  const payWithBalance = () =>
    run(async () => {
      const order = await submit("balance");
      if (!order) return;
      const paid = await payFromBalance(order.orderNo, language);
      if (paid.code === 200) await navigate(`/paySuccess?${new URLSearchParams({ orderNo: order.orderNo })}`);
      else setNotice(paid.msg);
    });

  const placeOrder = () =>
    run(async () => {
      const order = await submit("offline");
      if (order) await navigate(`/paySuccess?${new URLSearchParams({ orderNo: order.orderNo })}`);
    });

  return (
    <>
      <PageHero kicker={t("order.kicker")} title={title} lead={t("order.lead", { company: branding.company })} />
      <section className="section pricing-section">
        <div className="container pricing">
          <div className="configurator">
            <h2 className="configurator__title">{t("order.summary")}</h2>
            <ConfigurationSummary config={config} fee={shownFee} />
            <CheckoutBilling billing={billing} disabled={sending || redirecting} />
            <Link className="order-back" to={backTo}>
              {t("order.back")}
            </Link>
          </div>
          <aside className="fee-card" aria-labelledby="pay-title">
            <h2 className="fee-card__title" id="pay-title">
              {t("order.payMethod")}
            </h2>
            {offlineOnly ? (
              <div className="configurator__group" data-testid="offline-method">
                <p className="order-method">{t("order.methods.offline")}</p>
                <p className="fee-card__note">{t("order.offlineNote", { company: branding.company })}</p>
              </div>
            ) : (
              <>
                <fieldset className="configurator__group">
                  <legend className="visually-hidden">{t("order.payMethod")}</legend>
                  <div className="segmented segmented--stack">
                    {(["alipayGlobal", "alipay"] as const).map((option) => (
                      <label key={option} className="segmented__option">
                        <input
                          type="radio"
                          name="payMethod"
                          value={option}
                          checked={method === option}
                          onChange={() => setMethod(option)}
                        />
                        <span>{t(`order.methods.${option}`)}</span>
                      </label>
                    ))}
                  </div>
                  <p className="fee-card__hint">{t("order.methodHint")}</p>
                </fieldset>
                <p className="fee-card__note">{online ? t(`order.onlineReady.${method}`) : t("order.onlineNote")}</p>
              </>
            )}
            {couponLine ? (
              <p className="order-coupon">
                <span>{t("order.coupon")}</span>
                <span data-testid="coupon">{couponLine}</span>
              </p>
            ) : null}
            <p className="fee-card__amount">
              <span>{t("order.amount")}</span>
              <strong data-testid="amount">{amount}</strong>
            </p>
            {cover ? (
              <div className="order-balance" data-testid="balance">
                <p className="order-balance__line">
                  {t("order.balanceLine", { amount: money(cover.balance) })}
                  {cover.covers ? null : (
                    <span className={`order-balance__short${online ? " order-balance__short--part" : ""}`}>
                      {t(online ? "order.balanceShortPart" : "order.balanceShort", { missing: money(cover.missing) })}
                    </span>
                  )}
                </p>
                {online && !cover.covers ? (
                  <label className="order-balance__part">
                    <input
                      type="checkbox"
                      checked={usePart}
                      onChange={(event) => setUsePart(event.target.checked)}
                      disabled={sending || redirecting}
                    />
                    <span>{t("order.usePart", { amount: money(cover.balance), rest: money(cover.missing) })}</span>
                  </label>
                ) : null}
                {cover.covers || !online ? (
                  <button
                    type="button"
                    className={`button ${cover.covers ? "button--primary" : "button--secondary"} button--large`}
                    onClick={payWithBalance}
                    disabled={!cover.covers || sending || redirecting}
                  >
                    {sending ? t("order.payingFromBalance") : t("order.payFromBalance")}
                  </button>
                ) : null}
              </div>
            ) : null}
            {notice ? (
              <p className="field-error" role="alert">
                {notice}
              </p>
            ) : null}
            {addressProblem === "email_unverified" ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={sending}
                onClick={() =>
                  run(async () => {
                    setNotice((await resendVerification(language)).msg);
                  })
                }
              >
                {t("order.resendLink")}
              </button>
            ) : addressProblem === "email_needed_to_order" ? (
              <a className="button button--secondary" href="/user/profile">
                {t("order.openProfile")}
              </a>
            ) : null}
            <div className="fee-card__actions">
              {offlineOnly ? null : (
                <button
                  type="button"
                  className={`button ${balanceFirst ? "button--secondary" : "button--primary"} button--large`}
                  onClick={payNow}
                  disabled={sending || redirecting}
                >
                  {redirecting
                    ? t("order.redirecting")
                    : partly && cover
                      ? t("order.payRestNow", { amount: money(cover.missing) })
                      : t("order.payNow")}
                </button>
              )}
              {/* Placing the order: the one way (primary) when no online channel is configured and no balance covers it. */}
              <button
                type="button"
                className={`button ${offlineOnly && !balanceFirst ? "button--primary" : "button--secondary"} button--large`}
                onClick={placeOrder}
                disabled={sending}
                aria-busy={sending || undefined}
              >
                {sending ? t("order.placing") : t(offlineOnly ? "order.placeOrderOffline" : "order.placeOrder")}
              </button>
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
