import type { DictDataBody, DictDataView, DictTypeBody, DictTypeView, Envelope } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** System management → Dictionaries: their requests. */
export const dictsApi = {
  types: () => request<Envelope<DictTypeView[]>>({ url: "/system/dict/type/list" }),
  createType: (body: DictTypeBody) => request({ url: "/system/dict/type", method: "POST", data: body }),
  updateType: (dictType: string, body: Omit<DictTypeBody, "dictType">) =>
    request({ url: `/system/dict/type/${dictType}`, method: "PUT", data: body }),
  removeType: (dictType: string) => request({ url: `/system/dict/type/${dictType}`, method: "DELETE" }),
  values: (dictType: string) =>
    request<Envelope<DictDataView[]>>({ url: "/system/dict/data/list", params: { dictType } }),
  createValue: (body: DictDataBody) => request({ url: "/system/dict/data", method: "POST", data: body }),
  updateValue: (dictCode: number, body: DictDataBody) =>
    request({ url: `/system/dict/data/${dictCode}`, method: "PUT", data: body }),
  removeValue: (dictCode: number) => request({ url: `/system/dict/data/${dictCode}`, method: "DELETE" }),
};
