import type { Language } from "@rampart/contracts";
import { App, theme as antdTheme, ConfigProvider, type ThemeConfig } from "antd";
import { type ReactNode, useMemo } from "react";
import { accessibleColor } from "../branding/accessible-color";
import { ANTD_LOCALES } from "./antd-locales";

export interface AntdProviderProps {
  themeColor: string;
  language: Language;
  /** The CSP nonce for the style elements antd adds in the browser. */
  styleNonce: string;
  /** The components' size (the console's size switcher); antd's default when absent. */
  componentSize?: "small" | "middle" | "large";
  /** antd's compact algorithm (the smallest size). */
  compact?: boolean;
  children: ReactNode;
}

/**
 * The antd theme of a site: its colour as the primary colour (a shade darker where white text on
 * it would not reach 4.5:1), with CSS variables.
 */
export function themeFor(themeColor: string): ThemeConfig {
  const primary = accessibleColor(themeColor);
  return {
    token: { colorPrimary: primary, colorLink: primary, borderRadius: 6 },
    cssVar: { key: "rampart" },
    hashed: false,
  };
}

const BUTTON = { autoInsertSpace: false } as const;

/**
 * antd for the login pages and the console: themed from the site record, in the interface
 * language, with the nonce that lets its style elements through the Content-Security-Policy.
 * `App` gives the message, notification and modal APIs a home inside the theme. Buttons keep their
 * label as written: antd would space out a two-character Chinese one ("登 入", "保 存"), which
 * Chinese readers do not write.
 */
export function AntdProvider({
  themeColor,
  language,
  styleNonce,
  componentSize,
  compact,
  children,
}: AntdProviderProps) {
  const theme = useMemo(
    () => ({ ...themeFor(themeColor), ...(compact ? { algorithm: antdTheme.compactAlgorithm } : {}) }),
    [themeColor, compact],
  );
  return (
    <ConfigProvider
      theme={theme}
      locale={ANTD_LOCALES[language]}
      csp={{ nonce: styleNonce }}
      button={BUTTON}
      {...(componentSize ? { componentSize } : {})}
    >
      <App>{children}</App>
    </ConfigProvider>
  );
}
