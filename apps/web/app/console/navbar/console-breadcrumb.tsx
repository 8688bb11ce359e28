import { useTranslation } from "react-i18next";
import type { ConsoleRoute } from "../routing/menu-routes";

/** Home (/index) first, then the page's directories, then the page (spec section 2, Console). */
export function ConsoleBreadcrumb({ route, title }: { route: ConsoleRoute | undefined; title: string }) {
  const { t } = useTranslation();
  return (
    <nav className="console-breadcrumb" aria-label={t("console.breadcrumb")}>
      <ol>
        <li>
          <a href="/index">{t("console.home")}</a>
        </li>
        {(route?.parents ?? []).map((parent) => (
          <li key={parent.path}>{parent.title}</li>
        ))}
        <li aria-current="page">{title}</li>
      </ol>
    </nav>
  );
}
