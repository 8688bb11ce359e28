import type {
  ConfigBody,
  ConfigView,
  DictDataBody,
  DictDataView,
  DictTypeBody,
  DictTypeView,
  Envelope,
} from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** System management → Dictionaries and Settings: their requests. */
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

export const configsApi = {
  list: (keyPrefix?: string) =>
    request<Envelope<ConfigView[]>>({ url: "/system/config/list", params: keyPrefix ? { keyPrefix } : {} }),
  create: (body: ConfigBody) => request({ url: "/system/config", method: "POST", data: body }),
  update: (configKey: string, body: Omit<ConfigBody, "configKey">) =>
    request({ url: `/system/config/${configKey}`, method: "PUT", data: body }),
  remove: (configKey: string) => request({ url: `/system/config/${configKey}`, method: "DELETE" }),
};
