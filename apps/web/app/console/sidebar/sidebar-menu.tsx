import { RightOutlined } from "@ant-design/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { MenuIcon } from "../controls/menu-icon";
import type { MenuItem } from "../routing/menu-routes";

/** Titles longer than this get a tooltip (spec section 2, Sidebar). */
const TOOLTIP_AFTER = 5;

/** Every ancestor key of a path ("/a/b/c" → "/a", "/a/b"), to open the directories of the page shown. */
const ancestors = (path: string) =>
  path
    .split("/")
    .filter(Boolean)
    .slice(0, -1)
    .map((_, i, parts) => `/${parts.slice(0, i + 1).join("/")}`);

/**
 * The sidebar's menu: pages are links (so they open in a new tab too), directories open and close,
 * the page shown is marked and its directories open; external links open a tab. Collapsed, it shows
 * the icons, each directory's pages in a panel beside it on hover or focus, titles as tooltips.
 */
export function SidebarMenu({
  items,
  theme,
  collapsed,
  onNavigate,
}: {
  items: MenuItem[];
  theme: "dark" | "light";
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(ancestors(pathname)));
  // Arriving at a page (from the search or a tab) opens its directories.
  useEffect(() => {
    setOpen((now) => {
      const wanted = ancestors(pathname).filter((key) => !now.has(key));
      return wanted.length ? new Set([...now, ...wanted]) : now;
    });
  }, [pathname]);
  const toggle = (key: string) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const render = (list: MenuItem[], depth: number) =>
    list.map((item) => {
      const tooltip = collapsed || item.title.length > TOOLTIP_AFTER ? item.title : undefined;
      const inside = (
        <>
          <MenuIcon name={item.icon} />
          <span className="side-menu__title">{item.title}</span>
        </>
      );
      // Collapsed, the icons are centred and a directory's panel is not indented.
      const indent = collapsed ? undefined : { paddingInlineStart: `${16 + depth * 20}px` };
      if (item.children) {
        const expanded = open.has(item.key);
        const current = pathname.startsWith(`${item.key}/`);
        return (
          <li key={item.key} className={`side-menu__group${current ? " is-current" : ""}`}>
            <button
              type="button"
              aria-expanded={collapsed ? undefined : expanded}
              aria-haspopup={collapsed ? "true" : undefined}
              className="side-menu__item"
              style={indent}
              title={tooltip}
              onClick={() => toggle(item.key)}
            >
              {inside}
              <RightOutlined className="side-menu__arrow" />
            </button>
            <ul aria-label={item.title} hidden={!collapsed && !expanded} className="side-menu__list">
              {render(item.children, depth + 1)}
            </ul>
          </li>
        );
      }
      const selected = item.key === pathname;
      return (
        <li key={item.key}>
          {item.external ? (
            <a
              className="side-menu__item"
              style={indent}
              href={item.key}
              target="_blank"
              rel="noreferrer"
              title={tooltip}
              onClick={onNavigate}
            >
              {inside}
            </a>
          ) : (
            <Link
              className={`side-menu__item${selected ? " is-selected" : ""}`}
              style={indent}
              to={item.key}
              aria-current={selected ? "page" : undefined}
              title={tooltip}
              onClick={onNavigate}
            >
              {inside}
            </Link>
          )}
        </li>
      );
    });

  return (
    <nav
      className={`side-menu side-menu--${theme}${collapsed ? " side-menu--collapsed" : ""}`}
      aria-label={t("console.sideMenu")}
    >
      <ul className="side-menu__list">{render(items, 0)}</ul>
    </nav>
  );
}
