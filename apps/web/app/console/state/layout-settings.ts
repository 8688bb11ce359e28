import { create } from "zustand";

/** The theme colours offered in the settings drawer (spec section 9). */
export const PRESET_COLORS = ["#409EFF", "#1890ff", "#304156", "#212121", "#11a983", "#13c2c2", "#6959CD", "#f5222d"];
export const SETTINGS_KEY = "layout-setting";

/** The console's layout settings (spec section 3), persisted under `layout-setting`. */
export interface LayoutSettings {
  theme: string;
  sideTheme: "theme-dark" | "theme-light";
  topNav: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  dynamicTitle: boolean;
}

/** The defaults of spec section 9: #409EFF, dark sidebar, top nav on, tabs off, fixed header, logo, static title. */
export const DEFAULT_SETTINGS: LayoutSettings = {
  theme: "#409EFF",
  sideTheme: "theme-dark",
  topNav: true,
  tagsView: false,
  fixedHeader: true,
  sidebarLogo: true,
  dynamicTitle: false,
};

const HEX = /^#[0-9a-f]{6}$/i;

/** Reads the stored settings, keeping only well-formed values over the defaults. */
export function readSettings(stored: string | null): LayoutSettings {
  if (!stored) return { ...DEFAULT_SETTINGS };
  try {
    const raw = JSON.parse(stored) as Partial<Record<keyof LayoutSettings, unknown>>;
    const flag = (key: "topNav" | "tagsView" | "fixedHeader" | "sidebarLogo" | "dynamicTitle") =>
      typeof raw[key] === "boolean" ? (raw[key] as boolean) : DEFAULT_SETTINGS[key];
    return {
      theme: typeof raw.theme === "string" && HEX.test(raw.theme) ? raw.theme : DEFAULT_SETTINGS.theme,
      sideTheme: raw.sideTheme === "theme-light" ? "theme-light" : "theme-dark",
      topNav: flag("topNav"),
      tagsView: flag("tagsView"),
      fixedHeader: flag("fixedHeader"),
      sidebarLogo: flag("sidebarLogo"),
      dynamicTitle: flag("dynamicTitle"),
    };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

interface SettingsState extends LayoutSettings {
  /** Applies a change at once (not yet saved). */
  change(patch: Partial<LayoutSettings>): void;
  save(): void;
  /** Forgets the saved settings. */
  clear(): void;
}

const storage = () => (typeof localStorage === "undefined" ? null : localStorage);

export const useLayoutSettings = create<SettingsState>()((set, get) => ({
  ...readSettings(storage()?.getItem(SETTINGS_KEY) ?? null),
  change: (patch) => set(patch),
  save() {
    const { theme, sideTheme, topNav, tagsView, fixedHeader, sidebarLogo, dynamicTitle } = get();
    storage()?.setItem(
      SETTINGS_KEY,
      JSON.stringify({ theme, sideTheme, topNav, tagsView, fixedHeader, sidebarLogo, dynamicTitle }),
    );
  },
  clear() {
    storage()?.removeItem(SETTINGS_KEY);
    set({ ...DEFAULT_SETTINGS });
  },
}));
