import type { OrderStatus, OrderView } from "@rampart/contracts";
import { App, Select, Skeleton } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { PaymentInstructionsBox } from "../../../shared/payment/payment-instructions";
import { download } from "../../../shared/request/download";
import type { ViewProps } from "../../routing/view-props";
import { confirmAction } from "../../shell/confirm-action";
import { useBusinessMessages } from "../business/business-messages";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { orderAmount, orderColumns } from "../order-columns";
import { customerApi } from "./customer-api";

const STATUSES: OrderStatus[] = ["unpaid", "paid", "closed", "refunded"];

/** The search (a status), kept in the page's address. */
const MY_ORDER_FILTERS = ["status"] as const;

/**
 * Control center → My orders: the customer's own orders, newest first; an unpaid one can be paid
 * (Alipay's cashier when the provider takes money online, otherwise the site's bank transfer
 * instructions) or cancelled; every order links to its result page.
 */
export default function MyOrdersView({ title }: ViewProps) {
  const ready = useBusinessMessages();
  return ready ? <MyOrders title={title} /> : <Skeleton active />;
}

function MyOrders({ title }: { title: string }) {
  const { t } = useTranslation();
  const { language, branding } = useSiteData();
  const { modal, message } = App.useApp();
  const list = usePagedList<OrderView, { status?: OrderStatus }>(customerApi.orders, MY_ORDER_FILTERS);
  const { rows, loading, load, pagination } = list;
  const status = list.filters.status;

  const money = (order: OrderView) => orderAmount(order, language);

  const pay = async (order: OrderView) => {
    const channels = await customerApi.payChannels();
    if (channels.data.online) {
      const started = await customerApi.pay(order.orderNo);
      location.assign(started.data.url);
      return;
    }
    const described = await customerApi.order(order.orderNo);
    modal.info({
      title: t("myOrders.offlineTitle"),
      width: 560,
      content: (
        <div className="my-orders__offline">
          <p>{t("myOrders.offlineText", { orderNo: order.orderNo, amount: money(order) })}</p>
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
      { label: t("myOrders.cancel"), danger: true, shown: (order) => order.status === "unpaid", onClick: cancel },
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
    <ListPage title={title}>
      <ListToolbar
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
        onRefresh={() => void load()}
      />
      <ListTable<OrderView>
        rowKey="orderNo"
        loading={loading}
        columns={columns}
        dataSource={rows}
        emptyText={
          <span>
            {t("myOrders.empty")} · <a href="/index">{t("myOrders.buy")}</a>
          </span>
        }
        pagination={pagination((count) => t("orders.total", { count }))}
      />
    </ListPage>
  );
}
