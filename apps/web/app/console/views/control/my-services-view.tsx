import type { ServiceView } from "@rampart/contracts";
import { Button, Skeleton, Space, Table, Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-registry";
import { useBusinessMessages } from "../business/business-messages";
import { usePagedList } from "../paged-list";
import { customerApi } from "./customer-api";

const DAY_MS = 86_400_000;
const NO_FILTERS = {};
/** Packages expiring within this many days are marked: time to renew. */
const SOON_DAYS = 30;

/**
 * Control center → My packages: what the customer bought, soonest expiry first, with the days
 * left; Renew and Upgrade lead to the upgrade page (/upgrade?oid=), which prices both.
 */
export default function MyServicesView({ title }: ViewProps) {
  const ready = useBusinessMessages();
  return ready ? <MyServices title={title} /> : <Skeleton active />;
}

function MyServices({ title }: { title: string }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { rows, loading, load, pagination } = usePagedList(customerApi.services, NO_FILTERS);

  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
  const upgradeHref = (service: ServiceView) => `/upgrade?${new URLSearchParams({ oid: service.orderNo })}`;

  const columns: ColumnsType<ServiceView> = [
    {
      title: t("myServices.service"),
      dataIndex: "orderNo",
      render: (orderNo: string, service) => (
        <span className="order-no">
          {t(`nav.products_.${service.product}`)} · {t(`editions.${service.edition}`)}
          <span className="order-kind">{orderNo}</span>
        </span>
      ),
    },
    { title: t("myServices.configuration"), dataIndex: "topLevelDomains", align: "right", responsive: ["md"] },
    {
      title: t("myServices.state"),
      dataIndex: "state",
      render: (state: ServiceView["state"]) =>
        state === "active" ? (
          <Tag color="green">{t("myServices.active")}</Tag>
        ) : (
          <Tag color="red">{t("myServices.expired")}</Tag>
        ),
    },
    {
      title: t("myServices.expires"),
      dataIndex: "expiresAt",
      render: (iso: string | null, service) => {
        if (!iso) return "—";
        const days = Math.ceil((Date.parse(iso) - Date.now()) / DAY_MS);
        const soon = service.state === "active" && days <= SOON_DAYS;
        return (
          <span className="order-no">
            {date(iso)}
            {service.state === "active" ? (
              <span className={soon ? "service-soon" : "order-kind"}>{t("myServices.daysLeft", { days })}</span>
            ) : null}
          </span>
        );
      },
    },
    {
      title: t("orders.columns.operations"),
      key: "operations",
      render: (_, service) =>
        service.unpaidChange ? (
          <Tooltip title={t("myServices.waiting")}>
            <Tag color="gold">{t("orders.statuses.unpaid")}</Tag>
          </Tooltip>
        ) : (
          <Space size={0} wrap>
            <Button type="link" size="small" href={upgradeHref(service)}>
              {t("myServices.renew")}
            </Button>
            {service.state === "active" ? (
              <Button type="link" size="small" href={upgradeHref(service)}>
                {t("myServices.upgrade")}
              </Button>
            ) : null}
          </Space>
        ),
    },
  ];

  return (
    <div className="list-view console-view">
      <h1 className="visually-hidden">{title}</h1>
      <div className="list-toolbar">
        <Button onClick={() => void load()}>{t("list.refresh")}</Button>
      </div>
      <Table<ServiceView>
        rowKey="orderNo"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        scroll={{ x: "max-content" }}
        locale={{
          emptyText: (
            <span>
              {t("myServices.empty")} · <a href="/index">{t("myOrders.buy")}</a>
            </span>
          ),
        }}
        pagination={pagination((count) => t("myServices.total", { total: count }))}
      />
    </div>
  );
}
