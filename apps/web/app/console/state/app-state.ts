import Cookies from "js-cookie";
import { create } from "zustand";

/** Below this width the console is on a phone: the sidebar overlays and closes after navigation. */
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_COOKIE = "sidebarStatus";
export const SIZE_KEY = "size";

/** The component sizes of the size switcher (spec section 2), default medium. */
export const SIZES = ["default", "medium", "small", "mini"] as const;
export type ComponentSize = (typeof SIZES)[number];
/** antd's component size for each of the size switcher's sizes (mini adds antd's compact algorithm). */
export const ANTD_SIZES = { default: "large", medium: "middle", small: "small", mini: "small" } as const;

interface AppState {
  sidebarOpened: boolean;
  /** Closing on resize to mobile happens without animation. */
  withoutAnimation: boolean;
  /** Hidden by a top-menu entry without pages. */
  sidebarHidden: boolean;
  device: "desktop" | "mobile";
  size: ComponentSize;
  toggleSidebar(): void;
  closeSidebar(withoutAnimation: boolean): void;
  setSidebarHidden(hidden: boolean): void;
  setDevice(device: "desktop" | "mobile"): void;
  setSize(size: ComponentSize): void;
}

const readSize = (): ComponentSize => {
  const stored = typeof Cookies.get === "function" ? Cookies.get(SIZE_KEY) : undefined;
  return (SIZES as readonly string[]).includes(stored ?? "") ? (stored as ComponentSize) : "medium";
};

/** The shell's own state: the sidebar (cookie sidebarStatus 1/0), the device and the size. */
export const useAppState = create<AppState>()((set, get) => ({
  sidebarOpened: typeof document === "undefined" ? true : Cookies.get(SIDEBAR_COOKIE) !== "0",
  withoutAnimation: false,
  sidebarHidden: false,
  device: "desktop",
  size: typeof document === "undefined" ? "medium" : readSize(),
  toggleSidebar() {
    const opened = !get().sidebarOpened;
    Cookies.set(SIDEBAR_COOKIE, opened ? "1" : "0", { path: "/", sameSite: "Lax" });
    set({ sidebarOpened: opened, withoutAnimation: false });
  },
  closeSidebar(withoutAnimation) {
    Cookies.set(SIDEBAR_COOKIE, "0", { path: "/", sameSite: "Lax" });
    set({ sidebarOpened: false, withoutAnimation });
  },
  setSidebarHidden: (sidebarHidden) => set({ sidebarHidden }),
  setDevice: (device) => set({ device }),
  setSize(size) {
    Cookies.set(SIZE_KEY, size, { path: "/", sameSite: "Lax", expires: 365 });
    set({ size });
  },
}));
