import { InvoiceListQuery, type InvoiceView } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { Button, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { ListToolbar } from "../list-page/list-page";
import { usePagedList } from "../list-page/paged-list";
import { searchKeys, searchSpec } from "../list-page/search-fields";
import { withViewMessages } from "../parts/view-messages";
import { invoicesApi } from "./invoices-api";

type Filters = Omit<Partial<InvoiceListQuery>, "pageNum" | "pageSize">;

const INVOICES_PAGE = listSpec<InvoiceView>("invoices", "invoiceNo", {
  search: searchSpec("invoiceSearch", InvoiceListQuery, [
    { name: "number" },
    { name: "customer" },
    { kind: "choice", name: "kind", options: "invoices.kinds", minWidth: 160 },
    { kind: "days", name: "issued", from: "orders.search.startDate", to: "orders.search.endDate" },
  ]),
});
const FILTERS = searchKeys<Filters>(INVOICES_PAGE.search);

/**
 * Business operations → Invoices: the receipts or commercial invoices of the operator's sites and
 * their refunds' documents, each named as its site called it, newest first, found by number (or order number), customer, kind and day; each one's PDF; the list as a
 * spreadsheet.
 */
export default withViewMessages("business", function Invoices({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const list = usePagedList<InvoiceView, Filters>(invoicesApi.list, FILTERS);
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
      // The account's user name under the name on the document, unless it is that name.
      render: (name: string, invoice) => (
        <span className="order-no">
          {name}
          {invoice.userName !== name ? <span className="order-kind">{invoice.userName}</span> : null}
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
    <DeclaredListPage
      spec={INVOICES_PAGE}
      title={title}
      list={list}
      columns={columns}
      toolbar={
        // Only for those who may: no empty toolbar for the others.
        <Can permissions={["business:invoice:export"]}>
          <ListToolbar
            actions={
              <Button onClick={() => void invoicesApi.export(list.filters).catch(() => {})}>
                {t("invoices.export")}
              </Button>
            }
          />
        </Can>
      }
    />
  );
});
