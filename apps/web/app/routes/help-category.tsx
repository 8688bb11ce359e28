import { data } from "react-router";
import { publicPageMeta } from "../shared/branding/page-title";
import { i18nFor } from "../shared/i18n/i18n";
import { requestContext } from "../shared/request-context";
import { HelpCategoryPage } from "../site/help/help-home-page";
import type { Route } from "./+types/help-category";

/** /help/<category>: its articles in the reader's language; 404 when it has none here. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { help } = context.get(requestContext);
  const [sections, paths] = help ? await Promise.all([help.sections(), help.paths()]) : [[], []];
  const section = sections.find((candidate) => candidate.category.slug === params.category);
  if (!section) throw data(null, { status: 404 });
  const languages = paths.find((entry) => entry.path === `/help/${section.category.slug}`)?.languages ?? [];
  return { section, languages };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const root = matches[0].loaderData;
  if (!root || !loaderData) return [];
  const { t } = i18nFor(root.language);
  return publicPageMeta(
    root,
    location.pathname,
    `${loaderData.section.category.name} · ${t("help.kicker")}`,
    loaderData.section.articles.map((article) => article.title).join(" · "),
    loaderData.languages,
  );
};

export default function HelpCategoryRoute({ loaderData }: Route.ComponentProps) {
  return <HelpCategoryPage section={loaderData.section} />;
}
