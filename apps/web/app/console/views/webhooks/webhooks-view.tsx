import type { SiteAdminView, WebhookView } from "@rampart/contracts";
import { App, Space, Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { confirmAction } from "../../controls/confirm-action";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { useOperationsColumn } from "../list-page/operations-column";
import { useRecordDialog } from "../list-page/record-dialog";
import { withViewMessages } from "../parts/view-messages";
import { sitesApi } from "../sites/sites-api";
import { WebhookDialog } from "./webhook-dialog";
import { WebhookMessagesDrawer } from "./webhook-messages-drawer";
import { WebhookSecretDialog } from "./webhook-secret-dialog";
import { webhooksApi } from "./webhooks-api";

const WEBHOOKS_PAGE = listSpec<WebhookView>("webhooks", "webhookId", { add: "system:webhook:add" });

/**
 * System management → Webhooks: the endpoints of the provider's platform that hear of payments and
 * service changes (every site's, or one site's), whether each is on, failing or switched off, its
 * last week's deliveries; added (its secret shown once), edited, given a new secret, deleted; its
 * messages and their tries in a side panel, replayable.
 */
export default withViewMessages("system", function Webhooks({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const [sites, setSites] = useState<SiteAdminView[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [viewing, setViewing] = useState<WebhookView | null>(null);
  const list = useLoadedList(webhooksApi.list);
  const { load } = list;
  const dialog = useRecordDialog<WebhookView, { secret?: string; webhookId: number }>(load, (saved) => {
    if (!saved.secret) return t("webhooks.saved");
    setSecret(saved.secret);
    return null;
  });
  useEffect(() => {
    sitesApi.list().then(
      ({ data }) => setSites(data ?? []),
      () => {},
    );
  }, []);
  const siteLocked = sites.length === 1 && !sites[0]!.isDefault;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  const remove = (webhook: WebhookView) =>
    confirmAction(modal, t, {
      content: t("webhooks.removeText", { url: webhook.url }),
      action: async () => {
        try {
          const answer = await webhooksApi.remove(webhook.webhookId);
          void message.success(answer.msg);
        } finally {
          await load();
        }
      },
    });
  const roll = (webhook: WebhookView) =>
    confirmAction(modal, t, {
      content: t("webhooks.rollText", { url: webhook.url }),
      action: async () => {
        const { data } = await webhooksApi.rollSecret(webhook.webhookId);
        if (data) setSecret(data.secret);
      },
    });

  const operations = useOperationsColumn<WebhookView>(t("webhooks.columns.operations"), [
    { label: t("webhooks.deliveries"), onClick: (webhook) => setViewing(webhook) },
    { label: t("webhooks.edit"), permission: "system:webhook:edit", onClick: dialog.openFor },
    { label: t("webhooks.roll"), permission: "system:webhook:edit", onClick: (webhook) => roll(webhook) },
    {
      label: t("webhooks.remove"),
      permission: "system:webhook:remove",
      danger: true,
      onClick: (webhook) => remove(webhook),
    },
  ]);
  const columns: ColumnsType<WebhookView> = [
    {
      title: t("webhooks.columns.endpoint"),
      dataIndex: "url",
      render: (url: string, webhook) => (
        <span className="order-no webhook-url">
          <code>{url}</code>
          {webhook.description ? <span className="order-kind">{webhook.description}</span> : null}
        </span>
      ),
    },
    {
      title: t("webhooks.columns.site"),
      key: "site",
      responsive: ["md"],
      render: (_, webhook) => webhook.siteName ?? t("webhooks.allSites"),
    },
    {
      title: t("webhooks.columns.events"),
      dataIndex: "events",
      responsive: ["lg"],
      render: (events: string[]) => (
        <Tooltip title={events.join(", ")}>
          <span>{t("webhooks.eventCount", { count: events.length })}</span>
        </Tooltip>
      ),
    },
    {
      title: t("webhooks.columns.state"),
      key: "state",
      render: (_, webhook) =>
        !webhook.enabled ? (
          <Tooltip title={webhook.disabledReason ? t("webhooks.switchedOff") : undefined}>
            <Tag color="red">{t(webhook.disabledReason ? "webhooks.states.switchedOff" : "webhooks.states.off")}</Tag>
          </Tooltip>
        ) : webhook.failingSince ? (
          <Tooltip title={t("webhooks.failingHint")}>
            <Tag color="orange">{t("webhooks.states.failing", { since: when(webhook.failingSince) })}</Tag>
          </Tooltip>
        ) : (
          <Tag color="green">{t("webhooks.states.on")}</Tag>
        ),
    },
    {
      title: t("webhooks.columns.recent"),
      key: "recent",
      responsive: ["md"],
      render: (_, { recent }) => (
        <Tooltip
          title={t("webhooks.recent", { delivered: recent.delivered, pending: recent.pending, failed: recent.failed })}
        >
          <Space size={2} className="webhook-recent">
            <Tag color="green">{recent.delivered}</Tag>
            <Tag color="gold">{recent.pending}</Tag>
            <Tag color="red">{recent.failed}</Tag>
          </Space>
        </Tooltip>
      ),
    },
    operations,
  ];

  return (
    <DeclaredListPage
      spec={WEBHOOKS_PAGE}
      title={title}
      intro={<p className="list-intro">{t("webhooks.intro")}</p>}
      list={list}
      columns={columns}
      onAdd={dialog.openNew}
      table={{ pagination: false }}
    >
      {dialog.open ? (
        <WebhookDialog webhook={dialog.record} sites={sites} siteLocked={siteLocked} onClose={dialog.close} />
      ) : null}
      {secret ? <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} /> : null}
      {viewing ? <WebhookMessagesDrawer webhook={viewing} onClose={() => setViewing(null)} /> : null}
    </DeclaredListPage>
  );
});
