import type { RouterEntry } from "@rampart/contracts";
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { MenuButton } from "../controls/menu-button";
import { MenuIcon } from "../controls/menu-icon";
import { firstPage, joinPath } from "../routing/menu-routes";
import { useAppState } from "../state/app-state";

/** Width given to one top-menu item: the bar shows window width / 3 / 85 items (spec section 2). */
const ITEM_WIDTH = 85;
/** A top-menu item without pages hides the sidebar, then the route is replaced after this delay. */
const REPLACE_DELAY_MS = 100;

/**
 * How many of the items fit whole: at most the spec's count (window width / 3 / ITEM_WIDTH), and
 * no more than the bar's width holds at their natural widths, with room for "more" when some go
 * under it. At least one (shortened, when even that one does not fit).
 */
export function itemsThatFit(options: {
  windowWidth: number;
  barWidth: number;
  itemWidths: number[];
  moreWidth: number;
}): number {
  const { itemWidths, moreWidth, barWidth } = options;
  const width = (count: number) =>
    itemWidths.slice(0, count).reduce((sum, w) => sum + w, 0) + (count < itemWidths.length ? moreWidth : 0);
  let count = Math.min(itemWidths.length, Math.max(1, Math.floor(options.windowWidth / 3 / ITEM_WIDTH)));
  while (count > 1 && width(count) > barWidth) count--;
  return count;
}

/**
 * The top menu: one item per root entry of the menu tree; those that do not fit whole go under
 * "more" (a laptop's bar showed "Co…", "Syste…" before). Each item's natural width is read from a
 * hidden copy of the bar, again when the bar's width or the labels (the language) change.
 * Selecting an item opens its first page, or hides the sidebar when it has none; http entries open
 * in a new tab.
 */
export function TopNav({ tree, activeTop }: { tree: RouterEntry[]; activeTop: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setSidebarHidden = useAppState((s) => s.setSidebarHidden);
  const roots = useMemo(() => tree.filter((entry) => !entry.hidden), [tree]);
  const [visibleCount, setVisibleCount] = useState(roots.length);
  const bar = useRef<HTMLElement>(null);
  const copy = useRef<HTMLUListElement>(null);
  const fit = useCallback(() => {
    if (!bar.current || !copy.current) return;
    const widthOf = (element: Element) => element.getBoundingClientRect().width;
    setVisibleCount(
      itemsThatFit({
        windowWidth: window.innerWidth,
        barWidth: bar.current.clientWidth,
        itemWidths: [...copy.current.querySelectorAll("[data-measure='item']")].map(widthOf),
        moreWidth: widthOf(copy.current.querySelector("[data-measure='more']") ?? copy.current),
      }),
    );
  }, []);
  useLayoutEffect(() => {
    fit();
    if (!bar.current) return;
    const observer = new ResizeObserver(fit);
    observer.observe(bar.current);
    window.addEventListener("resize", fit);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", fit);
    };
  }, [fit]);
  const item = (entry: RouterEntry) => ({
    key: joinPath("", entry.path) === "/" ? `/${entry.children?.[0]?.path ?? ""}` : joinPath("", entry.path),
    icon: <MenuIcon name={entry.meta?.icon ?? entry.children?.[0]?.meta?.icon ?? ""} />,
    label: entry.meta?.title ?? entry.children?.[0]?.meta?.title ?? entry.path,
  });
  const all = roots.map(item);
  const labels = all.map((entry) => entry.label).join("\n");
  // The labels changed (another language, other menus): their widths are read again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels is the trigger, fit reads the DOM
  useLayoutEffect(fit, [labels, fit]);
  const shown = all.slice(0, visibleCount);
  const more = all.slice(visibleCount);
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
    <nav className="top-nav" aria-label={t("console.topMenu")} ref={bar}>
      {/* Every item at its natural width, unseen: what fits is read from it. */}
      <ul className="top-nav__list top-nav__list--measure" aria-hidden="true" ref={copy}>
        {all.map((entry) => (
          <li key={entry.key}>
            <span className="top-nav__measure" data-measure="item">
              {entry.icon}
              <span>{entry.label}</span>
            </span>
          </li>
        ))}
        <li>
          <span className="top-nav__measure" data-measure="more">
            <span>{t("console.more")}</span>
          </span>
        </li>
      </ul>
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
