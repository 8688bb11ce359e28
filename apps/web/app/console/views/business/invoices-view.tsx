import type { InvoiceListQuery, InvoiceView } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { Button, DatePicker, Form, Input, Select, Skeleton, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { usePagedList } from "../list-page/paged-list";
import { dayRangeParams, ListSearch } from "../list-search";
import { useBusinessMessages } from "./business-messages";
import { invoicesApi } from "./invoices-api";

interface SearchForm {
  number?: string;
  customer?: string;
  kind?: InvoiceView["kind"];
  issued?: [Dayjs | null, Dayjs | null] | null;
}
type Filters = Omit<Partial<InvoiceListQuery>, "pageNum" | "pageSize">;

const filtersOf = (form: SearchForm): Filters => ({
  ...(form.number?.trim() ? { number: form.number.trim() } : {}),
  ...(form.customer?.trim() ? { customer: form.customer.trim() } : {}),
  ...(form.kind ? { kind: form.kind } : {}),
  ...dayRangeParams(form.issued),
});

/** The search's fields, kept in the page's address. */
const FILTERS = ["number", "customer", "kind", "beginTime", "endTime"] as const;

/**
 * Business operations → Invoices: the receipts or commercial invoices of the operator's sites and
 * their refunds' documents, each named as its site called it, newest first, found by number (or order number), customer, kind and day; each one's PDF; the list as a
 * spreadsheet.
 */
export default function InvoicesView({ title }: ViewProps) {
  const ready = useBusinessMessages();
  return ready ? <Invoices title={title} /> : <Skeleton active />;
}

function Invoices({ title }: { title: string }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const [form] = Form.useForm<SearchForm>();
  const list = usePagedList<InvoiceView, Filters>(invoicesApi.list, FILTERS);
  const { rows, loading, pagination } = list;
  const money = (minor: number, currency: string) => formatMoney({ minor, currency }, language);
  /** What a document is called: its site's choice when it was issued, for a payment or a refund. */
  const nameOf = (invoice: InvoiceView) => t(`invoices.documents.${invoice.documentTitle}.${invoice.kind}`);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  const columns: ColumnsType<InvoiceView> = [
    {
      title: t("invoices.columns.number"),
      dataIndex: "invoiceNo",
      render: (number: string, invoice) => (
        <span className="order-no">
          <span>
            {number} <Tag color={invoice.kind === "credit_note" ? "volcano" : "blue"}>{nameOf(invoice)}</Tag>
          </span>
          <span className="order-kind">
            {invoice.refersTo
              ? t("invoices.refersTo", { invoiceNo: invoice.refersTo })
              : t("invoices.order", { orderNo: invoice.orderNo })}
          </span>
        </span>
      ),
    },
    {
      title: t("invoices.columns.customer"),
      dataIndex: "buyerName",
      render: (name: string, invoice) => (
        <span className="order-no">
          {name}
          <span className="order-kind">{invoice.userName}</span>
        </span>
      ),
    },
    {
      title: t("invoices.columns.site"),
      dataIndex: "siteName",
      responsive: ["lg"],
      render: (site: string | null) => site ?? "—",
    },
    {
      title: t("invoices.columns.total"),
      dataIndex: "total",
      align: "right",
      render: (total: number, invoice) => money(invoice.kind === "credit_note" ? -total : total, invoice.currency),
    },
    {
      title: t("invoices.columns.tax"),
      dataIndex: "tax",
      align: "right",
      responsive: ["md"],
      render: (tax: number, invoice) =>
        tax ? money(invoice.kind === "credit_note" ? -tax : tax, invoice.currency) : "—",
    },
    { title: t("invoices.columns.issued"), dataIndex: "issuedAt", render: (iso: string) => when(iso) },
    {
      title: t("orders.columns.operations"),
      key: "operations",
      render: (_, invoice) => (
        <Button
          type="link"
          size="small"
          onClick={() => void invoicesApi.pdf(invoice.invoiceNo, nameOf(invoice)).catch(() => {})}
        >
          PDF
        </Button>
      ),
    },
  ];

  return (
    <ListPage title={title}>
      <ListSearch name="invoiceSearch" form={form} list={list} filtersOf={filtersOf} rangeField="issued">
        <Form.Item name="number" label={t("invoices.search.number")}>
          <Input allowClear maxLength={40} />
        </Form.Item>
        <Form.Item name="customer" label={t("invoices.search.customer")}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="kind" label={t("invoices.search.kind")}>
          <Select
            allowClear
            placeholder={t("orders.search.any")}
            options={(["invoice", "credit_note"] as const).map((kind) => ({
              value: kind,
              label: t(`invoices.kinds.${kind}`),
            }))}
            style={{ minWidth: 160 }}
          />
        </Form.Item>
        <Form.Item name="issued" label={t("invoices.search.issued")}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t("orders.search.startDate"), t("orders.search.endDate")]}
          />
        </Form.Item>
      </ListSearch>
      {/* Only for those who may: no empty toolbar for the others. */}
      <Can permissions={["business:invoice:export"]}>
        <ListToolbar
          actions={
            <Button onClick={() => void invoicesApi.export(list.filters).catch(() => {})}>
              {t("invoices.export")}
            </Button>
          }
        />
      </Can>
      <ListTable<InvoiceView>
        rowKey="invoiceNo"
        loading={loading}
        columns={columns}
        dataSource={rows}
        emptyText={t("invoices.empty")}
        pagination={pagination((count) => t("invoices.total", { count }))}
      />
    </ListPage>
  );
}
