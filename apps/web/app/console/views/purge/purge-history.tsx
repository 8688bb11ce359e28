import type { PurgeView } from "@rampart/contracts";
import { Table, Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";

const STATE_COLORS: Record<string, string> = { pending: "processing", done: "success", failed: "error" };

/** What a request was, by the panel's words: its kind, or the kind of purge. */
export const kindOf = (purge: Pick<PurgeView, "kind" | "scope">) =>
  purge.kind === "prefetch" ? "prefetch" : purge.scope;

/** A package's latest requests, newest first: when and what, its entries, the platform's answer. */
export function PurgeHistory({ purges, loading }: { purges: PurgeView[]; loading: boolean }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const time = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));
  const columns: ColumnsType<PurgeView> = [
    {
      title: t("purge.columns.createdAt"),
      dataIndex: "createdAt",
      width: 130,
      // When, and below it what: three columns fit a phone.
      render: (iso: string, p) => (
        <>
          <div>{time(iso)}</div>
          <div className="purge-kind">{t(`purge.kinds.${kindOf(p)}`)}</div>
        </>
      ),
    },
    {
      title: t("purge.columns.targets"),
      dataIndex: "targets",
      render: (targets: string[]) => (
        <span className="purge-targets">
          <code>{targets[0]}</code>
          {targets.length > 1 ? (
            <Tooltip title={targets.slice(1).join("\n")}>
              <span className="purge-targets__more">{t("purge.more", { count: targets.length - 1 })}</span>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    {
      title: t("purge.columns.state"),
      dataIndex: "state",
      width: 110,
      render: (state: string, p) => (
        <span data-state={state}>
          <Tag color={STATE_COLORS[state]}>{t(`purge.states.${state}`)}</Tag>
          {p.message ? <div className="purge-message">{p.message}</div> : null}
        </span>
      ),
    },
  ];
  return (
    <Table<PurgeView>
      className="purge-history"
      rowKey="purgeId"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={purges}
      pagination={false}
      locale={{ emptyText: t("purge.empty") }}
    />
  );
}
