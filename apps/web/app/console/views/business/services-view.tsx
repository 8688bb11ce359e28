import { hasPermission, type OperatorServiceView, type Permission, type SiteAdminView } from "@rampart/contracts";
import { Form, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useGrants } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable } from "../list-page/list-page";
import { usePagedList } from "../list-page/paged-list";
import { useServiceLabel } from "../service-cells";
import { sitesApi } from "../system/sites-api";
import { useBusinessMessages } from "./business-messages";
import { ServiceHistory } from "./service-history";
import { type ServiceAction, ServiceMoveDialog } from "./service-move-dialog";
import { useServiceColumns } from "./services-columns";
import { FILTERS, type Filters, fetchServices, type SearchForm, ServicesSearch } from "./services-search";

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
export default function ServicesView({ title }: ViewProps) {
  const ready = useBusinessMessages();
  return ready ? <ServicesTable title={title} /> : <Skeleton active />;
}

function ServicesTable({ title }: { title: string }) {
  const { t } = useTranslation();
  const grants = useGrants();
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

  const nameOf = useServiceLabel();
  const columns = useServiceColumns(sites.length > 1, (action, service) => setActing({ action, service }));
  const canAct = ACTION_PERMISSIONS.some((permission) => hasPermission(grants, permission));

  return (
    <ListPage title={title}>
      <ServicesSearch form={form} list={list} sites={sites} />
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
        pagination={pagination((count) => t("serviceAdmin.total", { count }))}
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
