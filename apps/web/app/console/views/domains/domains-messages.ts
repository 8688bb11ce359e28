import { viewMessagesHook } from "../view-messages";

/** Package domains' texts, one chunk per language, loaded with its view. */
export const useDomainsMessages = viewMessagesHook(
  {
    en: () => import("../../../locales/domains/en.json"),
    "zh-CN": () => import("../../../locales/domains/zh-CN.json"),
    "zh-TW": () => import("../../../locales/domains/zh-TW.json"),
    id: () => import("../../../locales/domains/id.json"),
    vi: () => import("../../../locales/domains/vi.json"),
  },
  "domains.columns.cname",
);
