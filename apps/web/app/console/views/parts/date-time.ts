import { useMemo } from "react";
import { useSiteData } from "../../../shared/branding/use-site-data";

/** Formats an ISO instant as a date and time in the interface language. */
export function useDateTime(): (iso: string) => string {
  const { language } = useSiteData();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "medium" });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);
}
