import { viewMessagesHook } from "../view-messages";

/** Website monitoring's texts, one chunk per language, loaded with its view. */
export const useUptimeMessages = viewMessagesHook(
  {
    en: () => import("../../../locales/uptime/en.json"),
    "zh-CN": () => import("../../../locales/uptime/zh-CN.json"),
    "zh-TW": () => import("../../../locales/uptime/zh-TW.json"),
    id: () => import("../../../locales/uptime/id.json"),
    vi: () => import("../../../locales/uptime/vi.json"),
  },
  "uptime.columns.monitor",
);
