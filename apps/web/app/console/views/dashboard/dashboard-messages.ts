import { viewMessagesHook } from "../view-messages";

/** The dashboard's texts, one chunk per language, loaded with the charts. */
export const useDashboardMessages = viewMessagesHook(
  {
    en: () => import("../../../locales/dashboard/en.json"),
    "zh-CN": () => import("../../../locales/dashboard/zh-CN.json"),
    "zh-TW": () => import("../../../locales/dashboard/zh-TW.json"),
    id: () => import("../../../locales/dashboard/id.json"),
    vi: () => import("../../../locales/dashboard/vi.json"),
  },
  "dashboard.reportTitle",
);
