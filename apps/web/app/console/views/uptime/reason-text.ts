import { useTranslation } from "react-i18next";

/** A check's failure code (`status:503`, `timeout`, …) in the reader's words. */
export function useReasonText() {
  const { t } = useTranslation();
  return (reason: string) => {
    const [code = "other", status = ""] = reason.split(":");
    const key = `uptime.reasons.${code}`;
    return t(key, { status, defaultValue: t("uptime.reasons.other") });
  };
}
