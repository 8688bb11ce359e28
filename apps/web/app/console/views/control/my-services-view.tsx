import type { ServiceView } from "@rampart/contracts";
import { Alert, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import type { ViewProps } from "../../routing/view-props";
import { useBusinessMessages } from "../business/business-messages";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { usePagedList } from "../list-page/paged-list";
import { customerApi } from "./customer-api";
import { useMyServiceColumns } from "./my-services-columns";

/** My services has no search: only its page and size are kept in the address. */
const NO_FILTERS = [] as const;
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
  const { rows, loading, load, pagination } = usePagedList<ServiceView, Record<string, never>>(
    customerApi.services,
    NO_FILTERS,
  );
  const columns = useMyServiceColumns(load);

  return (
    <ListPage title={title}>
      <ListToolbar onRefresh={() => void load()} />
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
      <ListTable<ServiceView>
        rowKey="orderNo"
        loading={loading}
        columns={columns}
        dataSource={rows}
        emptyText={
          <span>
            {t("myServices.empty")} · <a href="/index">{t("myOrders.buy")}</a>
          </span>
        }
        pagination={pagination((count) => t("myServices.total", { count }))}
      />
    </ListPage>
  );
}
