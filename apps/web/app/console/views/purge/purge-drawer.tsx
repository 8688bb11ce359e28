import type { PurgeListView } from "@rampart/contracts";
import { Button, Drawer, Skeleton } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { domainsApi } from "../domains/domains-api";
import { useWideScreen } from "../list-page/search-toggle";
import { useViewMessages } from "../parts/view-messages";
import { purgeApi } from "./purge-api";
import { PurgeForm } from "./purge-form";
import { PurgeHistory } from "./purge-history";
import "./purge.css";

/**
 * A package's cache (CDN, DDoS, WAF): purge URLs, directories or whole domains of it, prefetch
 * URLs, within today's quota; the latest requests with the platform's answer. Opened from My
 * services and from the package's domains page.
 */
export function PurgeDrawer({ orderNo, label, onClose }: { orderNo: string; label: string; onClose: () => void }) {
  const ready = useViewMessages("purge");
  const wide = useWideScreen();
  const { t } = useTranslation();
  return (
    <Drawer
      open
      width={wide ? 720 : "100%"}
      title={ready ? t("purge.title", { package: label }) : label}
      onClose={onClose}
      className="purge-drawer"
    >
      {ready ? <PurgePanel orderNo={orderNo} /> : <Skeleton active />}
    </Drawer>
  );
}

function PurgePanel({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const [view, setView] = useState<PurgeListView | null>(null);
  const [domains, setDomains] = useState<string[] | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setView((await purgeApi.list(orderNo)).data ?? null);
    } finally {
      setLoading(false);
    }
  }, [orderNo]);
  useEffect(() => {
    void load();
    void domainsApi.list(orderNo).then((answer) => setDomains(answer.data?.domains.map((d) => d.name) ?? []));
  }, [load, orderNo]);

  if (!view || domains === null) return <Skeleton active />;
  return (
    <div className="purge">
      <p className="purge__intro">{t("purge.intro")}</p>
      <p className="purge__quota" data-quota={`${view.quota.used}/${view.quota.limit}`}>
        {t("purge.quota", view.quota)}
      </p>
      {domains.length === 0 ? (
        <p className="purge__none">{t("purge.noDomains")}</p>
      ) : (
        <PurgeForm orderNo={orderNo} domains={domains} onSent={() => void load()} />
      )}
      <div className="purge__history-head">
        <h3>{t("purge.history")}</h3>
        <Button size="small" onClick={() => void load()}>
          {t("purge.refresh")}
        </Button>
      </div>
      <PurgeHistory purges={view.purges} loading={loading} />
    </div>
  );
}
