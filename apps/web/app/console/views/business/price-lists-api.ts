import type { Envelope, PriceListView } from "@rampart/contracts";
import type { Catalogue } from "@rampart/pricing";
import { request } from "../../../shared/request/request-client";

export interface PriceListDetail {
  currency: string;
  updatedAt: string;
  catalogue: Catalogue;
}

/** Business → Prices (business:catalog:list, business:catalog:edit). */
export const priceListsApi = {
  list: () => request<Envelope<PriceListView[]> & { data: PriceListView[] }>({ url: "/business/catalog/list" }),
  read: (currency: string) =>
    request<Envelope<PriceListDetail> & { data: PriceListDetail }>({ url: `/business/catalog/${currency}` }),
  save: (currency: string, catalogue: Catalogue, updatedAt: string) =>
    request<Envelope<PriceListDetail> & { data: PriceListDetail }>({
      url: `/business/catalog/${currency}`,
      method: "PUT",
      data: { catalogue, updatedAt },
    }),
};
