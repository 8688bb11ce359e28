import { type AttackView, USAGE_TOP_KINDS, type UsageSeriesView, type UsageTopRow } from "@rampart/contracts";
import { Empty, Table, Tabs, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Panel } from "../parts/panel";
import { formatBps, formatBytes, formatNumber, zonedDateTime } from "./usage-format";

const ACTION_COLOURS = { scrubbed: "blue", blackholed: "volcano", challenged: "gold" } as const;

/** The attacks of the range, latest first: when (in the reader's zone), on what, how, how big, what was done. */
export function AttackList({ data, language }: { data: UsageSeriesView; language: string }) {
  const { t } = useTranslation();
  const when = (iso: string) => zonedDateTime(iso, data.timeZone, language);
  return (
    <Panel title={t("usage.attacks.title")} className="usage__attacks">
      <Table<AttackView>
        size="small"
        rowKey="attackId"
        pagination={data.attacks.length > 10 ? { pageSize: 10 } : false}
        scroll={{ x: "max-content" }}
        dataSource={data.attacks}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("usage.attacks.none")} /> }}
        columns={[
          { title: t("usage.attacks.started"), dataIndex: "startedAt", render: when },
          {
            title: t("usage.attacks.ended"),
            dataIndex: "endedAt",
            render: (ended: string | null) =>
              ended ? when(ended) : <Tag color="red">{t("usage.attacks.ongoing")}</Tag>,
          },
          { title: t("usage.attacks.target"), dataIndex: "target" },
          { title: t("usage.attacks.vector"), dataIndex: "vector" },
          {
            title: t("usage.attacks.peak"),
            dataIndex: "peakBps",
            align: "right",
            render: (bps: number, attack) =>
              `${formatBps(bps, language)} · ${formatNumber(attack.peakPps, language, 0)} pps`,
          },
          {
            title: t("usage.attacks.action"),
            dataIndex: "action",
            render: (action: AttackView["action"]) => (
              <Tag color={ACTION_COLOURS[action]}>{t(`usage.attacks.actions.${action}`)}</Tag>
            ),
          },
        ]}
      />
    </Panel>
  );
}

/** The range's top lists (the days' lists added up), a tab per kind. */
export function TopLists({ data, language }: { data: UsageSeriesView; language: string }) {
  const { t } = useTranslation();
  const total = (kind: keyof UsageSeriesView["tops"]) =>
    data.tops[kind].reduce((sum, row) => sum + row.requests, 0) || 1;
  return (
    <Panel title={t("usage.tops.title")} className="usage__tops">
      <Tabs
        items={USAGE_TOP_KINDS.map((kind) => ({
          key: kind,
          label: t(`usage.tops.kinds.${kind}`),
          children: (
            <Table<UsageTopRow>
              size="small"
              rowKey="key"
              pagination={data.tops[kind].length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              scroll={{ x: "max-content" }}
              dataSource={data.tops[kind]}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("usage.tops.none")} />,
              }}
              columns={[
                { title: "#", key: "place", width: 48, render: (_value, _row, index) => index + 1 },
                { title: t(`usage.tops.keys.${kind}`), dataIndex: "key", className: "usage__top-key" },
                {
                  title: t("usage.tops.requests"),
                  dataIndex: "requests",
                  align: "right",
                  render: (value: number) =>
                    `${formatNumber(value, language, 0)} (${formatNumber((value / total(kind)) * 100, language, 1)} %)`,
                },
                {
                  title: t("usage.tops.bytes"),
                  dataIndex: "bytes",
                  align: "right",
                  render: (value: number) => formatBytes(value, language),
                },
              ]}
            />
          ),
        }))}
      />
    </Panel>
  );
}
