import { Breadcrumb } from "antd";
import { useTranslation } from "react-i18next";
import type { ConsoleRoute } from "../routing/menu-routes";

/** Home (/index) first, then the page's directories, then the page (spec section 2, Console). */
export function ConsoleBreadcrumb({ route, title }: { route: ConsoleRoute | undefined; title: string }) {
  const { t } = useTranslation();
  const items = [
    { key: "home", title: <a href="/index">{t("console.home")}</a> },
    ...(route?.parents ?? []).map((parent) => ({ key: parent.path, title: parent.title })),
    { key: "page", title },
  ];
  return <Breadcrumb className="console-breadcrumb" items={items} />;
}
