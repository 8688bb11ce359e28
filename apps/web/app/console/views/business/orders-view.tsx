import type { OperatorOrderView, OrderListQuery, OrderStatus, OrderView } from "@rampart/contracts";
import { PRODUCT_CODES } from "@rampart/pricing";
import { App, DatePicker, Form, Input, Select, Skeleton, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { useGrants } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { confirmWithNote } from "../confirm-with-note";
import { ListPage, ListTable } from "../list-page/list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { dayRangeParams, ListSearch } from "../list-search";
import { orderAmount, orderColumns } from "../order-columns";
import { useBusinessMessages } from "./business-messages";
import { type OrderMove, ordersApi } from "./orders-api";

const STATUSES: OrderStatus[] = ["unpaid", "paid", "closed", "refunded"];
const METHODS = ["alipayGlobal", "alipay", "offline"] as const;

interface SearchForm {
  orderNo?: string;
  userName?: string;
  product?: OrderListQuery["product"];
  status?: OrderStatus;
  payMethod?: OrderListQuery["payMethod"];
  created?: [Dayjs | null, Dayjs | null] | null;
}

type Filters = Omit<Partial<OrderListQuery>, "pageNum" | "pageSize">;
const FILTERS = ["orderNo", "userName", "product", "status", "payMethod", "beginTime", "endTime"] as const;

/** The search form's values as the list's query (blank boxes are no filter). */
function filtersOf(form: SearchForm): Filters {
  return {
    ...(form.orderNo?.trim() ? { orderNo: form.orderNo.trim() } : {}),
    ...(form.userName?.trim() ? { userName: form.userName.trim() } : {}),
    ...(form.product ? { product: form.product } : {}),
    ...(form.status ? { status: form.status } : {}),
    ...(form.payMethod ? { payMethod: form.payMethod } : {}),
    ...dayRangeParams(form.created),
  };
}

/**
 * Business operations → Orders: the orders the operator may see, searched and paged; confirming
 * an offline payment, refunding and closing, each after a confirmation with an optional note that
 * stays with the order (as does who did it).
 */
export default function OrdersView({ title }: ViewProps) {
  const ready = useBusinessMessages();
  return ready ? <OrdersTable title={title} /> : <Skeleton active />;
}

function OrdersTable({ title }: { title: string }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const grants = useGrants();
  const [form] = Form.useForm<SearchForm>();
  const list = usePagedList<OperatorOrderView, Filters>(ordersApi.list, FILTERS);
  const { rows, loading, load, pagination } = list;

  const money = (order: OrderView) => orderAmount(order, language);

  const move = (kind: OrderMove, order: OperatorOrderView) => {
    const key = kind === "confirmOffline" ? "pay" : kind === "refundOrder" ? "refund" : "close";
    const text = { pay: "confirmText", refund: "refundText", close: "closeText" }[key];
    confirmWithNote(modal, t, {
      title: t(`orders.${kind === "confirmOffline" ? "confirm" : key}`),
      text: t(`orders.${text}`, { orderNo: order.orderNo, amount: money(order), customer: order.userName }),
      noteLabel: t("orders.note"),
      notePlaceholder: t("orders.notePlaceholder"),
      action: async (note) => {
        try {
          await ordersApi.move(kind, order.orderNo, note);
          void message.success(t(`orders.done.${key}`, { orderNo: order.orderNo }));
        } finally {
          await load();
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
    <ListPage title={title}>
      <ListSearch name="orderSearch" form={form} list={list} filtersOf={filtersOf}>
        <Form.Item name="orderNo" label={t("orders.search.orderNo")}>
          <Input allowClear maxLength={32} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="userName" label={t("orders.search.customer")}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="product" label={t("orders.search.product")}>
          <Select
            allowClear
            placeholder={t("orders.search.any")}
            options={PRODUCT_CODES.map((p) => ({ value: p, label: t(`nav.products_.${p}`) }))}
            style={{ minWidth: 180 }}
          />
        </Form.Item>
        <Form.Item name="status" label={t("orders.search.status")}>
          <Select
            allowClear
            placeholder={t("orders.search.any")}
            options={STATUSES.map((s) => ({ value: s, label: t(`orders.statuses.${s}`) }))}
            style={{ minWidth: 140 }}
          />
        </Form.Item>
        <Form.Item name="payMethod" label={t("orders.search.payMethod")}>
          <Select
            allowClear
            placeholder={t("orders.search.any")}
            options={METHODS.map((m) => ({ value: m, label: t(`orders.methods.${m}`) }))}
            style={{ minWidth: 160 }}
          />
        </Form.Item>
        <Form.Item name="created" label={t("orders.search.created")}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t("orders.search.startDate"), t("orders.search.endDate")]}
          />
        </Form.Item>
      </ListSearch>
      <ListTable<OperatorOrderView>
        rowKey="orderNo"
        loading={loading}
        columns={canAct ? columns : columns.filter((c) => c.key !== "operations")}
        dataSource={rows}
        emptyText={t("orders.empty")}
        pagination={pagination((count) => t("orders.total", { count }))}
      />
    </ListPage>
  );
}
