import type { OperatorServiceView, ServiceState } from "@rampart/contracts";
import { Space, Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { useOperationsColumn } from "../list-page/operations-column";
import { daysUntil, ServiceName } from "./service-cells";
import type { ServiceAction } from "./service-move-dialog";

const STATE_COLORS: Record<ServiceState, string> = {
  active: "green",
  grace: "orange",
  suspended: "red",
  terminated: "default",
};

/** A service's state with what else an operator must know: a hold, a cancellation, provisioning, a renewal. */
function ServiceStateTags({ service }: { service: OperatorServiceView }) {
  const { t } = useTranslation();
  const { state } = service;
  return (
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
  );
}

/**
 * The services' columns: service, customer, site (when the operator sees several), state, expiry
 * with the days left or past, and the moves an operator may make on a service not terminated.
 */
export function useServiceColumns(
  showSite: boolean,
  act: (action: ServiceAction, service: OperatorServiceView) => void,
): ColumnsType<OperatorServiceView> {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
  const live = (service: OperatorServiceView) => service.state !== "terminated";
  const move = (action: ServiceAction, shown: (service: OperatorServiceView) => boolean, danger = false) => ({
    label: t(`serviceAdmin.actions.${action}`),
    permission: `business:service:${action === "unsuspend" ? "suspend" : action}` as const,
    danger,
    shown,
    onClick: (service: OperatorServiceView) => act(action, service),
  });
  const operations = useOperationsColumn<OperatorServiceView>(t("orders.columns.operations"), [
    move("unsuspend", (service) => service.state === "suspended"),
    move("suspend", (service) => live(service) && service.state !== "suspended", true),
    move("extend", live),
    move("terminate", live, true),
  ]);
  return [
    {
      title: t("serviceAdmin.columns.service"),
      dataIndex: "orderNo",
      render: (orderNo: string, service) => (
        <ServiceName product={service.product} edition={service.edition} orderNo={orderNo} />
      ),
    },
    { title: t("serviceAdmin.columns.customer"), dataIndex: "userName" },
    ...(showSite
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
      render: (_: ServiceState, service) => <ServiceStateTags service={service} />,
    },
    {
      title: t("serviceAdmin.columns.expires"),
      dataIndex: "expiresAt",
      render: (iso: string, service) => {
        const days = daysUntil(iso);
        const note = !live(service)
          ? null
          : days >= 0
            ? t("myServices.daysLeft", { count: days })
            : t("serviceAdmin.daysAgo", { count: -days });
        return (
          <span className="order-no">
            {date(iso)}
            {note ? <span className={days <= 7 ? "service-soon" : "order-kind"}>{note}</span> : null}
          </span>
        );
      },
    },
    operations,
  ];
}
