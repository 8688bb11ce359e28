import { useTranslation } from "react-i18next";

/** A customer's empty list (orders, packages): what it says, and a link to buy. */
export function EmptyWithBuy({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <span>
      {text} · <a href="/index">{t("myOrders.buy")}</a>
    </span>
  );
}
