import { LEAD_MOVES, LeadListQuery, type LeadStatus, type LeadView } from "@rampart/contracts";
import { App, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { confirmWithNote } from "../list-page/confirm-with-note";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { searchKeys, searchSpec, withChoices } from "../list-page/search-fields";
import { withViewMessages } from "../parts/view-messages";
import { LeadHistory } from "./lead-history";
import { leadsApi } from "./leads-api";

const STATUS_COLOURS: Record<LeadStatus, string> = {
  new: "blue",
  contacted: "gold",
  approved: "green",
  rejected: "default",
};

type Filters = Omit<Partial<LeadListQuery>, "pageNum" | "pageSize">;

const LEADS_PAGE = listSpec<LeadView>("leads", "leadId", {
  search: searchSpec("leadSearch", LeadListQuery, [
    { name: "keyword", label: "leads.keyword" },
    { kind: "choice", name: "status", label: "leads.status", options: "leads.statuses", minWidth: 140 },
    // The products' values are the site's (its texts' product names), set as the page opens.
    { kind: "choice", name: "product", label: "leads.product", options: "nav.products_", minWidth: 200 },
    { name: "agentCode", label: "leads.channel" },
  ]),
});
const FILTERS = searchKeys<Filters>(LEADS_PAGE.search);

/**
 * Business operations → Leads: the apply and contact forms' submissions the operator may see,
 * searched and paged; each can be marked contacted, approved or rejected with a note, and its
 * history (who, when, why) opens under its row.
 */
export default withViewMessages("business", function Leads({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const list = usePagedList<LeadView, Filters>(leadsApi.list, FILTERS);

  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const statusText = (status: string) => t(`leads.statuses.${status}`);
  const productText = (product: string) => (product ? t(`nav.products_.${product}`) : t("leads.general"));

  const move = (lead: LeadView, to: LeadStatus) => {
    confirmWithNote(modal, t, {
      title: t(`leads.moves.${to}`),
      text: t("leads.moveText", { move: t(`leads.moves.${to}`), name: lead.name, email: lead.email }),
      noteLabel: t("leads.note"),
      notePlaceholder: t("leads.notePlaceholder"),
      action: async (note) => {
        try {
          await leadsApi.move(lead.leadId, to, note);
          void message.success(t("leads.moved", { name: lead.name, status: statusText(to) }));
        } finally {
          await list.load();
        }
      },
    });
  };

  // The moves a lead's status allows (contacted, approved, rejected).
  const operations = useOperationsColumn<LeadView>(t("leads.columns.operations"), (lead) =>
    (LEAD_MOVES[lead.status as LeadStatus] ?? []).map((to) => ({
      label: t(`leads.moves.${to}`),
      permission: "business:lead:edit",
      danger: to === "rejected",
      onClick: () => move(lead, to),
    })),
  );
  const columns: ColumnsType<LeadView> = [
    {
      title: t("leads.columns.name"),
      dataIndex: "name",
      render: (name: string, lead) => (
        <span className="order-no">
          {name}
          <span className="order-kind">{lead.address}</span>
        </span>
      ),
    },
    {
      title: t("leads.columns.contact"),
      key: "contact",
      render: (_, lead) => (
        <span className="order-no">
          <a href={`mailto:${lead.email}`}>{lead.email}</a>
          <span className="order-kind">{lead.phone}</span>
        </span>
      ),
    },
    { title: t("leads.columns.product"), dataIndex: "product", render: productText },
    {
      title: t("leads.columns.channel"),
      dataIndex: "agentCode",
      responsive: ["lg"],
      render: (code: string) => code || "—",
    },
    {
      title: t("leads.columns.message"),
      dataIndex: "content",
      responsive: ["md"],
      render: (content: string) => <span className="lead-message">{content}</span>,
    },
    {
      title: t("leads.columns.status"),
      dataIndex: "status",
      render: (status: LeadStatus) => <Tag color={STATUS_COLOURS[status]}>{statusText(status)}</Tag>,
    },
    { title: t("leads.columns.createdAt"), dataIndex: "createdAt", responsive: ["md"], render: date },
    operations,
  ];

  const products = Object.keys(t("nav.products_", { returnObjects: true }) as Record<string, string>);
  const search = withChoices(LEADS_PAGE.search!, "product", products, (p) => productText(String(p)), {
    searchable: true,
  });
  return (
    <DeclaredListPage
      spec={LEADS_PAGE}
      search={search}
      title={title}
      list={list}
      columns={columns}
      table={{ expandable: { expandedRowRender: (lead) => <LeadHistory lead={lead} /> } }}
    />
  );
});
