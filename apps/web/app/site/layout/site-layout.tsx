import type { ReactNode } from "react";
import { ApplyDialogProvider } from "../apply/apply-dialog";
import { NavigationProgress } from "./navigation-progress";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The frame of every public page: header, the page, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <ApplyDialogProvider>
      <NavigationProgress />
      <SiteHeader />
      <main id="main" className="site-main">
        {children}
      </main>
      <SiteFooter />
    </ApplyDialogProvider>
  );
}
