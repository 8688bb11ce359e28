import { viewMessagesHook } from "../view-messages";

/** The business views' texts, one chunk per language, loaded with the first such view. */
export const useBusinessMessages = viewMessagesHook(
  {
    en: () => import("../../../locales/business/en.json"),
    "zh-CN": () => import("../../../locales/business/zh-CN.json"),
    "zh-TW": () => import("../../../locales/business/zh-TW.json"),
    id: () => import("../../../locales/business/id.json"),
    vi: () => import("../../../locales/business/vi.json"),
  },
  "orders.columns.orderNo",
);
