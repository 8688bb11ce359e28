import { viewMessagesHook } from "../view-messages";

/** The sign-in security texts (second factor, sessions), loaded with the first view that shows them. */
export const useSecurityMessages = viewMessagesHook(
  {
    en: () => import("../../../locales/security/en.json"),
    "zh-CN": () => import("../../../locales/security/zh-CN.json"),
    "zh-TW": () => import("../../../locales/security/zh-TW.json"),
    id: () => import("../../../locales/security/id.json"),
    vi: () => import("../../../locales/security/vi.json"),
  },
  "security.twoFactor.title",
);
