import type { Envelope, Language, RouterEntry } from "@rampart/contracts";
import { request } from "../request/request-client";

/** The menu tree the signed-in user may see, titled in a language (spec section 7, Menu). */
export const menuApi = {
  getRouters: (language: Language) =>
    request<Envelope<RouterEntry[]> & { data: RouterEntry[] }>({ url: `/system/menu/getRouters/${language}` }),
};
