import type { CouponOffer } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { CouponsState } from "./use-coupons";

/** Why a coupon cannot be used, in the visitor's language, with its amounts and dates formatted. */
export function couponReason(
  t: TFunction,
  reason: string,
  params: Record<string, string | number>,
  currency: string,
  language: string,
): string {
  const shown: Record<string, string | number> = { ...params };
  if (typeof params.threshold === "number")
    shown.threshold = formatMoney({ minor: params.threshold, currency }, language);
  if (typeof params.validFrom === "string")
    shown.validFrom = new Date(params.validFrom).toLocaleDateString(language, { dateStyle: "medium" });
  return t(`coupons.reasons.${reason.replace(/^coupon\./, "")}`, shown);
}

/**
 * The coupons of a signed-in customer on the fee card, as one compact choice: no coupon, each
 * usable one with what it takes off this order, and the others disabled with the reason they do
 * not apply. The line below tells what the choice does.
 */
export function CouponPicker({
  coupons,
  chosen,
  onChoose,
  currency,
}: {
  coupons: CouponsState;
  chosen: string | null;
  onChoose: (code: string | null) => void;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (minor: number) => formatMoney({ minor, currency }, language);
  if (coupons.state === "off") return null;
  const offers = "offers" in coupons ? coupons.offers : [];
  const reasonOf = (offer: CouponOffer) =>
    couponReason(t, offer.reason ?? "coupon.used", offer.params, currency, language);
  const picked = offers.find((offer) => offer.code === chosen);
  const usableCount = offers.filter((offer) => offer.state === "usable").length;
  const validity = (offer: CouponOffer) =>
    offer.validUntil
      ? ` · ${t("coupons.validUntil", {
          date: new Date(offer.validUntil).toLocaleDateString(language, { dateStyle: "medium" }),
        })}`
      : "";
  const line =
    coupons.state === "failed"
      ? t("coupons.failed")
      : offers.length === 0
        ? coupons.state === "loading"
          ? t("coupons.loading")
          : t("coupons.empty")
        : picked
          ? picked.state === "usable"
            ? `${t("coupons.deduction", { amount: money(picked.deduction) })}${validity(picked)}`
            : reasonOf(picked)
          : t("coupons.usableCount", { count: usableCount, total: offers.length });

  return (
    <div className="coupons" aria-busy={coupons.state === "loading" || undefined}>
      <label className="coupons__title" htmlFor="coupon-choice">
        {t("coupons.title")}
      </label>
      <select
        id="coupon-choice"
        className="coupons__select"
        value={picked ? picked.code : ""}
        disabled={offers.length === 0}
        onChange={(event) => onChoose(event.target.value || null)}
        aria-describedby="coupon-line"
      >
        <option value="">{t("coupons.none")}</option>
        {offers.map((offer) => (
          <option key={offer.code} value={offer.code} disabled={offer.state !== "usable" && offer.code !== chosen}>
            {offer.state === "usable"
              ? `${offer.name} (−${money(offer.deduction)})`
              : `${offer.name} — ${reasonOf(offer)}`}
          </option>
        ))}
      </select>
      <p
        className={`coupons__line${picked && picked.state !== "usable" ? " coupons__line--off" : ""}`}
        id="coupon-line"
      >
        {line}
      </p>
    </div>
  );
}
