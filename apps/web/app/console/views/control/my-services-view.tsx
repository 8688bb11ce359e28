import type { ServiceView } from "@rampart/contracts";
import { Alert, App, Button, Skeleton, Space, Table, Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { useBusinessMessages } from "../business/business-messages";
import { ListPage } from "../list-page/list-page";
import { usePagedList } from "../list-page/paged-list";
import { customerApi } from "./customer-api";

const DAY_MS = 86_400_000;
/** My services has no search: only its page and size are kept in the address. */
const NO_FILTERS = [] as const;
/** Packages expiring within this many days are marked: time to renew. */
const SOON_DAYS = 30;

/** The tag of each state of a package's life. */
const STATE_COLORS = { active: "green", grace: "orange", suspended: "red", terminated: "default", pending: "gold" };

/**
 * Control center → My packages: what the customer bought, soonest expiry first, with its state
 * (active, grace, suspended, terminated), the days left and the renewal waiting for payment; Renew
 * and Upgrade lead to the upgrade page (/upgrade?oid=), which prices both; a package can be set to
 * stop at the end of its period, and back.
 */
export default function MyServicesView({ title }: ViewProps) {
  const ready = useBusinessMessages();
  return ready ? <MyServices title={title} /> : <Skeleton active />;
}

function MyServices({ title }: { title: string }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { rows, loading, load, pagination } = usePagedList<ServiceView, Record<string, never>>(
    customerApi.services,
    NO_FILTERS,
  );
  const { modal, message } = App.useApp();

  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
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
      render: (state: ServiceView["state"], service) => {
        const life = service.lifecycle ?? (state === "active" ? "active" : "grace");
        // Past its expiry and not yet moved into grace (the schedule runs every few minutes).
        const label =
          life === "active" && state === "expired"
            ? t("myServices.expired")
            : life === "active" || life === "pending"
              ? t("myServices.active")
              : service.operatorHold
                ? t("myServices.held")
                : t(`myServices.${life}`);
        const hint = service.operatorHold
          ? t("myServices.heldHint")
          : life === "grace" || life === "suspended"
            ? t(`myServices.${life}Hint`)
            : undefined;
        return (
          <Space size={4} wrap>
            <Tooltip title={hint}>
              <Tag color={STATE_COLORS[life]}>{label}</Tag>
            </Tooltip>
            {service.cancelAtPeriodEnd && life !== "terminated" ? <Tag>{t("myServices.endsAtExpiry")}</Tag> : null}
            {service.provisioning === "pending" && life !== "terminated" ? (
              <Tooltip
                title={
                  service.provisioningSince
                    ? t("myServices.provisioningSince", { time: when(service.provisioningSince) })
                    : undefined
                }
              >
                <Tag color="gold">{t("myServices.provisioning.pending")}</Tag>
              </Tooltip>
            ) : service.provisioning === "failed" && life !== "terminated" ? (
              <Tooltip title={service.provisioningMessage || undefined}>
                <Tag color="red">{t("myServices.provisioning.failed")}</Tag>
              </Tooltip>
            ) : null}
          </Space>
        );
      },
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
      render: (_, service) => {
        const life = service.lifecycle ?? "active";
        if (life === "terminated") return "—";
        const name = `${t(`nav.products_.${service.product}`)} · ${service.orderNo}`;
        const stop = (cancel: boolean) => async () => {
          const answer = await customerApi.stopAtPeriodEnd(service.orderNo, cancel);
          void message.success(answer.msg);
          await load();
        };
        const stopButton =
          life === "active" || life === "grace" ? (
            service.cancelAtPeriodEnd ? (
              <Button type="link" size="small" onClick={stop(false)}>
                {t("myServices.keepRenewing")}
              </Button>
            ) : (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  modal.confirm({
                    title: t("myServices.stopAtEnd"),
                    content: t("myServices.stopConfirm", {
                      name,
                      date: service.expiresAt ? date(service.expiresAt) : "",
                    }),
                    onOk: stop(true),
                  })
                }
              >
                {t("myServices.stopAtEnd")}
              </Button>
            )
          ) : null;
        if (service.unpaidChange) {
          return (
            <Space size={0} wrap>
              {service.renewalOrderNo ? (
                <Button type="link" size="small" href="/control/orders">
                  {t("myServices.payRenewal")}
                </Button>
              ) : (
                <Tooltip title={t("myServices.waiting")}>
                  <Tag color="gold">{t("orders.statuses.unpaid")}</Tag>
                </Tooltip>
              )}
              {stopButton}
            </Space>
          );
        }
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" href={upgradeHref(service)}>
              {t("myServices.renew")}
            </Button>
            {life === "active" ? (
              <Button type="link" size="small" href={upgradeHref(service)}>
                {t("myServices.upgrade")}
              </Button>
            ) : null}
            {stopButton}
          </Space>
        );
      },
    },
  ];

  return (
    <ListPage title={title}>
      <div className="list-toolbar">
        <Button onClick={() => void load()}>{t("list.refresh")}</Button>
      </div>
      {rows
        .filter((service) => service.lifecycle === "grace" || service.lifecycle === "suspended")
        .map((service) => (
          <Alert
            key={service.orderNo}
            className="service-alert"
            showIcon
            type={service.lifecycle === "grace" ? "warning" : "error"}
            message={`${t(`nav.products_.${service.product}`)} · ${service.orderNo}`}
            description={service.operatorHold ? t("myServices.heldHint") : t(`myServices.${service.lifecycle}Hint`)}
          />
        ))}
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
    </ListPage>
  );
}
