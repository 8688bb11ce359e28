import type { ServerStatusView } from "@rampart/contracts";
import { Button, Card, Descriptions, Progress, Skeleton, Tag } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import type { ViewProps } from "../../routing/view-props";
import { useDateTime } from "../parts/date-time";
import { withViewMessages } from "../parts/view-messages";
import { monitorApi } from "./monitor-api";
import { ReconciliationCard } from "./reconciliation-card";

const REFRESH_MS = 10_000;
const KIB = 1024;

/** Bytes in the largest binary unit that keeps the figure at one or more (1.5 GB, 312 MB). */
export function formatBytes(bytes: number, language: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= KIB && unit < units.length - 1) {
    value /= KIB;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: units[unit],
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/**
 * System monitoring → Server status: this server process's version and uptime, the processor and
 * its load, memory, the database's health and size, and the sessions online; refreshed every 10
 * seconds while the page is open.
 */
export default withViewMessages("monitor", function Server({ title }: ViewProps) {
  const { t, i18n } = useTranslation();
  const { language } = useSiteData();
  const dateTime = useDateTime();
  const [status, setStatus] = useState<ServerStatusView | null>(null);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setStatus((await monitorApi.server()).data ?? null);
      setUpdatedAt(new Date());
    } catch {
      // The request client has told the user.
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void load();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  if (!status) return <Skeleton active />;
  const bytes = (n: number) => formatBytes(n, language);
  const number = (n: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(n);
  const { cpu, memory, database, uploads, jobs } = status;
  const usedMemory = memory.systemTotal - memory.systemFree;
  const usedPercent = Math.round((usedMemory / memory.systemTotal) * 100);
  const uptime = {
    days: Math.floor(status.uptimeSeconds / 86_400),
    hours: Math.floor((status.uptimeSeconds % 86_400) / 3600),
    minutes: Math.floor((status.uptimeSeconds % 3600) / 60),
  };
  const columns = { xs: 1, sm: 1, md: 1, lg: 1, xl: 1, xxl: 1 };

  return (
    <div className="console-view server-status">
      <h1 className="visually-hidden">{title}</h1>
      <div className="list-toolbar">
        <Button onClick={() => void load()} loading={loading}>
          {t("list.refresh")}
        </Button>
        {updatedAt ? (
          <span className="server-status__updated">
            {t("monitor.server.updated", { time: updatedAt.toLocaleTimeString(language) })}
          </span>
        ) : null}
      </div>
      <div className="server-status__grid">
        <Card title={t("monitor.server.application")} size="small">
          <Descriptions column={columns} size="small">
            <Descriptions.Item label={t("monitor.server.version")}>{status.version}</Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.node")}>{status.node}</Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.platform")}>{status.platform}</Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.host")}>{status.hostName}</Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.startedAt")}>{dateTime(status.startedAt)}</Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.uptime")}>
              {t("monitor.server.uptimeValue", uptime)}
            </Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.sessions")}>{status.sessions}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t("monitor.server.processor")} size="small">
          <Descriptions column={columns} size="small">
            <Descriptions.Item label={t("monitor.server.model")}>
              {cpu.model || t("monitor.server.unknown")}
            </Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.cores")}>{cpu.cores}</Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.load")}>
              {cpu.loadAverage.map(number).join(" · ")}
            </Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.processCpu")}>
              {t("monitor.server.processCpuValue", { percent: number(cpu.processPercent) })}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t("monitor.server.memory")} size="small">
          <p className="server-status__figure">{t("monitor.server.systemMemory")}</p>
          <Progress
            percent={usedPercent}
            status={usedPercent >= 90 ? "exception" : "normal"}
            aria-label={t("monitor.server.systemMemory")}
          />
          <Descriptions column={columns} size="small">
            <Descriptions.Item label={t("monitor.server.used")}>{bytes(usedMemory)}</Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.free")}>{bytes(memory.systemFree)}</Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.total")}>{bytes(memory.systemTotal)}</Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.processMemory")}>{bytes(memory.processRss)}</Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.heap")}>
              {t("monitor.server.heapValue", { used: bytes(memory.heapUsed), total: bytes(memory.heapTotal) })}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t("monitor.server.database")} size="small">
          <Descriptions column={columns} size="small">
            <Descriptions.Item label={t("monitor.server.kind")}>
              {t(`monitor.server.kinds.${database.kind}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.health")}>
              <Tag color={database.healthy ? "green" : "red"}>
                {t(database.healthy ? "monitor.server.healthy" : "monitor.server.down")}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.latency")}>
              {t("monitor.server.latencyValue", { ms: number(database.latencyMs) })}
            </Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.size")}>
              {database.sizeBytes === null ? t("monitor.server.unknown") : bytes(database.sizeBytes)}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t("monitor.server.uploads")} size="small">
          <Descriptions column={columns} size="small">
            <Descriptions.Item label={t("monitor.server.uploadFiles")}>{number(uploads.files)}</Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.uploadBytes")}>{bytes(uploads.bytes)}</Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.uploadQuota")}>
              {t("monitor.server.uploadQuotaValue", { mb: number(uploads.quotaMb) })}
            </Descriptions.Item>
            <Descriptions.Item label={t("monitor.server.topUsers")}>
              {uploads.topUsers.length === 0 ? (
                t("monitor.server.noUploads")
              ) : (
                <ol className="server-status__top-users">
                  {uploads.topUsers.map((user) => (
                    <li key={user.userName}>
                      {user.userName}:{" "}
                      {t("monitor.server.topUserValue", { size: bytes(user.bytes), files: number(user.files) })}
                    </li>
                  ))}
                </ol>
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <ReconciliationCard summary={status.balanceReconciliation} />
        <Card title={t("monitor.server.jobs")} size="small">
          <Descriptions column={columns} size="small">
            {jobs.map((queue) => (
              <Descriptions.Item
                key={queue.name}
                label={
                  i18n.exists(`monitor.server.queues.${queue.name}`)
                    ? t(`monitor.server.queues.${queue.name}`)
                    : queue.name
                }
              >
                {t("monitor.server.queueValue", {
                  queued: number(queue.queued),
                  active: number(queue.active),
                  failed: number(queue.failed),
                })}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      </div>
    </div>
  );
});
