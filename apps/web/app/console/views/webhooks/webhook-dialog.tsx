import { type SiteAdminView, WEBHOOK_EVENTS, type WebhookBody, type WebhookView } from "@rampart/contracts";
import { Checkbox, Form, Input, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { RecordDialog } from "../list-page/form-dialog";
import { webhooksApi } from "./webhooks-api";

interface WebhookForm {
  url: string;
  description: string;
  siteId: number | "all";
  events: WebhookBody["events"];
  enabled: boolean;
}

/**
 * An endpoint of the provider's platform: its https address (checked by the server: it must
 * resolve to a public address), a note, whose events (every site's, or one site's; a site-bound
 * operator's are their site's), which events, on or off. A new endpoint's secret is shown once.
 */
export function WebhookDialog({
  webhook,
  sites,
  siteLocked,
  onClose,
}: {
  webhook: WebhookView | null;
  sites: SiteAdminView[];
  siteLocked: boolean;
  /** Saved (with the new endpoint's secret when it was created), or closed (null). */
  onClose: (saved: { secret?: string; webhookId: number } | null) => void;
}) {
  const { t } = useTranslation();
  const initial: WebhookForm = webhook
    ? {
        url: webhook.url,
        description: webhook.description,
        siteId: webhook.siteId ?? "all",
        events: webhook.events as WebhookBody["events"],
        enabled: webhook.enabled,
      }
    : {
        url: "https://",
        description: "",
        siteId: siteLocked && sites[0] ? sites[0].siteId : "all",
        events: [...WEBHOOK_EVENTS],
        enabled: true,
      };

  const save = async (values: WebhookForm) => {
    const body: WebhookBody = {
      url: values.url.trim(),
      description: values.description?.trim() ?? "",
      events: values.events,
      siteId: values.siteId === "all" ? null : values.siteId,
      enabled: values.enabled,
    };
    if (webhook) {
      await webhooksApi.update(webhook.webhookId, body);
      return { webhookId: webhook.webhookId };
    }
    // A new endpoint's secret is shown once, as it is made.
    const { data } = await webhooksApi.create(body);
    return { webhookId: data!.webhookId, secret: data!.secret };
  };

  return (
    <RecordDialog<WebhookForm, { secret?: string; webhookId: number }>
      title={webhook ? t("webhooks.editTitle") : t("webhooks.addTitle")}
      name="webhook"
      initialValues={initial}
      save={save}
      onClose={onClose}
      width={640}
    >
      <Form.Item
        name="url"
        label={t("webhooks.form.url")}
        extra={t("webhooks.form.urlHelp")}
        rules={[
          { required: true, whitespace: true, message: t("webhooks.form.urlRequired") },
          { pattern: /^https?:\/\/[^\s]+$/, message: t("webhooks.form.urlRequired") },
        ]}
      >
        <Input maxLength={500} inputMode="url" autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item name="description" label={t("webhooks.form.description")}>
        <Input maxLength={200} placeholder={t("webhooks.form.descriptionPlaceholder")} />
      </Form.Item>
      <Form.Item name="siteId" label={t("webhooks.form.site")}>
        <Select
          disabled={siteLocked}
          options={[
            ...(siteLocked ? [] : [{ value: "all", label: t("webhooks.allSites") }]),
            ...sites.map((site) => ({ value: site.siteId, label: site.company })),
          ]}
        />
      </Form.Item>
      <Form.Item
        name="events"
        label={t("webhooks.form.events")}
        rules={[{ required: true, type: "array", min: 1, message: t("webhooks.form.eventsRequired") }]}
      >
        <Checkbox.Group
          className="webhook-events"
          options={WEBHOOK_EVENTS.map((event) => ({
            value: event,
            label: (
              <span>
                <code>{event}</code> {t(`webhooks.events.${event}`)}
              </span>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t("webhooks.form.enabled")} valuePropName="checked">
        <Switch />
      </Form.Item>
    </RecordDialog>
  );
}
