import type { QuarantinedMailDetail, QuarantinedMailView, QuarantineQuery } from "@rampart/contracts";
import { App, Button, Descriptions, Modal, Skeleton, Tag, Tooltip } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { confirmAction } from "../../controls/confirm-action";
import { ListTable, ListToolbar } from "../list-page/list-page";
import { useOperationsColumn } from "../list-page/operations-column";
import { usePagedList } from "../list-page/paged-list";
import { useDateTime } from "../parts/date-time";
import type { DeskSettingsScope } from "./desk-settings-tabs";
import { deskApi } from "./support-api";

const NO_FILTERS: readonly never[] = [];
const fetchPage = (query: Partial<QuarantineQuery>) => deskApi.quarantine(query);

/**
 * Desk settings → Quarantine: the mails the desk kept aside rather than add to anyone's ticket (a
 * stranger's, a reply not from the ticket's customer, an automatic answer, a sender not proven),
 * newest first, each with why; read as plain text (never as HTML: what a stranger wrote is not
 * rendered), then set aside, which deletes its text. An operator bound to a site sees that site's.
 */
export function DeskQuarantineTab({ scope }: { scope: DeskSettingsScope }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const when = useDateTime();
  const list = usePagedList<QuarantinedMailView, Record<never, string>>(fetchPage, NO_FILTERS, { inAddress: false });
  const [reading, setReading] = useState<number | null>(null);
  const stopReading = useCallback(() => setReading(null), []);

  const dismiss = (mail: Pick<QuarantinedMailView, "inboundId" | "mailFrom">, then?: () => void) =>
    confirmAction(modal, t, {
      title: t("deskSettings.quarantine.dismissTitle"),
      content: t("deskSettings.quarantine.dismissText", { from: mail.mailFrom }),
      action: async () => {
        try {
          const answer = await deskApi.dismiss(mail.inboundId);
          if (answer.msg) void message.success(answer.msg);
          then?.();
        } finally {
          await list.load();
        }
      },
    });
  const reason = (mail: QuarantinedMailView) => (
    <Tooltip title={t(`deskSettings.quarantine.reasonHelp.${mail.reason}`)}>
      <Tag color="orange">{t(`deskSettings.quarantine.reasons.${mail.reason}`)}</Tag>
    </Tooltip>
  );
  const operations = useOperationsColumn<QuarantinedMailView>(t("deskSettings.operations"), [
    { label: t("deskSettings.quarantine.read"), onClick: (mail) => setReading(mail.inboundId) },
    {
      label: t("deskSettings.quarantine.dismiss"),
      permission: "business:ticket:edit",
      danger: true,
      onClick: (mail) => dismiss(mail),
    },
  ]);
  const columns: ColumnsType<QuarantinedMailView> = [
    { title: t("deskSettings.quarantine.columns.received"), dataIndex: "receivedAt", render: when },
    {
      title: t("deskSettings.quarantine.columns.mail"),
      key: "mail",
      render: (_, mail) => (
        <span className="ticket-subject">
          <Button type="link" size="small" className="ticket-subject__title" onClick={() => setReading(mail.inboundId)}>
            {mail.subject || t("deskSettings.quarantine.noSubject")}
          </Button>
          <span className="ticket-subject__no">
            {mail.mailFrom} → {mail.rcptTo}
          </span>
        </span>
      ),
    },
    { title: t("deskSettings.quarantine.columns.reason"), key: "reason", render: (_, mail) => reason(mail) },
    ...(scope.siteBound
      ? []
      : [
          {
            title: t("deskSettings.quarantine.columns.site"),
            key: "site",
            responsive: ["md" as const],
            render: (_: unknown, mail: QuarantinedMailView) =>
              mail.siteId === null ? t("deskSettings.quarantine.noSite") : scope.siteName(mail.siteId),
          },
        ]),
    operations,
  ];

  return (
    <section className="desk-settings__tab">
      <p className="support-intro">{t("deskSettings.quarantine.intro")}</p>
      <ListToolbar onRefresh={() => void list.load()} />
      <ListTable<QuarantinedMailView>
        rowKey="inboundId"
        size="small"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        emptyText={t("deskSettings.quarantine.empty")}
        pagination={list.pagination((count) => t("deskSettings.quarantine.total", { count }))}
      />
      {reading !== null ? (
        <QuarantinedMailDialog
          inboundId={reading}
          scope={scope}
          onClose={stopReading}
          onDismiss={(mail) => dismiss(mail, stopReading)}
        />
      ) : null}
    </section>
  );
}

/** One quarantined mail: who wrote to whom, why it was kept aside, and its text as plain text. */
function QuarantinedMailDialog({
  inboundId,
  scope,
  onClose,
  onDismiss,
}: {
  inboundId: number;
  scope: DeskSettingsScope;
  onClose: () => void;
  onDismiss: (mail: QuarantinedMailDetail) => void;
}) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const when = useDateTime();
  const [mail, setMail] = useState<QuarantinedMailDetail | null>(null);
  useEffect(() => {
    let live = true;
    deskApi.quarantined(inboundId).then(
      ({ data }) => live && setMail(data ?? null),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
  }, [inboundId, onClose]);
  const size = (bytes: number) =>
    new Intl.NumberFormat(language, { style: "unit", unit: "kilobyte", maximumFractionDigits: 1 }).format(bytes / 1024);

  return (
    <Modal
      open
      width={820}
      title={mail ? mail.subject || t("deskSettings.quarantine.noSubject") : t("deskSettings.quarantine.read")}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t("deskSettings.quarantine.close")}
        </Button>,
        mail ? (
          <Can key="dismiss" permissions={["business:ticket:edit"]}>
            <Button danger onClick={() => onDismiss(mail)}>
              {t("deskSettings.quarantine.dismiss")}
            </Button>
          </Can>
        ) : null,
      ]}
      destroyOnHidden
    >
      {!mail ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: "from", label: t("deskSettings.quarantine.from"), children: mail.mailFrom },
              { key: "to", label: t("deskSettings.quarantine.to"), children: mail.rcptTo },
              {
                key: "received",
                label: t("deskSettings.quarantine.columns.received"),
                children: when(mail.receivedAt),
              },
              {
                key: "reason",
                label: t("deskSettings.quarantine.columns.reason"),
                children: (
                  <>
                    <Tag color="orange">{t(`deskSettings.quarantine.reasons.${mail.reason}`)}</Tag>
                    {t(`deskSettings.quarantine.reasonHelp.${mail.reason}`)}
                  </>
                ),
              },
              ...(mail.ticketNo
                ? [
                    {
                      key: "ticket",
                      label: t("deskSettings.quarantine.ticket"),
                      children: `#${mail.ticketNo}`,
                    },
                  ]
                : []),
              ...(scope.siteBound
                ? []
                : [
                    {
                      key: "site",
                      label: t("deskSettings.quarantine.columns.site"),
                      children:
                        mail.siteId === null ? t("deskSettings.quarantine.noSite") : scope.siteName(mail.siteId),
                    },
                  ]),
              {
                key: "via",
                label: t("deskSettings.quarantine.via"),
                children: `${t(`deskSettings.quarantine.vias.${mail.via}`)} · ${size(mail.size)}`,
              },
            ]}
          />
          <h3 className="quarantine-text__title">{t("deskSettings.quarantine.text")}</h3>
          {/* Plain text, escaped by React: a stranger's mail is never rendered as HTML. */}
          {mail.text ? (
            <pre className="quarantine-text">{mail.text}</pre>
          ) : (
            <p className="ticket-muted">{t("deskSettings.quarantine.noText")}</p>
          )}
        </>
      )}
    </Modal>
  );
}
