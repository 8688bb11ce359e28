import { AlertOutlined } from "@ant-design/icons";
import type { MyTicketsQuery, ServiceView, TicketStatus, TicketSummaryView } from "@rampart/contracts";
import { Button, Segmented, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { useUrlQuery } from "../list-page/url-query";
import { customerApi } from "../orders/customer-api";
import { withViewMessages } from "../parts/view-messages";
import { NewTicketDialog } from "./new-ticket-dialog";
import { supportApi } from "./support-api";
import { TicketDrawer } from "./ticket-drawer";
import { PRIORITY_COLOURS, STATUS_COLOURS } from "./ticket-tags";
import { UnderAttackDialog } from "./under-attack-dialog";
import "./support.css";

type Filters = { status?: string };
const FILTERS = ["status"] as const;
const STATUSES: TicketStatus[] = ["open", "answered", "on_hold", "closed"];
const MY_TICKETS = listSpec<TicketSummaryView>("support", "ticketNo", { add: true });
const fetchTickets = (query: Filters & { pageNum: number; pageSize: 10 | 20 | 30 | 50 }) =>
  supportApi.list(query as Partial<MyTicketsQuery>);

/**
 * Control center → Support: the customer's tickets (latest activity first, by status), a new one,
 * "Under attack?" (an urgent ticket that pages the provider's on-call people), and a ticket's
 * thread in a side panel (its address says which: ?ticket=…, as the mails link to it; ?attack=…
 * opens "Under attack?" for that package).
 */
export default withViewMessages("support", function MyTickets({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const list = usePagedList<TicketSummaryView, Filters>(fetchTickets, FILTERS);
  const { params, update } = useUrlQuery();
  const open = params.get("ticket");
  const attack = params.get("attack");
  const [adding, setAdding] = useState(false);
  const [services, setServices] = useState<ServiceView[]>([]);
  useEffect(() => {
    customerApi.services({ pageNum: 1, pageSize: 50 }).then(
      ({ rows }) => setServices(rows),
      () => {},
    );
  }, []);
  const view = useCallback((ticketNo: string | null) => update({ ticket: ticketNo ?? undefined }), [update]);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  const operations = useOperationsColumn<TicketSummaryView>(t("support.columns.operations"), [
    { label: t("support.actions.view"), onClick: (ticket) => view(ticket.ticketNo) },
  ]);
  const columns: ColumnsType<TicketSummaryView> = [
    {
      title: t("support.columns.subject"),
      key: "subject",
      render: (_, ticket) => (
        <span className="ticket-subject">
          <Button type="link" size="small" className="ticket-subject__title" onClick={() => view(ticket.ticketNo)}>
            {ticket.subject}
          </Button>
          <span className="ticket-subject__no">
            #{ticket.ticketNo} · {ticket.department}
          </span>
        </span>
      ),
    },
    {
      title: t("support.columns.status"),
      dataIndex: "status",
      render: (status: TicketStatus) => <Tag color={STATUS_COLOURS[status]}>{t(`support.statuses.${status}`)}</Tag>,
    },
    {
      title: t("support.columns.priority"),
      dataIndex: "priority",
      responsive: ["md"],
      render: (priority: TicketSummaryView["priority"]) => (
        <Tag color={PRIORITY_COLOURS[priority]}>{t(`support.priorities.${priority}`)}</Tag>
      ),
    },
    { title: t("support.columns.updatedAt"), dataIndex: "updatedAt", responsive: ["sm"], render: when },
    operations,
  ];
  const status = list.filters.status ?? "";

  return (
    <DeclaredListPage
      spec={MY_TICKETS}
      title={title}
      intro={<p className="support-intro">{t("support.intro")}</p>}
      above={
        <Segmented
          className="support-filter"
          value={status}
          onChange={(value) => list.search({ status: String(value) || undefined })}
          options={[
            { value: "", label: t("support.all") },
            ...STATUSES.map((value) => ({ value, label: t(`support.statuses.${value}`) })),
          ]}
        />
      }
      actions={
        <Button danger type="primary" icon={<AlertOutlined />} onClick={() => update({ attack: "1" })}>
          {t("support.underAttack.button")}
        </Button>
      }
      list={list}
      columns={columns}
      onAdd={() => setAdding(true)}
    >
      {adding ? (
        <NewTicketDialog
          services={services}
          onClose={(ticketNo) => {
            setAdding(false);
            if (ticketNo) {
              void list.load();
              view(ticketNo);
            }
          }}
        />
      ) : null}
      {attack ? (
        <UnderAttackDialog
          services={services}
          {...(attack !== "1" ? { preselected: attack } : {})}
          onClose={(ticketNo) => {
            update({ attack: undefined, ...(ticketNo ? { ticket: ticketNo } : {}) });
            if (ticketNo) void list.load();
          }}
        />
      ) : null}
      {open ? <TicketDrawer ticketNo={open} onClose={() => view(null)} onChanged={() => void list.load()} /> : null}
    </DeclaredListPage>
  );
});
