import { viewMessagesHook } from "../view-messages";

/** The monitoring views' texts, one chunk per language, loaded with the first such view. */
export const useMonitorMessages = viewMessagesHook(
  {
    en: () => import("../../../locales/monitor/en.json"),
    "zh-CN": () => import("../../../locales/monitor/zh-CN.json"),
    "zh-TW": () => import("../../../locales/monitor/zh-TW.json"),
    id: () => import("../../../locales/monitor/id.json"),
    vi: () => import("../../../locales/monitor/vi.json"),
  },
  "monitor.online.columns.userName",
);
