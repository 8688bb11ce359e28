import type { Language } from "@rampart/contracts";
import type { Locale } from "antd/es/locale";
import enUS from "antd/locale/en_US";
import idID from "antd/locale/id_ID";
import viVN from "antd/locale/vi_VN";
import zhCN from "antd/locale/zh_CN";
import zhTW from "antd/locale/zh_TW";

/** antd's own texts (date pickers, pagination, empty states) in each interface language. */
export const ANTD_LOCALES: Record<Language, Locale> = {
  en: enUS,
  "zh-CN": zhCN,
  "zh-TW": zhTW,
  id: idID,
  vi: viVN,
};
