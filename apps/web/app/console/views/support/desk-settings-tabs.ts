import type { SiteAdminView } from "@rampart/contracts";

/** The desk settings' tabs, as the page's address names them (`?settings=<tab>`). */
export const DESK_SETTINGS_TABS = ["departments", "canned", "sla", "quarantine"] as const;
export type DeskSettingsTab = (typeof DESK_SETTINGS_TABS)[number];

/** What every tab of the desk settings needs to know of the operator and the sites. */
export interface DeskSettingsScope {
  /** Bound to a site: sees and changes that site's records only (the service levels not at all). */
  siteBound: boolean;
  sites: SiteAdminView[];
  /** A site's name: "All sites" for none (the installation's), the site's company otherwise. */
  siteName: (siteId: number | null) => string;
}
