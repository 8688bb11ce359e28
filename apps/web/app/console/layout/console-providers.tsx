import { type ReactNode, useLayoutEffect } from "react";
import { useNavigate } from "react-router";
import { giveScriptStylesTheNonce } from "../../shared/antd/style-nonce";
import { useSession } from "../../shared/auth/session-store";
import { setCookieDomain } from "../../shared/auth/token-cookie";
import { useSiteData } from "../../shared/branding/use-site-data";
import { stickyNonces } from "../../shared/csp-nonce";
import { configureRequests } from "../../shared/request/request-client";

/**
 * What every login and console page stands on: the cookie domain, the style nonce for antd, and
 * the request client told about the site and language. antd itself comes with the pages that use
 * it (AntdPage, and the console's AntdScope), so that the console's first view does not wait for it.
 */
export function ConsoleProviders({ children }: { children: ReactNode }): ReactNode {
  const { branding, language, nonce, styleNonce, cookieDomain } = useSiteData();
  setCookieDomain(cookieDomain);
  const nonces = stickyNonces({ script: nonce, style: styleNonce });
  giveScriptStylesTheNonce(nonces.style);
  const navigate = useNavigate();
  // Before any page's own effects (a page may call the server as it opens: it asks in this language).
  useLayoutEffect(() => {
    configureRequests({
      language: () => language,
      agentCode: () => branding.agentCode,
      forgetSession: () => useSession.getState().forget(),
      navigate: (to) => (to.startsWith("/") ? navigate(to) : location.assign(to)),
    });
  }, [branding, language, navigate]);
  return children;
}
