import { FALLBACK_COMPANY, LANGUAGES, type Language } from "@rampart/contracts";
import type { MetaDescriptor } from "react-router";
import { i18nFor } from "../i18n/i18n";
import { fillFigures, siteFigures } from "../i18n/marketing-figures";
import { withValues } from "../i18n/use-figure-texts";
import type { Branding } from "./branding";

export interface RootData {
  branding: Branding;
  language: Language;
  /** The site's origin as the visitor sees it (https://www.brand.com). */
  origin?: string;
}

/**
 * The title and description of a page, translated and carrying the site's company name.
 * `titleKey` and `descriptionKey` are message keys; the description may use {{company}} and cite
 * the site's figures (a sentence citing a hidden one is left out).
 */
export function pageMeta(
  rootData: RootData | undefined,
  titleKey: string,
  descriptionKey?: string,
  pathname?: string,
): MetaDescriptor[] {
  if (!rootData) return [{ title: FALLBACK_COMPANY }];
  const { t } = i18nFor(rootData.language);
  const { company } = rootData.branding;
  const title = t(titleKey);
  const figures = siteFigures(rootData.branding.marketingFigures);
  const description = descriptionKey
    ? withValues(fillFigures(t(descriptionKey, { skipInterpolation: true }), rootData.language, figures), { company })
    : undefined;
  return pathname !== undefined
    ? publicPageMeta(rootData, pathname, title, description)
    : titleAndDescription(title, company, description);
}

function titleAndDescription(title: string, company: string, description: string | undefined): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [{ title: `${title} | ${company}` }];
  if (description) meta.push({ name: "description", content: description });
  return meta;
}

/**
 * The tags of a public page for search engines and sharing: title and description with the
 * company, the canonical URL, one alternate per language it can be read in (their `?lang=` links;
 * every language unless told), Open Graph.
 */
export function publicPageMeta(
  rootData: RootData,
  pathname: string,
  title: string,
  description?: string,
  languages: readonly Language[] = LANGUAGES,
): MetaDescriptor[] {
  const { company } = rootData.branding;
  const origin = rootData.origin ?? "";
  const url = `${origin}${pathname}`;
  return [
    ...titleAndDescription(title, company, description),
    { tagName: "link", rel: "canonical", href: url },
    ...languages.map((language) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: language,
      href: `${url}?lang=${language}`,
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: company },
    { property: "og:title", content: `${title} | ${company}` },
    ...(description ? [{ property: "og:description", content: description }] : []),
    { property: "og:url", content: url },
    { property: "og:locale", content: rootData.language.replace("-", "_") },
  ];
}
