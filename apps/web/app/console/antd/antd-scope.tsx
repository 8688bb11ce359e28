import type { ReactNode } from "react";
import { AntdProvider } from "../../shared/antd/antd-provider";
import { useSiteData } from "../../shared/branding/use-site-data";
import { stickyNonces } from "../../shared/csp-nonce";
import { ANTD_SIZES, useAppState } from "../state/app-state";
import { useLayoutSettings } from "../state/layout-settings";

/**
 * antd for a part of the console that uses it (a view, a panel, a drawer): themed with the
 * console's colour, sized by the size switcher, in the user's language. Loaded with the first such
 * part, so that the console's own first view does not wait for antd.
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  const { language, nonce, styleNonce } = useSiteData();
  const themeColor = useLayoutSettings((s) => s.theme);
  const size = useAppState((s) => s.size);
  return (
    <AntdProvider
      themeColor={themeColor}
      language={language}
      styleNonce={stickyNonces({ script: nonce, style: styleNonce }).style}
      componentSize={ANTD_SIZES[size]}
      compact={size === "mini"}
    >
      {children}
    </AntdProvider>
  );
}
