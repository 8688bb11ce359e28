import { hasPermission, type SiteAdminView } from "@rampart/contracts";
import { Drawer, Tabs } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useGrants, useSiteScope } from "../../../shared/auth/permissions";
import { sitesApi } from "../sites/sites-api";
import { DeskCannedTab } from "./desk-canned-tab";
import { DeskDepartmentsTab } from "./desk-departments-tab";
import { DeskQuarantineTab } from "./desk-quarantine-tab";
import type { DeskSettingsScope, DeskSettingsTab } from "./desk-settings-tabs";
import { DeskSlaTab } from "./desk-sla-tab";

/**
 * Business → Support desk → Desk settings, in a wide side panel: the departments, the canned
 * replies, the service levels and the quarantined mails, one tab each (the tab is in the page's
 * address, `?settings=<tab>`, so that a link opens it). Shown to those who hold
 * business:ticket:edit; the server decides what each may change.
 */
export default function DeskSettingsDrawer({
  tab,
  onTab,
  onClose,
}: {
  tab: DeskSettingsTab;
  onTab: (tab: DeskSettingsTab) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const grants = useGrants();
  const siteBound = useSiteScope() !== null;
  const canReadSites = hasPermission(grants, "system:site:list");
  const [sites, setSites] = useState<SiteAdminView[]>([]);
  useEffect(() => {
    if (!canReadSites) return;
    sitesApi.list().then(
      ({ data }) => setSites(data ?? []),
      () => {},
    );
  }, [canReadSites]);
  const scope: DeskSettingsScope = {
    siteBound,
    sites,
    siteName: (id) =>
      id === null
        ? t("deskSettings.allSites")
        : (sites.find((site) => site.siteId === id)?.company ?? t("deskSettings.siteNo", { id })),
  };
  const canCanned = hasPermission(grants, "business:ticket:reply");

  return (
    <Drawer
      open
      title={t("deskSettings.title")}
      size="min(1100px, 100vw)"
      onClose={onClose}
      className="desk-settings"
      destroyOnHidden
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as DeskSettingsTab)}
        destroyOnHidden
        items={[
          {
            key: "departments",
            label: t("deskSettings.tabs.departments"),
            children: <DeskDepartmentsTab scope={scope} />,
          },
          ...(canCanned
            ? [{ key: "canned", label: t("deskSettings.tabs.canned"), children: <DeskCannedTab scope={scope} /> }]
            : []),
          { key: "sla", label: t("deskSettings.tabs.sla"), children: <DeskSlaTab readOnly={siteBound} /> },
          {
            key: "quarantine",
            label: t("deskSettings.tabs.quarantine"),
            children: <DeskQuarantineTab scope={scope} />,
          },
        ]}
      />
    </Drawer>
  );
}
