import type { OperatorServiceView, ServiceListQuery, ServiceState, SiteAdminView } from "@rampart/contracts";
import { Button, Form, Input, Select, Skeleton, Space, Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can, useGrants } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable } from "../list-page/list-page";
import { type PageParams, type SortParams, usePagedList } from "../list-page/paged-list";
import { ListSearch } from "../list-search";
import { useWideScreen } from "../search-toggle";
import { sitesApi } from "../system/sites-api";
import { useBusinessMessages } from "./business-messages";
import { ServiceHistory } from "./service-history";
import { type ServiceAction, ServiceMoveDialog } from "./service-move-dialog";
import { servicesApi } from "./services-api";

const DAY_MS = 86_400_000;
const PRODUCTS = ["cdn", "ddos", "tcp", "waf"] as const;
const STATES: ServiceState[] = ["active", "grace", "suspended", "terminated"];
/** "Expiring within" choices, in days (0: already past its expiry, not yet suspended). */
const WITHIN = [0, 7, 30, 90] as const;
const STATE_COLORS: Record<ServiceState, string> = {
  active: "green",
  grace: "orange",
  suspended: "red",
  terminated: "default",
};
const ACTION_PERMISSIONS = ["business:service:suspend", "business:service:extend", "business:service:terminate"];

interface SearchForm {
  orderNo?: string;
  userName?: string;
  product?: ServiceListQuery["product"];
  state?: ServiceState;
  siteId?: number;
  expiringWithin?: number;
  provisioning?: ServiceListQuery["provisioning"];
}

/** The search as the page's address keeps it (text: the numbers are read back by formOf). */
type Filters = Omit<Partial<ServiceListQuery>, "pageNum" | "pageSize" | "siteId" | "expiringWithin"> & {
  siteId?: string;
  expiringWithin?: string;
};

function filtersOf(form: SearchForm): Filters {
  return {
    ...(form.orderNo?.trim() ? { orderNo: form.orderNo.trim() } : {}),
    ...(form.userName?.trim() ? { userName: form.userName.trim() } : {}),
    ...(form.product ? { product: form.product } : {}),
    ...(form.state ? { state: form.state } : {}),
    ...(form.siteId !== undefined ? { siteId: String(form.siteId) } : {}),
    ...(form.expiringWithin !== undefined ? { expiringWithin: String(form.expiringWithin) } : {}),
    ...(form.provisioning ? { provisioning: form.provisioning } : {}),
  };
}

const numberOf = (text: string | undefined) => (text ? Number(text) : undefined);
/** A page of the list, the address's numbers sent as numbers. */
const fetchServices = ({ siteId, expiringWithin, ...query }: Filters & PageParams & SortParams) =>
  servicesApi.list({
    ...query,
    ...(siteId ? { siteId: numberOf(siteId) } : {}),
    ...(expiringWithin ? { expiringWithin: numberOf(expiringWithin) } : {}),
  });

/** The search form as the address has it: the site and the days as numbers. */
function formOf(filters: Filters): SearchForm {
  const { siteId, expiringWithin, ...text } = filters;
  return {
    ...(text as Omit<SearchForm, "siteId" | "expiringWithin">),
    ...(siteId ? { siteId: numberOf(siteId) } : {}),
    ...(expiringWithin ? { expiringWithin: numberOf(expiringWithin) } : {}),
  };
}

/** The search's fields, kept in the page's address. */
const FILTERS = ["orderNo", "userName", "product", "state", "siteId", "expiringWithin", "provisioning"] as const;

/**
 * Business operations → Services: every bought package the operator may see (their site's when
 * bound to one), filtered by state, product, site and how soon it expires, soonest expiry first;
 * suspend, unsuspend, extend and terminate with a reason; each row opens onto its history.
 */
export default function ServicesView({ title }: ViewProps) {
  const ready = useBusinessMessages();
  return ready ? <ServicesTable title={title} /> : <Skeleton active />;
}

function ServicesTable({ title }: { title: string }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const grants = useGrants();
  const wide = useWideScreen();
  const [form] = Form.useForm<SearchForm>();
  const list = usePagedList<OperatorServiceView, Filters>(fetchServices, FILTERS);
  const { rows, loading, load, pagination } = list;
  const [acting, setActing] = useState<{ action: ServiceAction; service: OperatorServiceView } | null>(null);
  // Open histories load again after an action (a new line in them).
  const [version, setVersion] = useState(0);
  const [sites, setSites] = useState<SiteAdminView[]>([]);
  useEffect(() => {
    sitesApi.list().then(
      ({ data }) => setSites(data ?? []),
      () => {},
    );
  }, []);

  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
  const nameOf = (service: OperatorServiceView) => `${t(`nav.products_.${service.product}`)} · ${service.orderNo}`;
  const act = (action: ServiceAction, service: OperatorServiceView, danger = false) => (
    <Button type="link" size="small" danger={danger} onClick={() => setActing({ action, service })}>
      {t(`serviceAdmin.actions.${action}`)}
    </Button>
  );

  const columns: ColumnsType<OperatorServiceView> = [
    {
      title: t("serviceAdmin.columns.service"),
      dataIndex: "orderNo",
      render: (orderNo: string, service) => (
        <span className="order-no">
          {t(`nav.products_.${service.product}`)} · {t(`editions.${service.edition}`)}
          <span className="order-kind">{orderNo}</span>
        </span>
      ),
    },
    { title: t("serviceAdmin.columns.customer"), dataIndex: "userName" },
    ...(sites.length > 1
      ? [
          {
            title: t("serviceAdmin.columns.site"),
            dataIndex: "siteName",
            responsive: ["lg" as const],
            render: (siteName: string | null) => siteName ?? "—",
          },
        ]
      : []),
    {
      title: t("serviceAdmin.columns.state"),
      dataIndex: "state",
      render: (state: ServiceState, service) => (
        <Space size={4} wrap>
          <Tag color={STATE_COLORS[state]}>{t(`serviceAdmin.states.${state}`)}</Tag>
          {service.operatorHold ? (
            <Tooltip title={t("serviceAdmin.holdHint")}>
              <Tag color="volcano">{t("serviceAdmin.hold")}</Tag>
            </Tooltip>
          ) : null}
          {service.cancelAtPeriodEnd && state !== "terminated" ? <Tag>{t("myServices.endsAtExpiry")}</Tag> : null}
          {service.provisioningOverdue ? (
            <Tag color="red">{t("serviceAdmin.provisioning.overdue")}</Tag>
          ) : service.provisioning === "pending" || service.provisioning === "failed" ? (
            <Tooltip title={service.provisioningMessage || undefined}>
              <Tag color={service.provisioning === "failed" ? "red" : "gold"}>
                {t(`serviceAdmin.provisioning.${service.provisioning}`)}
              </Tag>
            </Tooltip>
          ) : null}
          {service.renewalOrderNo ? (
            <Tooltip title={t("serviceAdmin.renewalHint", { orderNo: service.renewalOrderNo })}>
              <Tag color="gold">{t("serviceAdmin.renewalWaiting")}</Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: t("serviceAdmin.columns.expires"),
      dataIndex: "expiresAt",
      render: (iso: string, service) => {
        const days = Math.ceil((Date.parse(iso) - Date.now()) / DAY_MS);
        const note =
          service.state === "terminated"
            ? null
            : days >= 0
              ? t("myServices.daysLeft", { days })
              : t("serviceAdmin.daysAgo", { days: -days });
        return (
          <span className="order-no">
            {date(iso)}
            {note ? <span className={days <= 7 ? "service-soon" : "order-kind"}>{note}</span> : null}
          </span>
        );
      },
    },
    {
      title: t("orders.columns.operations"),
      key: "operations",
      ...(wide ? { fixed: "right" as const } : {}),
      render: (_, service) =>
        service.state === "terminated" ? (
          "—"
        ) : (
          <Space size={0} wrap>
            <Can permissions={["business:service:suspend"]}>
              {service.state === "suspended" ? act("unsuspend", service) : act("suspend", service, true)}
            </Can>
            <Can permissions={["business:service:extend"]}>{act("extend", service)}</Can>
            <Can permissions={["business:service:terminate"]}>{act("terminate", service, true)}</Can>
          </Space>
        ),
    },
  ];
  const canAct = ACTION_PERMISSIONS.some((p) => grants.permissions.includes(p) || grants.permissions.includes("*:*:*"));

  return (
    <ListPage title={title}>
      <ListSearch name="serviceSearch" form={form} list={list} filtersOf={filtersOf} formOf={formOf}>
        <Form.Item name="orderNo" label={t("serviceAdmin.search.orderNo")}>
          <Input allowClear maxLength={32} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="userName" label={t("serviceAdmin.search.customer")}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="product" label={t("serviceAdmin.search.product")}>
          <Select
            allowClear
            placeholder={t("orders.search.any")}
            options={PRODUCTS.map((p) => ({ value: p, label: t(`nav.products_.${p}`) }))}
            style={{ minWidth: 180 }}
          />
        </Form.Item>
        <Form.Item name="state" label={t("serviceAdmin.search.state")}>
          <Select
            allowClear
            placeholder={t("orders.search.any")}
            options={STATES.map((s) => ({ value: s, label: t(`serviceAdmin.states.${s}`) }))}
            style={{ minWidth: 140 }}
          />
        </Form.Item>
        <Form.Item name="expiringWithin" label={t("serviceAdmin.search.expiring")}>
          <Select
            allowClear
            placeholder={t("orders.search.any")}
            options={WITHIN.map((days) => ({
              value: days,
              label: days === 0 ? t("serviceAdmin.search.expired") : t("serviceAdmin.search.within", { days }),
            }))}
            style={{ minWidth: 160 }}
          />
        </Form.Item>
        <Form.Item name="provisioning" label={t("serviceAdmin.search.provisioning")}>
          <Select
            allowClear
            placeholder={t("orders.search.any")}
            options={(["pending", "overdue", "failed"] as const).map((value) => ({
              value,
              label: t(`serviceAdmin.provisioning.${value}`),
            }))}
            style={{ minWidth: 160 }}
          />
        </Form.Item>
        {sites.length > 1 ? (
          <Form.Item name="siteId" label={t("serviceAdmin.search.site")}>
            <Select
              allowClear
              placeholder={t("orders.search.any")}
              options={sites.map((site) => ({ value: site.siteId, label: site.company }))}
              style={{ minWidth: 180 }}
            />
          </Form.Item>
        ) : null}
      </ListSearch>
      <ListTable<OperatorServiceView>
        rowKey="serviceId"
        loading={loading}
        columns={canAct ? columns : columns.filter((c) => c.key !== "operations")}
        dataSource={rows}
        expandable={{
          expandedRowRender: (service) => <ServiceHistory serviceId={service.serviceId} version={version} />,
          columnTitle: <span className="visually-hidden">{t("serviceAdmin.history")}</span>,
        }}
        emptyText={t("serviceAdmin.empty")}
        pagination={pagination((count) => t("serviceAdmin.total", { total: count }))}
      />
      {acting ? (
        <ServiceMoveDialog
          action={acting.action}
          service={acting.service}
          name={nameOf(acting.service)}
          onClose={(changed) => {
            setActing(null);
            if (changed) {
              setVersion((v) => v + 1);
              void load();
            }
          }}
        />
      ) : null}
    </ListPage>
  );
}
