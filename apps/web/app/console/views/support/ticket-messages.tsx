import { PaperClipOutlined } from "@ant-design/icons";
import type { TicketMessageView } from "@rampart/contracts";
import { Button, Checkbox } from "antd";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { RichTextView } from "../parts/rich-text-view";
import { downloadAttachment } from "./support-api";

const size = (bytes: number, language: string) =>
  bytes < 1024 * 1024
    ? `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} KB`
    : `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;

/**
 * A ticket's messages, oldest first: the customer's on one side, the provider's on the other, an
 * internal note marked as one (only operators are given notes); each with its author, time, how it
 * came (web or mail) and its attachments (saved through the ticket, with the session's token). The
 * desk may pick messages (to split them off).
 */
export function TicketMessages({
  messages,
  reader,
  picked,
  onPick,
}: {
  messages: TicketMessageView[];
  reader: "customer" | "staff";
  picked?: number[];
  onPick?: (messageIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  return (
    <ol className="ticket-messages">
      {messages.map((message) => {
        const own = message.from === reader;
        const author =
          message.from === "customer"
            ? reader === "customer"
              ? t("support.thread.you")
              : message.authorName
            : message.internal
              ? t("desk.noteLabel", { name: message.authorName })
              : t("support.thread.staff", { name: message.authorName });
        return (
          <li
            key={message.messageId}
            className={`ticket-message ticket-message--${message.from}${own ? " ticket-message--own" : ""}${message.internal ? " ticket-message--note" : ""}`}
          >
            <div className="ticket-message__head">
              {onPick ? (
                <Checkbox
                  checked={picked?.includes(message.messageId)}
                  onChange={(event) =>
                    onPick(
                      event.target.checked
                        ? [...(picked ?? []), message.messageId]
                        : (picked ?? []).filter((id) => id !== message.messageId),
                    )
                  }
                />
              ) : null}
              <strong className="ticket-message__author">{author}</strong>
              <time dateTime={message.createdAt}>{when(message.createdAt)}</time>
              {message.via === "mail" ? (
                <span className="ticket-message__via">{t("support.thread.viaMail")}</span>
              ) : null}
            </div>
            <RichTextView html={message.body} />
            {message.attachments.length > 0 ? (
              <ul className="ticket-message__files">
                {message.attachments.map((file) => (
                  <li key={file.fileId}>
                    <Button
                      type="link"
                      size="small"
                      icon={<PaperClipOutlined />}
                      onClick={() => void downloadAttachment(file.url, file.name).catch(() => {})}
                    >
                      {file.name}
                    </Button>
                    <span className="ticket-message__size">{size(file.size, language)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
