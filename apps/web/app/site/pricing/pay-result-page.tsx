import type { OrderView } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { describeOrder, loginToReturn } from "./order-api";

/** Seconds before the result page goes back home (the spec leaves the length open). */
export const HOME_COUNTDOWN_SECONDS = 8;

type Shown = { state: "loading" } | { state: "missing" } | { state: "found"; order: OrderView };

/**
 * /paySuccess?orderNo=: Loading, then the order's real status (Payment Successful, Payment Not
 * Made, Refund Issued, Payment Canceled); a countdown in seconds, then home.
 */
export function PayResultPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get("orderNo") ?? "";
  const [shown, setShown] = useState<Shown>({ state: "loading" });
  const [seconds, setSeconds] = useState(HOME_COUNTDOWN_SECONDS);

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

  // The countdown starts once the result is known.
  useEffect(() => {
    if (shown.state === "loading") return;
    if (seconds <= 0) {
      void navigate("/index");
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [shown.state, seconds, navigate]);

  const status = shown.state === "found" ? shown.order.status : shown.state;
  return (
    <section className="section pay-result">
      <div className="container pay-result__card" aria-live="polite" aria-busy={shown.state === "loading"}>
        <div className={`pay-result__icon pay-result__icon--${status}`} aria-hidden="true" />
        <h1 className="pay-result__title">{t(`paySuccess.statuses.${status}`)}</h1>
        {shown.state === "found" ? (
          <>
            <p className="pay-result__text">{t(`paySuccess.texts.${status}`, { orderNo: shown.order.orderNo })}</p>
            <dl className="order-summary pay-result__facts">
              <div>
                <dt>{t("paySuccess.orderNo")}</dt>
                <dd>{shown.order.orderNo}</dd>
              </div>
              <div>
                <dt>{t("paySuccess.amount")}</dt>
                <dd>{formatMoney({ minor: shown.order.amount, currency: shown.order.currency }, i18n.language)}</dd>
              </div>
            </dl>
          </>
        ) : shown.state === "missing" ? (
          <p className="pay-result__text">{t("paySuccess.texts.missing")}</p>
        ) : null}
        {shown.state === "loading" ? null : (
          <p className="pay-result__countdown" data-testid="countdown">
            {t("paySuccess.countdown", { seconds })}
          </p>
        )}
        <div className="pay-result__actions">
          <a className="button button--primary" href="/control/customer">
            {t("paySuccess.goConsole")}
          </a>
          <Link className="button button--secondary" to="/index">
            {t("paySuccess.home")}
          </Link>
        </div>
      </div>
    </section>
  );
}
