import { type ReactNode, useEffect } from "react";
import { useNavigate } from "react-router";
import { AntdProvider } from "../../shared/antd/antd-provider";
import { giveScriptStylesTheNonce } from "../../shared/antd/style-nonce";
import { useSession } from "../../shared/auth/session-store";
import { setCookieDomain } from "../../shared/auth/token-cookie";
import { useSiteData } from "../../shared/branding/use-site-data";
import { stickyNonces } from "../../shared/csp-nonce";
import { configureRequests } from "../../shared/request/request-client";
import { AntdFeedback } from "./antd-feedback";

/**
 * What every login and console page stands on: antd themed from the site, the request client told
 * about the site and language, and its feedback shown through antd.
 */
export function ConsoleProviders({ children }: { children: ReactNode }) {
  const { branding, language, nonce, styleNonce, cookieDomain } = useSiteData();
  setCookieDomain(cookieDomain);
  const nonces = stickyNonces({ script: nonce, style: styleNonce });
  giveScriptStylesTheNonce(nonces.style);
  const navigate = useNavigate();
  useEffect(() => {
    configureRequests({
      language: () => language,
      agentCode: () => branding.agentCode,
      consoleDomain: () => branding.consoleDomain,
      forgetSession: () => useSession.getState().forget(),
      navigate: (to) => (to.startsWith("/") ? navigate(to) : location.assign(to)),
    });
  }, [branding, language, navigate]);
  return (
    <AntdProvider themeColor={branding.themeColor} language={language} styleNonce={nonces.style}>
      <AntdFeedback />
      {children}
    </AntdProvider>
  );
}
