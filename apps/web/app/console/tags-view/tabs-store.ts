import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { type CloseKind, closeTabs, openTab, type Tab } from "./tab-rules";

/** The public home page: the affix first tab and the breadcrumb's first crumb (issue text). */
export const HOME_TAB: Tab = { path: "/index", fullPath: "/index", title: "", affix: true };

interface TabsState {
  tabs: Tab[];
  /** Bumped to remount one tab's page (refresh). */
  generations: Record<string, number>;
  open(tab: Tab): void;
  close(path: string, kind: CloseKind): Tab[];
  refresh(path: string): void;
  reset(): void;
}

/** The open tabs, kept in session storage so that they survive a reload of the page. */
export const useTabs = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: [HOME_TAB],
      generations: {},
      open: (tab) => set({ tabs: openTab(get().tabs, tab) }),
      close(path, kind) {
        const tabs = closeTabs(get().tabs, path, kind);
        set({ tabs });
        return tabs;
      },
      refresh: (path) => set({ generations: { ...get().generations, [path]: (get().generations[path] ?? 0) + 1 } }),
      reset: () => set({ tabs: [HOME_TAB], generations: {} }),
    }),
    {
      name: "rampart-tabs",
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ tabs: state.tabs }),
    },
  ),
);
