import type { ServiceView } from "@rampart/contracts";
import { DOMAIN_PRODUCTS } from "@rampart/contracts";
import { App, Grid, Space, Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { useOperationsColumn } from "../list-page/operations-column";
import { customerApi } from "../orders/customer-api";
import { daysUntil, ServiceName, useServiceLabel } from "./service-cells";
import { ServiceUsageCell } from "./service-usage-cell";

/** Packages expiring within this many days are marked: time to renew. */
const SOON_DAYS = 30;

/** The tag of each state of a package's life. */
const STATE_COLORS = { active: "green", grace: "orange", suspended: "red", terminated: "default", pending: "gold" };

/** Where a package's life is (a service record's, or the order's own for a package bought before them). */
const lifeOf = (service: ServiceView) =>
  service.lifecycle ?? (service.state === "active" ? ("active" as const) : ("grace" as const));

/**
 * The package's state, said once, with what is under way: a stop at expiry, a change unpaid. A
 * package in use whose set-up is still under way (or failed) shows that instead of "Active": the
 * two would contradict each other side by side.
 */
function MyServiceState({ service }: { service: ServiceView }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const life = lifeOf(service);
  const ended = life === "terminated";
  const setUp = life === "active" || life === "pending" ? service.provisioning : null;
  // Past its expiry and not yet moved into grace (the schedule runs every few minutes).
  const label =
    life === "active" && service.state === "expired"
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
      {setUp === "pending" ? (
        <Tooltip
          title={
            service.provisioningSince
              ? t("myServices.provisioningSince", { time: when(service.provisioningSince) })
              : undefined
          }
        >
          <Tag color="gold">{t("myServices.provisioning.pending")}</Tag>
        </Tooltip>
      ) : setUp === "failed" ? (
        <Tooltip title={service.provisioningMessage || undefined}>
          <Tag color="red">{t("myServices.provisioning.failed")}</Tag>
        </Tooltip>
      ) : (
        <Tooltip title={hint}>
          <Tag color={STATE_COLORS[life]}>{label}</Tag>
        </Tooltip>
      )}
      {service.cancelAtPeriodEnd && !ended ? <Tag>{t("myServices.endsAtExpiry")}</Tag> : null}
      {service.autoRenew && !service.cancelAtPeriodEnd && !ended ? (
        <Tooltip title={t("myServices.autoRenewHint")}>
          <Tag color="blue">{t("myServices.autoRenewTag")}</Tag>
        </Tooltip>
      ) : null}
      {/* A change ordered by the provider's team, waiting for its payment. */}
      {service.unpaidChange && !service.renewalOrderNo && !ended ? (
        <Tooltip title={t("myServices.waiting")}>
          <Tag color="gold">{t("orders.statuses.unpaid")}</Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}

/**
 * My packages' columns: the package, its configuration, state, this month's bandwidth against the
 * package (with the overage it would cost), and expiry (the days left, marked
 * when renewal is near), and what the customer may do: pay the renewal waiting, renew or upgrade
 * (the upgrade page prices both), purge the cache of a package with domains, stop at the end of the
 * period or keep renewing.
 */
export function useMyServiceColumns(
  load: () => Promise<void>,
  onPurge: (service: ServiceView) => void,
): ColumnsType<ServiceView> {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const serviceLabel = useServiceLabel();
  const narrow = !Grid.useBreakpoint().md;
  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
  const upgradeHref = (service: ServiceView) => `/upgrade?${new URLSearchParams({ oid: service.orderNo })}`;
  const stop = async (service: ServiceView, cancel: boolean) => {
    const answer = await customerApi.stopAtPeriodEnd(service.orderNo, cancel);
    void message.success(answer.msg);
    await load();
  };
  const renewFromBalance = async (service: ServiceView, on: boolean) => {
    const answer = await customerApi.autoRenew(service.orderNo, on);
    void message.success(answer.msg);
    await load();
  };
  // What the customer may do follows the service record's state; a package bought before the
  // records has none and is treated as active (its order's state only colours its tag).
  const actionLife = (service: ServiceView) => service.lifecycle ?? "active";
  const running = (service: ServiceView) => ["active", "grace"].includes(actionLife(service));
  const changeable = (service: ServiceView) => !service.unpaidChange && actionLife(service) !== "terminated";

  const operations = useOperationsColumn<ServiceView>(t("orders.columns.operations"), [
    {
      label: t("myServices.payRenewal"),
      shown: (service) =>
        Boolean(service.unpaidChange && service.renewalOrderNo) && actionLife(service) !== "terminated",
      href: () => "/control/orders",
    },
    {
      label: t("myServices.domains"),
      shown: (service) => running(service) && (DOMAIN_PRODUCTS as readonly string[]).includes(service.product),
      href: (service) => `/control/services/domains?oid=${encodeURIComponent(service.orderNo)}`,
    },
    {
      label: t("myServices.usageAction"),
      shown: (service) => actionLife(service) !== "pending",
      href: (service) => `/control/services/usage?oid=${encodeURIComponent(service.orderNo)}`,
    },
    {
      label: t("myServices.purge"),
      shown: (service) => running(service) && (DOMAIN_PRODUCTS as readonly string[]).includes(service.product),
      onClick: onPurge,
    },
    { label: t("myServices.renew"), shown: changeable, href: upgradeHref },
    {
      label: t("myServices.upgrade"),
      shown: (service) => changeable(service) && actionLife(service) === "active",
      href: upgradeHref,
    },
    {
      label: t("myServices.autoRenewOn"),
      shown: (service) => running(service) && !service.cancelAtPeriodEnd && service.autoRenew === false,
      onClick: (service) => void renewFromBalance(service, true).catch(() => {}),
    },
    {
      label: t("myServices.autoRenewOff"),
      shown: (service) => running(service) && service.autoRenew === true,
      onClick: (service) => void renewFromBalance(service, false).catch(() => {}),
    },
    {
      label: t("myServices.keepRenewing"),
      shown: (service) => running(service) && service.cancelAtPeriodEnd === true,
      onClick: (service) => void stop(service, false).catch(() => {}),
    },
    {
      label: t("myServices.stopAtEnd"),
      shown: (service) => running(service) && !service.cancelAtPeriodEnd,
      onClick: (service) =>
        modal.confirm({
          title: t("myServices.stopAtEnd"),
          content: t("myServices.stopConfirm", {
            name: serviceLabel(service),
            date: service.expiresAt ? date(service.expiresAt) : "",
          }),
          onOk: () => stop(service, true),
        }),
    },
  ]);

  return [
    {
      title: t("myServices.service"),
      dataIndex: "orderNo",
      render: (orderNo: string, service) => (
        <>
          <ServiceName product={service.product} edition={service.edition} orderNo={orderNo} />
          {/* On a phone the month's use goes under the package rather than in a column of its own. */}
          {narrow && service.usage?.samples ? <ServiceUsageCell usage={service.usage} /> : null}
        </>
      ),
    },
    { title: t("myServices.configuration"), dataIndex: "topLevelDomains", align: "right", responsive: ["md"] },
    {
      title: t("myServices.state"),
      dataIndex: "state",
      render: (_: ServiceView["state"], service) => <MyServiceState service={service} />,
    },
    {
      title: t("myServices.usage.title"),
      key: "usage",
      responsive: ["md"],
      render: (_: unknown, service) => <ServiceUsageCell usage={service.usage} />,
    },
    {
      title: t("myServices.expires"),
      dataIndex: "expiresAt",
      render: (iso: string | null, service) => {
        if (!iso) return "—";
        const days = daysUntil(iso);
        const soon = service.state === "active" && days <= SOON_DAYS;
        return (
          <span className="order-no">
            {date(iso)}
            {service.state === "active" ? (
              <span className={soon ? "service-soon" : "order-kind"}>{t("myServices.daysLeft", { count: days })}</span>
            ) : null}
          </span>
        );
      },
    },
    operations,
  ];
}
