import type { Language } from "@rampart/contracts";
import type { MetaDescriptor } from "react-router";
import { i18nFor } from "../i18n/i18n";
import type { Branding } from "./branding";

interface RootData {
  branding: Branding;
  language: Language;
}

/**
 * The title and description of a page, translated and carrying the site's company name.
 * `titleKey` and `descriptionKey` are message keys; the description may use {{company}}.
 */
export function pageMeta(rootData: RootData | undefined, titleKey: string, descriptionKey?: string): MetaDescriptor[] {
  if (!rootData) return [{ title: "Rampart" }];
  const { t } = i18nFor(rootData.language);
  const { company } = rootData.branding;
  const meta: MetaDescriptor[] = [{ title: `${t(titleKey)} | ${company}` }];
  if (descriptionKey) meta.push({ name: "description", content: t(descriptionKey, { company }) });
  return meta;
}
