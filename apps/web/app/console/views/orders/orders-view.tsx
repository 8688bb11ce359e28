import { type OperatorOrderView, OrderListQuery, type OrderView } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { App, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useGrants } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { confirmWithNote } from "../list-page/confirm-with-note";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { searchKeys, searchSpec } from "../list-page/search-fields";
import { withViewMessages } from "../parts/view-messages";
import { orderAmount, orderColumns } from "./order-columns";
import { type OrderMove, ordersApi } from "./orders-api";

type Filters = Omit<Partial<OrderListQuery>, "pageNum" | "pageSize">;

const ORDERS_PAGE = listSpec<OperatorOrderView>("orders", "orderNo", {
  search: searchSpec("orderSearch", OrderListQuery, [
    { name: "orderNo", inputMode: "numeric" },
    { name: "userName", label: "orders.search.customer" },
    { kind: "choice", name: "product", options: "nav.products_", minWidth: 180 },
    { kind: "choice", name: "status", options: "orders.statuses", minWidth: 140 },
    { kind: "choice", name: "payMethod", options: "orders.methods", minWidth: 160 },
    { kind: "days", name: "created", from: "orders.search.startDate", to: "orders.search.endDate" },
  ]),
});
const FILTERS = searchKeys<Filters>(ORDERS_PAGE.search);

/**
 * Business operations → Orders: the orders the operator may see, searched and paged; confirming
 * an offline payment, refunding and closing, each after a confirmation with an optional note that
 * stays with the order (as does who did it).
 */
export default withViewMessages("business", function OrdersTable({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const grants = useGrants();
  const list = usePagedList<OperatorOrderView, Filters>(ordersApi.list, FILTERS);

  const money = (order: OrderView) => orderAmount(order, language);

  const move = (kind: OrderMove, order: OperatorOrderView) => {
    const key = kind === "confirmOffline" ? "pay" : kind === "refundOrder" ? "refund" : "close";
    // An order paid from the balance goes back there; a top-up the way it was paid; any other
    // order where the operator chooses.
    const fromBalance = key === "refund" && order.payMethod === "balance";
    const choosing = key === "refund" && !fromBalance && order.action !== "topup";
    const refundText = fromBalance ? "refundTextBalance" : order.action === "topup" ? "refundTextTopUp" : "refundText";
    const text = { pay: "confirmText", refund: refundText, close: "closeText" }[key];
    // Confirming a transfer: what the customer still had to pay, beside a part taken from their balance.
    const held = key === "pay" ? (order.balanceHeld ?? 0) : 0;
    const amount = held
      ? `${formatMoney({ minor: order.amount - held, currency: order.currency }, language)} (${t("orders.fromBalance", {
          amount: formatMoney({ minor: held, currency: order.currency }, language),
        })})`
      : money(order);
    confirmWithNote(modal, t, {
      title: t(`orders.${kind === "confirmOffline" ? "confirm" : key}`),
      text: t(`orders.${text}`, { orderNo: order.orderNo, amount, customer: order.userName }),
      noteLabel: t("orders.note"),
      notePlaceholder: t("orders.notePlaceholder"),
      choice: choosing
        ? {
            label: t("orders.refundTo.label"),
            value: "channel",
            options: [
              {
                value: "channel",
                label: t(order.payMethod === "offline" ? "orders.refundTo.offline" : "orders.refundTo.channel"),
              },
              { value: "balance", label: t("orders.refundTo.balance") },
            ],
          }
        : undefined,
      action: async (note, choice) => {
        try {
          await ordersApi.move(kind, order.orderNo, note, choice === "balance" ? "balance" : undefined);
          void message.success(t(`orders.done.${key}`, { orderNo: order.orderNo }));
        } finally {
          await list.load();
        }
      },
    });
  };

  const operations = useOperationsColumn<OperatorOrderView>(t("orders.columns.operations"), [
    {
      label: t("orders.confirm"),
      permission: "business:order:confirm",
      shown: (order) => order.status === "unpaid",
      onClick: (order) => move("confirmOffline", order),
    },
    {
      label: t("orders.close"),
      permission: "business:order:close",
      danger: true,
      shown: (order) => order.status === "unpaid",
      onClick: (order) => move("closeOrder", order),
    },
    {
      label: t("orders.refund"),
      permission: "business:order:refund",
      danger: true,
      shown: (order) => order.status === "paid",
      onClick: (order) => move("refundOrder", order),
    },
  ]);
  const shared = orderColumns<OperatorOrderView>(t, language);
  const columns: ColumnsType<OperatorOrderView> = [
    {
      title: t("orders.columns.orderNo"),
      dataIndex: "orderNo",
      render: (orderNo: string, order) => (
        <span className="order-no">
          {orderNo}
          {order.tradeNo ? (
            <span className="order-no__trade">{t("orders.trade", { tradeNo: order.tradeNo })}</span>
          ) : null}
        </span>
      ),
    },
    { title: t("orders.columns.customer"), dataIndex: "userName" },
    shared.product,
    shared.amount,
    {
      title: t("orders.columns.payMethod"),
      dataIndex: "payMethod",
      responsive: ["lg"],
      render: (method: string) => t(`orders.methods.${method}`),
    },
    shared.status,
    shared.createdAt,
    {
      title: t("orders.columns.handled"),
      dataIndex: "handledBy",
      responsive: ["xl"],
      render: (by: string | null, order) =>
        by ? (
          <Tooltip title={order.handledNote || undefined}>
            <span className={order.handledNote ? "order-handled" : undefined}>{by}</span>
          </Tooltip>
        ) : (
          "—"
        ),
    },
    operations,
  ];
  const canAct = ["business:order:confirm", "business:order:close", "business:order:refund"].some(
    (p) => grants.permissions.includes(p) || grants.permissions.includes("*:*:*"),
  );

  return (
    <DeclaredListPage
      spec={ORDERS_PAGE}
      title={title}
      list={list}
      columns={canAct ? columns : columns.filter((c) => c.key !== "operations")}
    />
  );
});
