import type { Envelope, PriceListDetail, PriceListView } from "@rampart/contracts";
import type { Catalogue } from "@rampart/pricing";
import { request } from "../../../shared/request/request-client";

/** A price list as the server answers it, its catalogue the pricing engine's (the server checked it). */
export type PriceList = PriceListDetail & { catalogue: Catalogue };

/** Business → Prices (business:catalog:list, business:catalog:edit). */
export const priceListsApi = {
  list: () => request<Envelope<PriceListView[]> & { data: PriceListView[] }>({ url: "/business/catalog/list" }),
  read: (currency: string) =>
    request<Envelope<PriceList> & { data: PriceList }>({ url: `/business/catalog/${currency}` }),
  save: (currency: string, catalogue: Catalogue, updatedAt: string) =>
    request<Envelope<PriceList> & { data: PriceList }>({
      url: `/business/catalog/${currency}`,
      method: "PUT",
      data: { catalogue, updatedAt },
    }),
};
