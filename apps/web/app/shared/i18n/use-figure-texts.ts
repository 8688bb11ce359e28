import { useTranslation } from "react-i18next";
import { useSiteData } from "../branding/use-site-data";
import { type Figures, fillFigures, siteFigures } from "./marketing-figures";

/**
 * The site's figures and its texts that cite them: a message is read as written, its figures
 * filled from the site's (a sentence citing a hidden one left out), then its other placeholders
 * (`{{company}}`) from `values`.
 */
export function useFigureTexts() {
  const { t } = useTranslation();
  const { branding, language } = useSiteData();
  const figures = siteFigures(branding.marketingFigures);
  const fill = (text: string, values: Record<string, string> = {}) =>
    withValues(fillFigures(text, language, figures), values);
  return {
    figures,
    /** A text (a figure's value) with the site's figures. */
    fill,
    /** A message with the site's figures and `values`. */
    text: (key: string, values?: Record<string, string>) => fill(t(key, { skipInterpolation: true }), values),
    /** A list of paragraphs with the site's figures and `values`; a paragraph left empty is left out. */
    paragraphs: (key: string, values?: Record<string, string>) =>
      (t(key, { returnObjects: true, skipInterpolation: true }) as string[])
        .map((paragraph) => fill(paragraph, values))
        .filter((paragraph) => paragraph !== ""),
  };
}

/** `{{name}}` placeholders of a text filled from `values` (the figures are filled before). */
export function withValues(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (token, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : token,
  );
}

export type { Figures };
