import { LEAD_MOVES, LEAD_STATUSES, type LeadStatus, type LeadView } from "@rampart/contracts";
import { App, Form, Input, Select, Skeleton, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { confirmWithNote } from "../confirm-with-note";
import { ListPage, ListTable } from "../list-page/list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { ListSearch } from "../list-search";
import { useBusinessMessages } from "./business-messages";
import { LeadHistory } from "./lead-history";
import { leadsApi } from "./leads-api";

const STATUS_COLOURS: Record<LeadStatus, string> = {
  new: "blue",
  contacted: "gold",
  approved: "green",
  rejected: "default",
};

type SearchForm = {
  keyword?: string;
  status?: LeadStatus;
  product?: string;
  agentCode?: string;
};

/** The search's fields, kept in the page's address. */
const FILTERS = ["keyword", "status", "product", "agentCode"] as const;

/**
 * Business operations → Leads: the apply and contact forms' submissions the operator may see,
 * searched and paged; each can be marked contacted, approved or rejected with a note, and its
 * history (who, when, why) opens under its row.
 */
export default function LeadsView({ title }: ViewProps) {
  const ready = useBusinessMessages();
  return ready ? <Leads title={title} /> : <Skeleton active />;
}

function Leads({ title }: { title: string }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<SearchForm>();
  const list = usePagedList<LeadView, SearchForm>(leadsApi.list, FILTERS);
  const { rows, loading, load, pagination } = list;

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
          await load();
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

  return (
    <ListPage title={title}>
      <ListSearch
        name="leadSearch"
        form={form}
        list={list}
        filtersOf={(values) => Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as SearchForm}
      >
        <Form.Item name="keyword" label={t("leads.keyword")}>
          <Input allowClear maxLength={100} />
        </Form.Item>
        <Form.Item name="status" label={t("leads.status")}>
          <Select
            allowClear
            placeholder={t("leads.any")}
            options={LEAD_STATUSES.map((s) => ({ value: s, label: statusText(s) }))}
            style={{ minWidth: 140 }}
          />
        </Form.Item>
        <Form.Item name="product" label={t("leads.product")}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t("leads.any")}
            options={Object.keys(t("nav.products_", { returnObjects: true }) as Record<string, string>).map((p) => ({
              value: p,
              label: productText(p),
            }))}
            style={{ minWidth: 200 }}
          />
        </Form.Item>
        <Form.Item name="agentCode" label={t("leads.channel")}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </ListSearch>
      <ListTable<LeadView>
        rowKey="leadId"
        loading={loading}
        columns={columns}
        dataSource={rows}
        emptyText={t("leads.empty")}
        expandable={{
          expandedRowRender: (lead) => <LeadHistory lead={lead} />,
        }}
        pagination={pagination((count) => t("leads.total", { count }))}
      />
    </ListPage>
  );
}
