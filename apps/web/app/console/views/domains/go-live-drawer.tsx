import { CheckCircleFilled, CloseCircleFilled } from "@ant-design/icons";
import type { DomainView, GoLiveItem, GoLiveView } from "@rampart/contracts";
import { Alert, Button, Drawer, Skeleton, Spin } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { CopyButton } from "../parts/copy-button";
import { domainsApi } from "./domains-api";

/** What stands between a domain and going live: each item green with what was found, or red with the fix. */
export function GoLiveDrawer({
  orderNo,
  domain,
  onClose,
}: {
  orderNo: string;
  domain: DomainView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const [view, setView] = useState<GoLiveView | null>(null);
  const [loading, setLoading] = useState(true);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setView((await domainsApi.goLive(orderNo, domain.domainId)).data ?? null);
    } finally {
      setLoading(false);
    }
  }, [orderNo, domain.domainId]);
  useEffect(() => {
    void load();
  }, [load]);

  const sentence = (item: GoLiveItem) => {
    const values: Record<string, string | number> = { name: domain.name };
    for (const [key, value] of Object.entries(item.found)) values[key] = value ?? t("domains.goLive.nothing");
    if (item.key === "certificate" && typeof item.found.until === "string")
      values.until = new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(item.found.until));
    if (item.ok) return t(`domains.goLive.ok.${item.key}`, values);
    if (item.key === "origin" && item.found.address === null) return t("domains.goLive.fix.originNone");
    return t(`domains.goLive.fix.${item.key}`, values);
  };

  /** The DNS values an item asks the customer to enter, each whole on its line with a copy button. */
  const records = (item: GoLiveItem): [string, string][] => {
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    if (item.key === "ownership" && !item.ok)
      return [
        ["record", text(item.found.record)],
        ["value", text(item.found.value)],
      ];
    if (item.key === "cname")
      return [
        ["record", domain.name],
        ["target", text(item.found.target)],
      ];
    return [];
  };

  return (
    <Drawer
      open
      size="large"
      title={t("domains.goLive.title", { name: domain.name })}
      onClose={onClose}
      extra={
        <Button loading={loading} onClick={() => void load()}>
          {t("domains.goLive.again")}
        </Button>
      }
    >
      {/* The check asks DNS and the origin: seconds, said while it runs (first time or again). */}
      {loading ? (
        <div className="go-live__checking" role="status">
          <Spin size="small" /> {t("domains.goLive.checking")}
        </div>
      ) : null}
      {!view ? (
        <Skeleton active />
      ) : (
        <>
          <Alert
            type={view.ready ? "success" : "warning"}
            showIcon
            message={view.ready ? t("domains.goLive.ready") : t("domains.goLive.notReady")}
          />
          <ul className="go-live">
            {view.items.map((item) => (
              <li
                key={item.key}
                className={`go-live__item go-live__item--${item.ok ? "ok" : "fix"}`}
                data-item={item.key}
                data-ok={item.ok}
              >
                {item.ok ? (
                  <CheckCircleFilled className="go-live__icon" />
                ) : (
                  <CloseCircleFilled className="go-live__icon" />
                )}
                <div>
                  <strong>{t(`domains.goLive.items.${item.key}`)}</strong>
                  <p>{sentence(item)}</p>
                  {records(item).length ? (
                    <dl className="go-live__records">
                      {records(item).map(([field, value]) => (
                        <div key={field} className="go-live__record">
                          <dt>{t(`domains.goLive.records.${field}`)}</dt>
                          <dd>
                            <code className="go-live__value">{value}</code>
                            <CopyButton text={value} />
                          </dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </Drawer>
  );
}
