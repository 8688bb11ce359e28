import type { OrderView } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useSiteData } from "../../shared/branding/use-site-data";
import { overageWords } from "../../shared/overage/overage-words";
import { PaymentInstructionsBox } from "../../shared/payment/payment-instructions";
import { describeOrder, loginToReturn } from "./order-api";

type Shown = { state: "loading" } | { state: "missing" } | { state: "found"; order: OrderView };

/**
 * /paySuccess?orderNo=: Loading, then the order's real status (Payment Successful, Payment Not
 * Made, Refund Issued, Payment Canceled) and where to go next. An unpaid order shows how to pay it
 * by bank transfer (the site's instructions); the page stays until the customer moves on (the
 * spec's countdown home is dropped: it took the bank details away from someone reading them).
 */
export function PayResultPage() {
  const { t, i18n } = useTranslation();
  const { branding } = useSiteData();
  const [params] = useSearchParams();
  const orderNo = params.get("orderNo") ?? "";
  const [shown, setShown] = useState<Shown>({ state: "loading" });

  useEffect(() => {
    let live = true;
    if (!/^\d{8,32}$/.test(orderNo)) {
      setShown({ state: "missing" });
      return;
    }
    describeOrder(orderNo, i18n.language)
      .then((answer) => {
        if (!live) return;
        if (answer.code === 401) location.assign(loginToReturn());
        else
          setShown(answer.code === 200 && answer.data ? { state: "found", order: answer.data } : { state: "missing" });
      })
      .catch(() => live && setShown({ state: "missing" }));
    return () => {
      live = false;
    };
  }, [orderNo, i18n.language]);

  const status = shown.state === "found" ? shown.order.status : shown.state;
  // An order to be paid by bank transfer is placed, not a payment that failed.
  const awaitingTransfer = shown.state === "found" && status === "unpaid" && shown.order.payMethod === "offline";
  const said = awaitingTransfer ? "awaiting" : status;
  return (
    <section className="section pay-result">
      <div className="container pay-result__card" aria-live="polite" aria-busy={shown.state === "loading"}>
        <div className={`pay-result__icon pay-result__icon--${status}`} aria-hidden="true" />
        <h1 className="pay-result__title">{t(`paySuccess.statuses.${said}`)}</h1>
        {shown.state === "found" ? (
          <>
            <p className="pay-result__text">{t(`paySuccess.texts.${said}`, { orderNo: shown.order.orderNo })}</p>
            <dl className="order-summary pay-result__facts">
              <div>
                <dt>{t("paySuccess.orderNo")}</dt>
                <dd>{shown.order.orderNo}</dd>
              </div>
              {shown.order.overage ? (
                <div>
                  <dt>{t("paySuccess.overage")}</dt>
                  {overageWords(shown.order.overage, i18n.language).map((words) => (
                    <dd key={words.month}>{t("paySuccess.overageSummary", words)}</dd>
                  ))}
                </div>
              ) : null}
              <div>
                <dt>{t("paySuccess.amount")}</dt>
                <dd>{formatMoney({ minor: shown.order.amount, currency: shown.order.currency }, i18n.language)}</dd>
              </div>
              {shown.order.balanceHeld && shown.order.status !== "closed" ? (
                <div>
                  <dt>{t("paySuccess.fromBalance")}</dt>
                  <dd>
                    {formatMoney({ minor: shown.order.balanceHeld, currency: shown.order.currency }, i18n.language)}
                  </dd>
                </div>
              ) : null}
            </dl>
          </>
        ) : shown.state === "missing" ? (
          <p className="pay-result__text">{t("paySuccess.texts.missing")}</p>
        ) : null}
        {shown.state === "found" && awaitingTransfer ? (
          <PaymentInstructionsBox
            title={t("paySuccess.howToPay")}
            instructions={shown.order.paymentInstructions ?? null}
            fallback={t(branding.contactWay ? "paySuccess.willContactAt" : "paySuccess.willContact", {
              company: branding.company,
              contact: branding.contactWay,
            })}
            note={t(shown.order.overage ? "paySuccess.quoteOrderNoOverage" : "paySuccess.quoteOrderNo", {
              orderNo: shown.order.orderNo,
            })}
          />
        ) : null}
        <div className="pay-result__actions">
          {shown.state === "found" && shown.order.status === "unpaid" ? (
            <>
              <a className="button button--primary" href="/control/orders?status=unpaid">
                {t("paySuccess.myOrders")}
              </a>
              <Link className="button button--secondary" to="/index">
                {t("paySuccess.keepBrowsing")}
              </Link>
            </>
          ) : (
            <>
              <a className="button button--primary" href="/control/customer">
                {t("paySuccess.goConsole")}
              </a>
              <Link className="button button--secondary" to="/index">
                {t("paySuccess.home")}
              </Link>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
