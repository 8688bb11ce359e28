import type { ServiceListQuery, ServiceState, SiteAdminView } from "@rampart/contracts";
import { PRODUCT_CODES } from "@rampart/pricing";
import { Form, type FormInstance, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import type { PageParams, SortParams } from "../list-page/paged-list";
import { ListSearch, type SearchedList } from "../list-search";
import { servicesApi } from "./services-api";

export const SERVICE_STATES: ServiceState[] = ["active", "grace", "suspended", "terminated"];
/** "Expiring within" choices, in days (0: already past its expiry, not yet suspended). */
const WITHIN = [0, 7, 30, 90] as const;

export interface SearchForm {
  orderNo?: string;
  userName?: string;
  product?: ServiceListQuery["product"];
  state?: ServiceState;
  siteId?: number;
  expiringWithin?: number;
  provisioning?: ServiceListQuery["provisioning"];
}

/** The search as the page's address keeps it (text: the numbers are read back by formOf). */
export type Filters = Omit<Partial<ServiceListQuery>, "pageNum" | "pageSize" | "siteId" | "expiringWithin"> & {
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
export const fetchServices = ({ siteId, expiringWithin, ...query }: Filters & PageParams & SortParams) =>
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
export const FILTERS = ["orderNo", "userName", "product", "state", "siteId", "expiringWithin", "provisioning"] as const;

interface ServicesSearchProps {
  form: FormInstance<SearchForm>;
  list: SearchedList<Filters>;
  /** The sites the operator sees: a site filter when there are several. */
  sites: readonly SiteAdminView[];
}

/** The services' search: order, customer, product, state, expiry, provisioning and site. */
export function ServicesSearch({ form, list, sites }: ServicesSearchProps) {
  const { t } = useTranslation();
  return (
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
          options={PRODUCT_CODES.map((p) => ({ value: p, label: t(`nav.products_.${p}`) }))}
          style={{ minWidth: 180 }}
        />
      </Form.Item>
      <Form.Item name="state" label={t("serviceAdmin.search.state")}>
        <Select
          allowClear
          placeholder={t("orders.search.any")}
          options={SERVICE_STATES.map((s) => ({ value: s, label: t(`serviceAdmin.states.${s}`) }))}
          style={{ minWidth: 140 }}
        />
      </Form.Item>
      <Form.Item name="expiringWithin" label={t("serviceAdmin.search.expiring")}>
        <Select
          allowClear
          placeholder={t("orders.search.any")}
          options={WITHIN.map((days) => ({
            value: days,
            label: days === 0 ? t("serviceAdmin.search.expired") : t("serviceAdmin.search.within", { count: days }),
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
  );
}
