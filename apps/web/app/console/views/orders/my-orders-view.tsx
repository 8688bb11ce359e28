import type { OrderStatus, OrderView } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { App, Select } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { type BalanceCover, balanceCover } from "../../../shared/payment/balance-cover";
import { PaymentInstructionsBox } from "../../../shared/payment/payment-instructions";
import { download } from "../../../shared/request/download";
import { confirmAction } from "../../controls/confirm-action";
import type { ViewProps } from "../../routing/view-props";
import { balanceApi } from "../balance/balance-api";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { withViewMessages } from "../parts/view-messages";
import { customerApi } from "./customer-api";
import { EmptyWithBuy } from "./empty-with-buy";
import { orderAmount, orderColumns } from "./order-columns";
import { PayOrderDialog } from "./pay-order-dialog";

const STATUSES: OrderStatus[] = ["unpaid", "paid", "closed", "refunded"];

/** The search (a status), kept in the page's address. */
const MY_ORDER_FILTERS = ["status"] as const;
const MY_ORDERS_PAGE = listSpec<OrderView>("myOrders", "orderNo", { total: "orders.total" });

/**
 * Control center → My orders: the customer's own orders, newest first; an unpaid one can be paid
 * (from the balance when there is one in its currency; Alipay's cashier when the provider takes
 * money online, otherwise the site's bank transfer instructions) or cancelled; every order links to its result page.
 */
export default withViewMessages("business", function MyOrders({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language, branding } = useSiteData();
  const { modal, message } = App.useApp();
  const list = usePagedList<OrderView, { status?: OrderStatus }>(customerApi.orders, MY_ORDER_FILTERS);
  const { load } = list;
  const status = list.filters.status;

  const money = (order: OrderView) => orderAmount(order, language);
  const [paying, setPaying] = useState<{
    order: OrderView;
    cover: Exclude<BalanceCover, null>;
    online: boolean;
  } | null>(null);

  /** The way this installation takes money: the cashier online, else the bank transfer instructions. */
  const payOtherWay = async (order: OrderView, online: boolean, useBalance = false) => {
    if (online) {
      const started = await customerApi.pay(order.orderNo, useBalance);
      location.assign(started.data.url);
      return;
    }
    const described = await customerApi.order(order.orderNo);
    modal.info({
      title: t("myOrders.offlineTitle"),
      width: 560,
      content: (
        <div className="my-orders__offline">
          <p>
            {t("myOrders.offlineText", {
              orderNo: order.orderNo,
              // What is still due: a part taken from the balance is not transferred again.
              amount: formatMoney(
                { minor: order.amount - (order.balanceHeld ?? 0), currency: order.currency },
                language,
              ),
            })}
          </p>
          <PaymentInstructionsBox
            title={t("myOrders.howToPay")}
            instructions={described.data.paymentInstructions ?? null}
            fallback={t(branding.contactWay ? "myOrders.willContactAt" : "myOrders.willContact", {
              company: branding.company,
              contact: branding.contactWay,
            })}
            note={t("myOrders.quoteOrderNo", { orderNo: order.orderNo })}
          />
        </div>
      ),
      okText: t("console.confirm"),
    });
  };

  /** Pay: with a balance in the order's currency, the choice of it or the other way; else the other way. */
  const pay = async (order: OrderView) => {
    const [channels, balances] = await Promise.all([
      customerApi.payChannels(),
      balanceApi.mine({ pageSize: 1 }).catch(() => null),
    ]);
    // What is still due: a part already taken from the balance is not asked for again.
    const due = order.amount - (order.balanceHeld ?? 0);
    const cover = balances ? balanceCover(balances.data.accounts, order.currency, due) : null;
    if (cover) setPaying({ order, cover, online: channels.data.online });
    else await payOtherWay(order, channels.data.online);
  };

  const cancel = (order: OrderView) =>
    confirmAction(modal, t, {
      title: t("myOrders.cancel"),
      content: t("myOrders.cancelText", { orderNo: order.orderNo, amount: money(order) }),
      action: async () => {
        try {
          await customerApi.cancel(order.orderNo);
          void message.success(t("myOrders.cancelled", { orderNo: order.orderNo }));
        } finally {
          await load();
        }
      },
    });

  /** A receipt or commercial invoice (or its refund's document) as a PDF, in the reader's language. */
  const documentPdf = (number: string, name: string) =>
    download({ url: `/order/invoice/${encodeURIComponent(number)}/pdf`, fileName: `${name} ${number}.pdf` });

  const shared = orderColumns<OrderView>(t, language);
  const operations = useOperationsColumn<OrderView>(t("orders.columns.operations"), (row) => {
    // The order's documents, called what its site called them (a receipt or a commercial invoice).
    const documents = `invoices.documents.${row.documentTitle ?? "receipt"}`;
    const paidDocument = t(`${documents}.invoice`);
    const refundDocument = t(`${documents}.credit_note`);
    return [
      {
        label: t("myOrders.pay"),
        shown: (order) => order.status === "unpaid",
        onClick: (order) => void pay(order).catch(() => {}),
      },
      {
        label: t("myOrders.cancel"),
        danger: true,
        // An overage order bills bandwidth already used: it is paid, not cancelled.
        shown: (order) => order.status === "unpaid" && order.action !== "overage",
        onClick: cancel,
      },
      {
        label: t("myOrders.details"),
        href: (order) => `/paySuccess?${new URLSearchParams({ orderNo: order.orderNo })}`,
      },
      {
        label: paidDocument,
        shown: (order) => Boolean(order.invoiceNo),
        onClick: (order) => void documentPdf(order.invoiceNo!, paidDocument).catch(() => {}),
      },
      {
        label: refundDocument,
        shown: (order) => Boolean(order.creditNoteNo),
        onClick: (order) => void documentPdf(order.creditNoteNo!, refundDocument).catch(() => {}),
      },
    ];
  });
  const columns: ColumnsType<OrderView> = [
    {
      title: t("orders.columns.orderNo"),
      dataIndex: "orderNo",
      render: (no: string) => <span className="order-no">{no}</span>,
    },
    shared.product,
    shared.amount,
    shared.status,
    shared.createdAt,
    operations,
  ];

  return (
    <DeclaredListPage
      spec={MY_ORDERS_PAGE}
      title={title}
      list={list}
      columns={columns}
      empty={<EmptyWithBuy text={t("myOrders.empty")} />}
      actions={
        <div className="list-toolbar__filter">
          <label htmlFor="my-orders-status">{t("myOrders.status")}</label>
          <Select<OrderStatus | undefined>
            id="my-orders-status"
            allowClear
            placeholder={t("myOrders.any")}
            value={status}
            onChange={(value) => {
              list.search(value ? { status: value } : {});
            }}
            options={STATUSES.map((s) => ({ value: s, label: t(`orders.statuses.${s}`) }))}
            style={{ minWidth: 160 }}
          />
        </div>
      }
    >
      {paying ? (
        <PayOrderDialog
          {...paying}
          onClose={() => setPaying(null)}
          onOtherWay={(useBalance) => {
            setPaying(null);
            void payOtherWay(paying.order, paying.online, useBalance).catch(() => {});
          }}
        />
      ) : null}
    </DeclaredListPage>
  );
});
