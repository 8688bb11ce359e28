import { INNER_LINK_COMPONENT, LAYOUT_COMPONENT, PARENT_VIEW_COMPONENT, type RouterEntry } from "@rampart/contracts";

/** A page of the console the user may open, from the server's menu tree. */
export interface ConsoleRoute {
  /** The route path ("/system/user"). */
  path: string;
  name: string;
  title: string;
  icon: string;
  /** The view's component string (view registry key), or InnerLink. */
  component: string;
  hidden: boolean;
  /** The address of an inner link (shown in a frame). */
  link: string | null;
  noCache: boolean;
  /** The default query of the page. */
  query: Record<string, string>;
  /** The directories above it, outermost first (breadcrumb). */
  parents: { title: string; path: string }[];
  /** The top-menu entry it belongs to ("/system"). */
  topPath: string;
}

/** An entry of the sidebar or the top menu. */
export interface MenuItem {
  /** The route path, or the address of an external link. */
  key: string;
  title: string;
  icon: string;
  external: boolean;
  children?: MenuItem[];
}

const isHttp = (path: string) => /^https?:\/\//i.test(path);

/** "/system" + "user" → "/system/user"; "/" + "x" → "/x"; absolute and http paths stay. */
export function joinPath(base: string, path: string): string {
  if (isHttp(path) || path.startsWith("/")) return path;
  if (!path) return base || "/";
  return `${base.replace(/\/$/, "")}/${path}`;
}

function parseQuery(query: string | undefined): Record<string, string> {
  if (!query) return {};
  try {
    const parsed = JSON.parse(query) as unknown;
    if (parsed && typeof parsed === "object") {
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    }
  } catch {
    // A malformed default query is ignored: the page opens without one.
  }
  return {};
}

const isContainer = (component: string | undefined) =>
  component === undefined || component === LAYOUT_COMPONENT || component === PARENT_VIEW_COMPONENT;

/** Every page (leaf) of a menu tree, with its full path and the titles above it. */
export function flattenRoutes(tree: readonly RouterEntry[]): ConsoleRoute[] {
  const routes: ConsoleRoute[] = [];
  const visit = (entry: RouterEntry, base: string, parents: ConsoleRoute["parents"], topPath: string) => {
    const path = joinPath(base, entry.path);
    const top = topPath || path;
    if (entry.children?.length) {
      const here = entry.meta && path !== "/" ? [...parents, { title: entry.meta.title, path }] : parents;
      for (const child of entry.children) visit(child, path, here, top);
      return;
    }
    if (isContainer(entry.component) || isHttp(path)) return; // a directory without pages, or an external link
    routes.push({
      path,
      name: entry.name ?? path,
      title: entry.meta?.title ?? entry.name ?? path,
      icon: entry.meta?.icon ?? "",
      component: entry.component ?? "",
      hidden: entry.hidden,
      link: entry.component === INNER_LINK_COMPONENT ? (entry.meta?.link ?? null) : null,
      noCache: entry.meta?.noCache ?? false,
      query: parseQuery(entry.query),
      parents,
      topPath: top,
    });
  };
  for (const entry of tree) visit(entry, "", [], "");
  return routes;
}

const visibleChildren = (entry: RouterEntry) => (entry.children ?? []).filter((child) => !child.hidden);

/**
 * The sidebar's items for some entries: hidden entries are skipped; an entry with exactly one
 * visible child (and not marked alwaysShow) shows as that child; external links keep their address.
 */
export function menuItems(entries: readonly RouterEntry[], base = ""): MenuItem[] {
  const items: MenuItem[] = [];
  for (const entry of entries) {
    if (entry.hidden) continue;
    const path = joinPath(base, entry.path);
    const shown = visibleChildren(entry);
    if (shown.length === 1 && !entry.alwaysShow && !shown[0]!.children?.length) {
      const only = shown[0]!;
      const onlyPath = joinPath(path, only.path);
      items.push({
        key: onlyPath,
        title: only.meta?.title ?? entry.meta?.title ?? onlyPath,
        icon: only.meta?.icon || entry.meta?.icon || "",
        external: isHttp(onlyPath),
      });
      continue;
    }
    if (shown.length === 0) {
      if (entry.children?.length && !entry.meta) continue; // a frame whose only page is hidden
      items.push({ key: path, title: entry.meta?.title ?? path, icon: entry.meta?.icon ?? "", external: isHttp(path) });
      continue;
    }
    items.push({
      key: path,
      title: entry.meta?.title ?? path,
      icon: entry.meta?.icon ?? "",
      external: false,
      children: menuItems(shown, path),
    });
  }
  return items;
}

/** The first page a top-menu entry opens (its first visible leaf), or undefined when it has none. */
export function firstPage(entry: RouterEntry, base = ""): string | undefined {
  const path = joinPath(base, entry.path);
  const shown = visibleChildren(entry);
  if (shown.length === 0) return entry.children?.length ? undefined : path;
  for (const child of shown) {
    const found = firstPage(child, path);
    if (found) return found;
  }
  return undefined;
}
