import { viewMessagesHook } from "../view-messages";

/** The system management views' texts, one chunk per language, loaded with the first such view. */
export const useSystemMessages = viewMessagesHook(
  {
    en: () => import("../../../locales/system/en.json"),
    "zh-CN": () => import("../../../locales/system/zh-CN.json"),
    "zh-TW": () => import("../../../locales/system/zh-TW.json"),
    id: () => import("../../../locales/system/id.json"),
    vi: () => import("../../../locales/system/vi.json"),
  },
  "users.columns.userName",
);
