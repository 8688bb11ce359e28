import { type OperatorServiceView, ServiceListQuery, type ServiceState } from "@rampart/contracts";
import { listSpec } from "../list-page/declared-list-page";
import type { PageParams, SortParams } from "../list-page/paged-list";
import { searchKeys, searchSpec } from "../list-page/search-fields";
import { servicesApi } from "./services-api";

const SERVICE_STATES: ServiceState[] = ["active", "grace", "suspended", "terminated"];
/** "Expiring within" choices, in days (0: already past its expiry, not yet suspended). */
const WITHIN = [0, 7, 30, 90] as const;

/**
 * The services' list and search: order, customer, product, state, expiry, provisioning and site
 * (the site's values are the sites the operator sees, when there are several).
 */
export const SERVICES_PAGE = listSpec<OperatorServiceView>("serviceAdmin", "serviceId", {
  search: searchSpec("serviceSearch", ServiceListQuery, [
    { name: "orderNo", inputMode: "numeric" },
    { name: "userName", label: "serviceAdmin.search.customer" },
    { kind: "choice", name: "product", options: "nav.products_", minWidth: 180 },
    { kind: "choice", name: "state", options: "serviceAdmin.states", values: SERVICE_STATES, minWidth: 140 },
    {
      kind: "choice",
      name: "expiringWithin",
      label: "serviceAdmin.search.expiring",
      values: WITHIN,
      options: (days, t) =>
        days === 0 ? t("serviceAdmin.search.expired") : t("serviceAdmin.search.within", { count: days }),
      minWidth: 160,
    },
    {
      kind: "choice",
      name: "provisioning",
      options: "serviceAdmin.provisioning",
      values: ["pending", "overdue", "failed"],
      minWidth: 160,
    },
    { kind: "choice", name: "siteId", label: "serviceAdmin.search.site", options: "", numeric: true, minWidth: 180 },
  ]),
});

/** The search as the page's address keeps it (text: the numbers are read back by the search form). */
export type Filters = Omit<Partial<ServiceListQuery>, "pageNum" | "pageSize" | "siteId" | "expiringWithin"> & {
  siteId?: string;
  expiringWithin?: string;
};

/** The search's fields, kept in the page's address. */
export const FILTERS = searchKeys<Filters>(SERVICES_PAGE.search);

const numberOf = (text: string | undefined) => (text ? Number(text) : undefined);
/** A page of the list, the address's numbers sent as numbers. */
export const fetchServices = ({ siteId, expiringWithin, ...query }: Filters & PageParams & SortParams) =>
  servicesApi.list({
    ...query,
    ...(siteId ? { siteId: numberOf(siteId) } : {}),
    ...(expiringWithin ? { expiringWithin: numberOf(expiringWithin) } : {}),
  });
