import type { ServiceView } from "@rampart/contracts";
import { Alert } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { usePagedList } from "../list-page/paged-list";
import { customerApi } from "../orders/customer-api";
import { EmptyWithBuy } from "../orders/empty-with-buy";
import { withViewMessages } from "../parts/view-messages";
import { PurgeDrawer } from "../purge/purge-drawer";
import { useMyServiceColumns } from "./my-services-columns";

/** My services has no search: only its page and size are kept in the address. */
const NO_FILTERS = [] as const;
const MY_SERVICES_PAGE = listSpec<ServiceView>("myServices", "orderNo");

/**
 * Control center → My packages: what the customer bought, soonest expiry first, with its state
 * (active, grace, suspended, terminated), the days left and the renewal waiting for payment; Renew
 * and Upgrade lead to the upgrade page (/upgrade?oid=), which prices both; a package can be set to
 * stop at the end of its period, and back; a package with domains has its cache purged from here.
 */
export default withViewMessages("business", function MyServices({ title }: ViewProps) {
  const { t } = useTranslation();
  const list = usePagedList<ServiceView, Record<string, string>>(customerApi.services, NO_FILTERS);
  const [purging, setPurging] = useState<ServiceView | null>(null);
  const columns = useMyServiceColumns(list.load, setPurging);

  return (
    <>
      <DeclaredListPage
        spec={MY_SERVICES_PAGE}
        title={title}
        list={list}
        columns={columns}
        empty={<EmptyWithBuy text={t("myServices.empty")} />}
        above={list.rows
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
      />
      {purging ? (
        <PurgeDrawer
          orderNo={purging.orderNo}
          label={`${t(`nav.products_.${purging.product}`)} · ${purging.orderNo}`}
          onClose={() => setPurging(null)}
        />
      ) : null}
    </>
  );
});
