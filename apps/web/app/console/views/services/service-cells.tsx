import { useTranslation } from "react-i18next";

const DAY_MS = 86_400_000;

/** Whole days from now to an instant (negative once it has passed). */
export const daysUntil = (iso: string, now = Date.now()) => Math.ceil((Date.parse(iso) - now) / DAY_MS);

/** A package as its lists name it: product and edition, with its order number under them. */
export function ServiceName({ product, edition, orderNo }: { product: string; edition: string; orderNo: string }) {
  const { t } = useTranslation();
  return (
    <span className="order-no">
      {t(`nav.products_.${product}`)} · {t(`editions.${edition}`)}
      <span className="order-kind">{orderNo}</span>
    </span>
  );
}

/** A package in one line (dialogs and confirmations): "DDoS Protection · 2026…". */
export function useServiceLabel() {
  const { t } = useTranslation();
  return (service: { product: string; orderNo: string }) =>
    `${t(`nav.products_.${service.product}`)} · ${service.orderNo}`;
}
