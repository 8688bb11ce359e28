/** An open tab of the console (spec section 3, Tab entry). */
export interface Tab {
  /** The route path: one tab per path. */
  path: string;
  /** The path with its query, where the tab goes back to. */
  fullPath: string;
  title: string;
  /** Affix tabs cannot be closed. */
  affix?: boolean;
}

export type CloseKind = "current" | "others" | "left" | "right" | "all";

/** Opens a tab for a page, or updates the one it has (its query may have changed). */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const index = tabs.findIndex((t) => t.path === tab.path);
  if (index === -1) return [...tabs, tab];
  const next = [...tabs];
  next[index] = { ...tabs[index]!, fullPath: tab.fullPath, title: tab.title };
  return next;
}

/** The tabs left after closing some of them around `path`; affix tabs always stay. */
export function closeTabs(tabs: readonly Tab[], path: string, kind: CloseKind): Tab[] {
  const index = tabs.findIndex((t) => t.path === path);
  return tabs.filter((tab, i) => {
    if (tab.affix) return true;
    switch (kind) {
      case "current":
        return tab.path !== path;
      case "others":
        return tab.path === path;
      case "left":
        return index === -1 || i >= index;
      case "right":
        return index === -1 || i <= index;
      case "all":
        return false;
    }
    return true;
  });
}

/**
 * Where to go after closing tabs while `activePath` was shown: stay when it is still open, else the
 * last remaining tab, else "/" (spec section 2, Tabs).
 */
export function afterClosing(remaining: readonly Tab[], activePath: string): string | null {
  if (remaining.some((t) => t.path === activePath)) return null;
  return remaining.at(-1)?.fullPath ?? "/";
}
