import type { RouterEntry } from "@rampart/contracts";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { firstPage, joinPath } from "../routing/menu-routes";
import { useAppState } from "../shell/app-state";
import { MenuButton } from "../shell/menu-button";
import { MenuIcon } from "../shell/menu-icon";

/** Width given to one top-menu item: the bar shows window width / 3 / 85 items (spec section 2). */
const ITEM_WIDTH = 85;
/** A top-menu item without pages hides the sidebar, then the route is replaced after this delay. */
const REPLACE_DELAY_MS = 100;

/**
 * The top menu: one item per root entry of the menu tree; the rest under "more" when the window is
 * narrow. Selecting an item opens its first page, or hides the sidebar when it has none; http
 * entries open in a new tab.
 */
export function TopNav({ tree, activeTop }: { tree: RouterEntry[]; activeTop: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setSidebarHidden = useAppState((s) => s.setSidebarHidden);
  const [visibleCount, setVisibleCount] = useState(5);
  useEffect(() => {
    const measure = () => setVisibleCount(Math.max(1, Math.floor(window.innerWidth / 3 / ITEM_WIDTH)));
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  const roots = useMemo(() => tree.filter((entry) => !entry.hidden), [tree]);
  const item = (entry: RouterEntry) => ({
    key: joinPath("", entry.path) === "/" ? `/${entry.children?.[0]?.path ?? ""}` : joinPath("", entry.path),
    icon: <MenuIcon name={entry.meta?.icon ?? entry.children?.[0]?.meta?.icon ?? ""} />,
    label: entry.meta?.title ?? entry.children?.[0]?.meta?.title ?? entry.path,
  });
  const shown = roots.slice(0, visibleCount).map(item);
  const more = roots.slice(visibleCount).map(item);
  const select = (key: string) => {
    const entry = roots.find((root) => item(root).key === key);
    if (!entry) return;
    if (/^https?:\/\//i.test(entry.path)) {
      window.open(entry.path, "_blank", "noopener");
      return;
    }
    const page = firstPage(entry);
    if (page) {
      setSidebarHidden(false);
      void navigate(page);
    } else {
      setSidebarHidden(true);
      setTimeout(() => void navigate(key, { replace: true }), REPLACE_DELAY_MS);
    }
  };
  return (
    <nav className="top-nav" aria-label={t("console.topMenu")}>
      <ul className="top-nav__list">
        {shown.map((entry) => (
          <li key={entry.key}>
            <button
              type="button"
              className={`top-nav__item${entry.key === activeTop ? " is-active" : ""}`}
              aria-current={entry.key === activeTop ? "true" : undefined}
              onClick={() => select(entry.key)}
            >
              {entry.icon}
              <span>{entry.label}</span>
            </button>
          </li>
        ))}
        {more.length ? (
          <li>
            <MenuButton
              label={t("console.more")}
              className={`top-nav__item${more.some((entry) => entry.key === activeTop) ? " is-active" : ""}`}
              align="start"
              items={more.map((entry) => ({
                key: entry.key,
                icon: entry.icon,
                label: entry.label,
                onSelect: () => select(entry.key),
              }))}
            >
              <span>{t("console.more")}</span>
            </MenuButton>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
