import { viewMessagesHook } from "../view-messages";

/** Certificates' texts, one chunk per language, loaded with its view. */
export const useCertificatesMessages = viewMessagesHook(
  {
    en: () => import("../../../locales/certificates/en.json"),
    "zh-CN": () => import("../../../locales/certificates/zh-CN.json"),
    "zh-TW": () => import("../../../locales/certificates/zh-TW.json"),
    id: () => import("../../../locales/certificates/id.json"),
    vi: () => import("../../../locales/certificates/vi.json"),
  },
  "certificates.columns.names",
);
