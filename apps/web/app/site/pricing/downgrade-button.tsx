import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { downgradeService } from "./order-api";

/**
 * What a downgrade to `configuration` would give back, as the server works it out (from what was
 * actually paid for the package): null while asked, "unknown" when the server would not say.
 */
export function useDowngradeCredit(
  orderNo: string | null,
  configuration: string,
  language: string,
): number | "unknown" | null {
  const [credit, setCredit] = useState<number | "unknown" | null>(null);
  useEffect(() => {
    if (!orderNo) return;
    let live = true;
    setCredit(null);
    // The configuration settles first (the page rewrites it as the customer clicks).
    const timer = setTimeout(() => {
      downgradeService(orderNo, configuration, language, true).then(
        (answer) => live && setCredit(answer.code === 200 && answer.data ? answer.data.credit : "unknown"),
        () => live && setCredit("unknown"),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [orderNo, configuration, language]);
  return credit;
}

/**
 * Downgrade now (the price page reached from a package's Upgrade, with a smaller configuration):
 * asks once more, then makes the package smaller; the server's answer says what went to the
 * balance, with the way to the balance and back to the package.
 */
export function DowngradeButton({ orderNo, configuration }: { orderNo: string; configuration: string }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<"idle" | "confirm" | "sending" | "done">("idle");
  const [notice, setNotice] = useState<string | null>(null);

  const send = async () => {
    setState("sending");
    try {
      const answer = await downgradeService(orderNo, configuration, i18n.language);
      setNotice(answer.msg);
      setState(answer.code === 200 ? "done" : "idle");
    } catch {
      setNotice(t("order.networkError"));
      setState("idle");
    }
  };

  if (state === "done")
    return (
      <div className="downgrade-done" role="status">
        <p>{notice}</p>
        <a className="button button--primary button--large" href="/control/balance">
          {t("upgrade.openBalance")}
        </a>
        <a
          className="button button--secondary button--large"
          href={`/upgrade?${new URLSearchParams({ oid: orderNo })}`}
        >
          {t("upgrade.backToPackage")}
        </a>
      </div>
    );
  return (
    <>
      {state === "idle" ? (
        <button type="button" className="button button--primary button--large" onClick={() => setState("confirm")}>
          {t("upgrade.downgradeNow")}
        </button>
      ) : (
        <>
          <p className="fee-card__note" role="alert">
            {t("upgrade.downgradeConfirm")}
          </p>
          <button
            type="button"
            className="button button--primary button--large"
            onClick={() => void send()}
            disabled={state === "sending"}
            aria-busy={state === "sending" || undefined}
          >
            {t("upgrade.downgradeYes")}
          </button>
          <button
            type="button"
            className="button button--secondary button--large"
            onClick={() => setState("idle")}
            disabled={state === "sending"}
          >
            {t("upgrade.downgradeNo")}
          </button>
        </>
      )}
      {notice ? (
        <p className="field-error" role="alert">
          {notice}
        </p>
      ) : null}
    </>
  );
}
