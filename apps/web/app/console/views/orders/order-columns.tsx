import type { OrderStatus, OrderView } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { Tag } from "antd";
import type { ColumnType } from "antd/es/table";
import type { TFunction } from "i18next";
import { overageWords } from "../../../shared/overage/overage-words";

export const ORDER_STATUS_COLOURS: Record<OrderStatus, string> = {
  unpaid: "gold",
  paid: "green",
  closed: "default",
  refunded: "purple",
};

/** What an order costs, in its currency and the reader's language. */
export const orderAmount = (order: OrderView, language: string) =>
  formatMoney({ minor: order.amount, currency: order.currency }, language);

/**
 * The columns an order has wherever it is listed (the operators' list and the customer's own):
 * product with the kind of order (an overage order's figures beneath), the amount with its coupon, the status, when it was placed.
 */
export function orderColumns<Row extends OrderView>(t: TFunction, language: string) {
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const product: ColumnType<Row> = {
    title: t("orders.columns.product"),
    dataIndex: "product",
    render: (value: string, order) => (
      <span>
        {t(`nav.products_.${value}`)}
        <span className="order-kind">{t(`orders.actions.${order.action}`)}</span>
        {order.overage
          ? overageWords(order.overage, language).map((words) => (
              <span key={words.month} className="order-overage">
                {t("orders.overage", words)}
              </span>
            ))
          : null}
      </span>
    ),
  };
  const amount: ColumnType<Row> = {
    title: t("orders.columns.amount"),
    dataIndex: "amount",
    align: "right",
    render: (_: number, order) => (
      <span className="order-amount">
        {orderAmount(order, language)}
        {order.couponCode ? <Tag className="order-coupon-tag">{order.couponCode}</Tag> : null}
        {/* A closed order's part went back to the balance. */}
        {order.balanceHeld && order.status !== "closed" ? (
          <span className="order-amount__part">
            {t("orders.fromBalance", {
              amount: formatMoney({ minor: order.balanceHeld, currency: order.currency }, language),
            })}
          </span>
        ) : null}
      </span>
    ),
  };
  const status: ColumnType<Row> = {
    title: t("orders.columns.status"),
    dataIndex: "status",
    render: (value: OrderStatus) => <Tag color={ORDER_STATUS_COLOURS[value]}>{t(`orders.statuses.${value}`)}</Tag>,
  };
  const createdAt: ColumnType<Row> = {
    title: t("orders.columns.createdAt"),
    dataIndex: "createdAt",
    responsive: ["md"],
    render: date,
  };
  return { product, amount, status, createdAt };
}
