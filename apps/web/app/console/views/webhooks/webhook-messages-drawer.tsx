import type { WebhookMessageQuery, WebhookMessageView, WebhookView } from "@rampart/contracts";
import { App, Button, Drawer, Segmented, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { ListTable } from "../list-page/list-page";
import { usePagedList } from "../list-page/paged-list";
import { webhooksApi } from "./webhooks-api";

type Status = NonNullable<WebhookMessageQuery["status"]>;
const STATUS_COLORS: Record<Status, string> = { pending: "gold", delivered: "green", failed: "red" };

const STATUS_FILTER = ["status"] as const;

/**
 * An endpoint's messages, newest first, by status: each one's tries (when, the answer's status or
 * why none came, how long, the start of what it said) and its body as sent; a message can be sent
 * again (the same id: a receiver that took it already knows it).
 */
export function WebhookMessagesDrawer({ webhook, onClose }: { webhook: WebhookView; onClose: () => void }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { message } = App.useApp();
  const fetchPage = useCallback(
    (query: Partial<WebhookMessageQuery>) => webhooksApi.messages(webhook.webhookId, query),
    [webhook.webhookId],
  );
  const list = usePagedList<WebhookMessageView, { status?: Status }>(fetchPage, STATUS_FILTER, { inAddress: false });
  const { rows, loading, load, pagination } = list;
  const status = list.filters.status ?? "all";
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));

  const replay = async (row: WebhookMessageView) => {
    try {
      const answer = await webhooksApi.replay(row.messageId);
      void message.success(answer.msg);
    } finally {
      await load();
    }
  };

  const columns: ColumnsType<WebhookMessageView> = [
    {
      title: t("webhooks.messages.event"),
      dataIndex: "eventType",
      render: (type: string, row) => (
        <span className="order-no">
          <code>{type}</code>
          <span className="order-kind">{row.messageId}</span>
        </span>
      ),
    },
    {
      title: t("webhooks.messages.status"),
      dataIndex: "status",
      render: (value: Status) => <Tag color={STATUS_COLORS[value]}>{t(`webhooks.messages.statuses.${value}`)}</Tag>,
    },
    {
      title: t("webhooks.messages.tries"),
      key: "tries",
      align: "right",
      render: (_, row) => row.attempts.length,
    },
    { title: t("webhooks.messages.created"), dataIndex: "createdAt", render: (iso: string) => when(iso) },
    {
      title: t("webhooks.columns.operations"),
      key: "operations",
      render: (_, row) =>
        row.status === "pending" ? null : (
          <Can permissions={["system:webhook:replay"]}>
            <Button type="link" size="small" onClick={() => void replay(row)}>
              {t("webhooks.messages.replay")}
            </Button>
          </Can>
        ),
    },
  ];

  return (
    <Drawer
      open
      title={t("webhooks.messages.title", { url: webhook.url })}
      width="min(960px, 100vw)"
      onClose={onClose}
      destroyOnHidden
    >
      <div className="list-toolbar list-toolbar--start webhook-messages__toolbar">
        <Segmented<Status | "all">
          value={status}
          onChange={(value) => {
            list.search(value === "all" ? {} : { status: value });
          }}
          options={(["all", "pending", "delivered", "failed"] as const).map((value) => ({
            value,
            label: value === "all" ? t("webhooks.messages.all") : t(`webhooks.messages.statuses.${value}`),
          }))}
        />
        <Button onClick={() => void load()}>{t("list.refresh")}</Button>
      </div>
      <ListTable<WebhookMessageView>
        rowKey="messageId"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        expandable={{
          expandedRowRender: (row) => (
            <div className="webhook-message">
              <ol className="webhook-message__tries">
                {row.attempts.map((attempt) => (
                  <li key={attempt.createdAt}>
                    <Tag color={attempt.statusCode && attempt.statusCode < 300 ? "green" : "red"}>
                      {attempt.statusCode ?? t("webhooks.messages.noAnswer")}
                    </Tag>
                    {when(attempt.createdAt)} · {t("webhooks.messages.took", { ms: attempt.durationMs })}
                    {attempt.response ? <code className="webhook-message__answer">{attempt.response}</code> : null}
                  </li>
                ))}
                {row.attempts.length === 0 ? <li>{t("webhooks.messages.notTried")}</li> : null}
              </ol>
              <pre className="webhook-message__body">{JSON.stringify(JSON.parse(row.payload), null, 2)}</pre>
            </div>
          ),
        }}
        emptyText={t("webhooks.messages.empty")}
        pagination={pagination((count) => t("webhooks.messages.total", { count }))}
      />
    </Drawer>
  );
}
