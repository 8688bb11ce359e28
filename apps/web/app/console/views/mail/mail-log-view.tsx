import { MailLogQuery, type MailLogView, type MailMessageView } from "@rampart/contracts";
import { Alert, App, Button, Drawer, Space, Tabs, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { DeclaredListPage, listSpec } from "../list-page/declared-list-page";
import { usePagedList } from "../list-page/paged-list";
import { searchKeys, searchSpec } from "../list-page/search-fields";
import { useDateTime } from "../parts/date-time";
import { withViewMessages } from "../parts/view-messages";
import { mailLogApi } from "./mail-log-api";

const STATUS_COLOURS: Record<string, string> = {
  queued: "blue",
  sent: "green",
  retrying: "orange",
  failed: "red",
  not_sent: "default",
};

type Filters = Omit<Partial<MailLogQuery>, "pageNum" | "pageSize">;

const MAIL_LOG_PAGE = listSpec<MailLogView>("monitor.mail", "mailId", {
  search: searchSpec(
    "mailLogSearch",
    MailLogQuery,
    [{ name: "recipient" }, { kind: "choice", name: "status", options: "monitor.mail.statuses", minWidth: 140 }],
    "monitor.mail",
  ),
});
const FILTERS = searchKeys<Filters>(MAIL_LOG_PAGE.search);

/**
 * System monitoring → Mail log: every mail the server sent or meant to send (their site's when the
 * operator is bound to one), newest first: recipient, event, language, status, tries, the SMTP
 * server's last answer; a mail opened as rendered and as text; a failed one sent again. A one-time
 * link (a password reset, an invitation, an address to confirm) is shown to nobody: the server
 * masks it, and sending such a mail again mails its recipient a new link.
 */
export default withViewMessages("monitor", function MailLog({ title }: ViewProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const dateTime = useDateTime();
  const [open, setOpen] = useState<{ mail: MailMessageView; previewUrl: string } | null>(null);
  const list = usePagedList<MailLogView, Filters>(mailLogApi.list, FILTERS);
  const eventName = (event: string) => {
    const path = `monitor.mail.events.${event}`;
    return i18n.exists(path) ? t(path) : event;
  };
  const show = async (row: MailLogView) => {
    try {
      const [mail, preview] = await Promise.all([mailLogApi.message(row.mailId), mailLogApi.preview(row.mailId)]);
      if (mail.data && preview.data) setOpen({ mail: mail.data, previewUrl: preview.data.url });
    } catch {
      // The request client has told the user.
    }
  };
  const resend = async (row: MailLogView) => {
    try {
      await mailLogApi.resend(row.mailId);
      void message.success(t(row.oneTimeLink ? "monitor.mail.reissued" : "monitor.mail.resent", { to: row.recipient }));
    } catch {
      // The request client has told the user.
    } finally {
      await list.load();
    }
  };

  const columns: ColumnsType<MailLogView> = [
    { title: t("monitor.mail.columns.at"), dataIndex: "createTime", render: dateTime },
    {
      title: t("monitor.mail.columns.recipient"),
      dataIndex: "recipient",
      render: (recipient: string, row) => (
        <span className="order-no">
          <span>{recipient}</span>
          <span className="order-kind">{row.subject}</span>
        </span>
      ),
    },
    { title: t("monitor.mail.columns.event"), dataIndex: "event", render: eventName, responsive: ["md"] },
    { title: t("monitor.mail.columns.language"), dataIndex: "language", responsive: ["lg"] },
    {
      title: t("monitor.mail.columns.status"),
      dataIndex: "status",
      render: (status: string, row) => (
        <span title={row.lastResponse}>
          <Tag color={STATUS_COLOURS[status] ?? "default"}>{t(`monitor.mail.statuses.${status}`)}</Tag>
        </span>
      ),
    },
    { title: t("monitor.mail.columns.attempts"), dataIndex: "attempts", responsive: ["lg"] },
    {
      title: t("monitor.mail.columns.lastResponse"),
      dataIndex: "lastResponse",
      responsive: ["xl"],
      render: (text: string) => <span className="mail-log__response">{text || "—"}</span>,
    },
    {
      title: t("monitor.mail.columns.operations"),
      key: "operations",
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => void show(row)}>
            {t("monitor.mail.open")}
          </Button>
          {row.status === "failed" ? (
            <Can permissions={["monitor:mail:resend"]}>
              <Button type="link" size="small" onClick={() => void resend(row)}>
                {t("monitor.mail.resend")}
              </Button>
            </Can>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <DeclaredListPage spec={MAIL_LOG_PAGE} title={title} list={list} columns={columns}>
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size="large"
        title={open?.mail.subject}
        destroyOnHidden
      >
        {open ? (
          <>
            <p className="mail-log__meta">
              {t("monitor.mail.meta", {
                to: open.mail.recipient,
                status: t(`monitor.mail.statuses.${open.mail.status}`),
                at: dateTime(open.mail.createTime),
              })}
            </p>
            {open.mail.oneTimeLink ? (
              <Alert type="info" showIcon className="mail-log__hidden-link" title={t("monitor.mail.linkHidden")} />
            ) : null}
            <Tabs
              items={[
                {
                  key: "html",
                  label: t("monitor.mail.asHtml"),
                  children: (
                    <iframe
                      className="mail-log__frame"
                      title={open.mail.subject}
                      src={open.previewUrl}
                      sandbox=""
                      referrerPolicy="no-referrer"
                    />
                  ),
                },
                {
                  key: "text",
                  label: t("monitor.mail.asText"),
                  children: <pre className="mail-log__text">{open.mail.text}</pre>,
                },
              ]}
            />
          </>
        ) : null}
      </Drawer>
    </DeclaredListPage>
  );
});
