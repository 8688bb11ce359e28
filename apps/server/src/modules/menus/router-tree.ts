import {
  INNER_LINK_COMPONENT,
  LAYOUT_COMPONENT,
  type Language,
  PARENT_VIEW_COMPONENT,
  type RouteMeta,
  type RouterEntry,
} from "@rampart/contracts";
import type { sysMenu } from "../../db/schema.ts";

export type MenuRow = typeof sysMenu.$inferSelect;

const DIRECTORY = "M";
const MENU = "C";
const HTTP = /^https?:\/\//i;

const capitalise = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);
const isHttp = (path: string) => HTTP.test(path);
const isRoot = (menu: MenuRow) => menu.parentId === 0;
/** A root page of the console's own (not a directory): shown inside the layout as its only child. */
const isMenuFrame = (menu: MenuRow) => isRoot(menu) && menu.menuType === MENU && !menu.isExternal;
/** An external page shown in a frame inside the console. */
const isInnerLink = (menu: MenuRow) => !menu.isExternal && isHttp(menu.path);

/** https://www.example.com:8080/docs → example/com/8080/docs: a route path for an inner link. */
export function innerLinkPath(url: string): string {
  return url
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/[.:]/g, "/");
}

function routePath(menu: MenuRow): string {
  if (!isRoot(menu) && isInnerLink(menu)) return innerLinkPath(menu.path);
  if (isRoot(menu) && menu.menuType === DIRECTORY && !menu.isExternal) return `/${menu.path}`;
  if (isMenuFrame(menu)) return "/";
  return menu.path;
}

function component(menu: MenuRow): string {
  if (menu.component && !isMenuFrame(menu)) return menu.component;
  if (!menu.component && !isRoot(menu) && isInnerLink(menu)) return INNER_LINK_COMPONENT;
  if (!menu.component && !isRoot(menu) && menu.menuType === DIRECTORY) return PARENT_VIEW_COMPONENT;
  return LAYOUT_COMPONENT;
}

function titleOf(menu: MenuRow, language: Language): string {
  return menu.title[language] || menu.title.en || Object.values(menu.title)[0] || menu.path;
}

function meta(menu: MenuRow, language: Language): RouteMeta {
  return {
    title: titleOf(menu, language),
    icon: menu.icon,
    noCache: !menu.isCache,
    link: isHttp(menu.path) ? menu.path : null,
  };
}

/** Leaves out empty values, as the original serialiser did (NON_EMPTY). */
function compact(entry: RouterEntry): RouterEntry {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = value;
  }
  return out as unknown as RouterEntry;
}

/**
 * The console's route tree from menu rows (directories and menus; buttons are never routes), in
 * one language, with the rules of the original server (reference ruoyi-ui section 15.7): root
 * directories get a leading slash and stay open ("noRedirect"), a root page becomes the only child
 * of a layout, an external page in a frame becomes an InnerLink route.
 */
export function buildRouterTree(rows: readonly MenuRow[], language: Language): RouterEntry[] {
  const routable = rows
    .filter((m) => m.menuType === DIRECTORY || m.menuType === MENU)
    .sort((a, b) => a.parentId - b.parentId || a.orderNum - b.orderNum || a.menuId - b.menuId);
  const children = new Map<number, MenuRow[]>();
  for (const menu of routable) children.set(menu.parentId, [...(children.get(menu.parentId) ?? []), menu]);

  const build = (menu: MenuRow): RouterEntry => {
    const entry: RouterEntry = {
      name: isMenuFrame(menu) ? undefined : capitalise(menu.routeName || menu.path),
      path: routePath(menu),
      hidden: menu.hidden,
      component: component(menu),
      query: menu.query,
      perms: menu.perms,
      meta: meta(menu, language),
    };
    const kids = children.get(menu.menuId) ?? [];
    if (menu.menuType === DIRECTORY && kids.length > 0) {
      entry.alwaysShow = true;
      entry.redirect = "noRedirect";
      entry.children = kids.map(build);
    } else if (isMenuFrame(menu)) {
      entry.meta = undefined;
      entry.children = [
        compact({
          path: menu.path,
          hidden: menu.hidden,
          component: menu.component,
          name: capitalise(menu.routeName || menu.path),
          query: menu.query,
          perms: menu.perms,
          meta: meta(menu, language),
        }),
      ];
    } else if (isRoot(menu) && isInnerLink(menu)) {
      entry.meta = { title: titleOf(menu, language), icon: menu.icon, noCache: false, link: null };
      entry.path = "/";
      entry.children = [
        compact({
          path: innerLinkPath(menu.path),
          hidden: false,
          component: INNER_LINK_COMPONENT,
          name: capitalise(menu.routeName || menu.path),
          meta: { title: titleOf(menu, language), icon: menu.icon, noCache: false, link: menu.path },
        }),
      ];
    }
    return compact(entry);
  };
  return (children.get(0) ?? []).map(build);
}
