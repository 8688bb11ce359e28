import type { ReactNode } from "react";
import { AntdProvider } from "../../shared/antd/antd-provider";
import { useSiteData } from "../../shared/branding/use-site-data";
import { stickyNonces } from "../../shared/csp-nonce";
import { AntdFeedback } from "../antd/antd-feedback";

/**
 * A page drawn with antd outside the console's shell (the login and registration pages, the 401
 * and 404 pages): themed from the site, with the request client's feedback shown through antd.
 */
export function AntdPage({ children }: { children: ReactNode }) {
  const { branding, language, nonce, styleNonce } = useSiteData();
  return (
    <AntdProvider
      themeColor={branding.themeColor}
      language={language}
      styleNonce={stickyNonces({ script: nonce, style: styleNonce }).style}
    >
      <AntdFeedback />
      {children}
    </AntdProvider>
  );
}
