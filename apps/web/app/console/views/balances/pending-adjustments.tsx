import type { BalanceAdjustment } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { App, Button, Space, Table, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSession } from "../../../shared/auth/session-store";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { confirmAction } from "../../controls/confirm-action";
import { Panel } from "../parts/panel";
import { balancesApi } from "./balances-api";

/**
 * The adjustments waiting for a second operator (the two-person rule): who asked for what and why,
 * with Confirm and Reject for any other operator who may adjust. Hidden when none waits.
 */
export function PendingAdjustments({
  adjustments,
  timeZone,
  onDecided,
}: {
  adjustments: BalanceAdjustment[];
  timeZone: string;
  onDecided: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const me = useSession((state) => state.user?.userName);
  if (adjustments.length === 0) return null;
  const when = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone });
  const signed = (row: BalanceAdjustment) => {
    const text = formatMoney({ minor: row.amount, currency: row.currency }, language);
    return row.amount > 0 ? `+${text}` : text;
  };

  const decide = (row: BalanceAdjustment, decision: "confirm" | "reject") =>
    confirmAction(modal, t, {
      title: t(`balances.pending.${decision}Title`),
      content: t(`balances.pending.${decision}Text`, {
        amount: signed(row),
        customer: row.userName,
        requestedBy: row.requestedBy,
      }),
      action: async () => {
        try {
          const answer = await balancesApi.decide(row.adjustmentId, decision);
          void message.success(answer.msg);
        } finally {
          onDecided();
        }
      },
    });

  const columns: ColumnsType<BalanceAdjustment> = [
    {
      title: t("balances.pending.columns.customer"),
      dataIndex: "userName",
      render: (userName: string, row) => (
        <span className="order-no">
          {userName}
          <span className="order-kind">{when.format(new Date(row.createdAt))}</span>
        </span>
      ),
    },
    {
      title: t("balances.pending.columns.amount"),
      dataIndex: "amount",
      align: "right",
      render: (_, row) => (
        <span className={`balance__amount ${row.amount < 0 ? "balance__amount--out" : "balance__amount--in"}`}>
          {signed(row)}
        </span>
      ),
    },
    {
      title: t("balances.pending.columns.reason"),
      dataIndex: "reason",
      render: (reason: string) => <span className="balance__note">{reason}</span>,
    },
    { title: t("balances.pending.columns.requestedBy"), dataIndex: "requestedBy", responsive: ["md"] },
    {
      title: t("balances.columns.operations"),
      key: "operations",
      render: (_, row) => {
        const own = row.requestedBy === me;
        const confirm = (
          <Button type="link" size="small" disabled={own} onClick={() => decide(row, "confirm")}>
            {t("balances.pending.confirm")}
          </Button>
        );
        return (
          <Can permissions={["business:balance:adjust"]}>
            <Space size={0} wrap>
              {own ? <Tooltip title={t("balances.pending.own")}>{confirm}</Tooltip> : confirm}
              <Button type="link" size="small" danger disabled={own} onClick={() => decide(row, "reject")}>
                {t("balances.pending.reject")}
              </Button>
            </Space>
          </Can>
        );
      },
    },
  ];

  return (
    <Panel className="balances__pending" title={t("balances.pending.title", { count: adjustments.length })}>
      <p className="balances__rule">{t("balances.pending.intro")}</p>
      <Table<BalanceAdjustment>
        size="small"
        rowKey="adjustmentId"
        columns={columns}
        dataSource={adjustments}
        pagination={false}
      />
    </Panel>
  );
}
