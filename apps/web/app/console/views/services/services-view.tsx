import { hasPermission, type OperatorServiceView, type Permission, type SiteAdminView } from "@rampart/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useGrants } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage } from "../list-page/declared-list-page";
import { usePagedList } from "../list-page/paged-list";
import { withChoices } from "../list-page/search-fields";
import { withViewMessages } from "../parts/view-messages";
import { sitesApi } from "../sites/sites-api";
import { useServiceLabel } from "./service-cells";
import { ServiceHistory } from "./service-history";
import { type ServiceAction, ServiceMoveDialog } from "./service-move-dialog";
import { useServiceColumns } from "./services-columns";
import { FILTERS, type Filters, fetchServices, SERVICES_PAGE } from "./services-search";

const ACTION_PERMISSIONS: Permission[] = [
  "business:service:suspend",
  "business:service:extend",
  "business:service:terminate",
];

/**
 * Business operations → Services: every bought package the operator may see (their site's when
 * bound to one), filtered by state, product, site and how soon it expires, soonest expiry first;
 * suspend, unsuspend, extend and terminate with a reason; each row opens onto its history.
 */
export default withViewMessages("business", function ServicesTable({ title }: ViewProps) {
  const { t } = useTranslation();
  const grants = useGrants();
  const list = usePagedList<OperatorServiceView, Filters>(fetchServices, FILTERS);
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

  const nameOf = useServiceLabel();
  const columns = useServiceColumns(sites.length > 1, (action, service) => setActing({ action, service }));
  const canAct = ACTION_PERMISSIONS.some((permission) => hasPermission(grants, permission));

  const sitesShown = sites.length > 1 ? sites : [];
  const search = withChoices(
    SERVICES_PAGE.search!,
    "siteId",
    sitesShown.map((site) => site.siteId),
    (siteId) => sitesShown.find((site) => site.siteId === siteId)?.company ?? "",
  );
  return (
    <DeclaredListPage
      spec={SERVICES_PAGE}
      search={search}
      title={title}
      list={list}
      columns={canAct ? columns : columns.filter((c) => c.key !== "operations")}
      table={{
        expandable: {
          expandedRowRender: (service) => <ServiceHistory serviceId={service.serviceId} version={version} />,
          columnTitle: <span className="visually-hidden">{t("serviceAdmin.history")}</span>,
        },
      }}
    >
      {acting ? (
        <ServiceMoveDialog
          action={acting.action}
          service={acting.service}
          name={nameOf(acting.service)}
          onClose={(changed) => {
            setActing(null);
            if (changed) {
              setVersion((v) => v + 1);
              void list.load();
            }
          }}
        />
      ) : null}
    </DeclaredListPage>
  );
});
