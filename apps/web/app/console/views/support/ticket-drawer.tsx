import type { TicketThreadView } from "@rampart/contracts";
import { Alert, App, Button, Drawer, Input, Rate, Skeleton, Space, Tag } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { confirmAction } from "../../controls/confirm-action";
import { RichTextEditor } from "../parts/rich-text-editor";
import { type AttachedFile, AttachmentsField } from "./attachments-field";
import { supportApi } from "./support-api";
import { TicketMessages } from "./ticket-messages";
import { PRIORITY_COLOURS, STATUS_COLOURS } from "./ticket-tags";

/**
 * One of the customer's tickets in a side panel: its messages, a reply (with attachments), Close
 * and Reopen (within the window), and the rating once the provider has answered.
 */
export function TicketDrawer({
  ticketNo,
  onClose,
  onChanged,
}: {
  ticketNo: string;
  onClose: () => void;
  /** Something changed (the list shows it). */
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { modal, message } = App.useApp();
  const [thread, setThread] = useState<TicketThreadView | null>(null);
  const [reply, setReply] = useState("");
  const [files, setFiles] = useState<AttachedFile[]>([]);
  const [sending, setSending] = useState(false);
  const [editorKey, setEditorKey] = useState(0);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const load = useCallback(async () => {
    try {
      const { data } = await supportApi.thread(ticketNo);
      setThread(data ?? null);
      setRating(data?.rating ?? 0);
      setComment(data?.ratingComment ?? "");
    } catch {
      onClose();
    }
  }, [ticketNo, onClose]);
  useEffect(() => {
    setThread(null);
    void load();
  }, [load]);
  const day = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(new Date(iso));

  const act = async (action: () => Promise<{ msg?: string }>) => {
    const answer = await action();
    if (answer.msg) void message.success(answer.msg);
    await load();
    onChanged();
  };
  const send = async () => {
    setSending(true);
    try {
      await act(() =>
        supportApi.reply(ticketNo, {
          message: reply,
          ...(files.length ? { attachments: files.map((file) => file.fileId) } : {}),
        }),
      );
      setReply("");
      setFiles([]);
      setEditorKey((key) => key + 1);
    } catch {
      // The request client has said why; what was typed stays.
    } finally {
      setSending(false);
    }
  };
  const closed = thread?.status === "closed";
  const canWrite = thread && thread.mergedInto === null && (!closed || thread.reopenUntil !== null);
  const answered = thread?.messages.some((m) => m.from === "staff") ?? false;

  return (
    <Drawer
      open
      title={
        thread
          ? `${t("support.thread.title", { ticketNo })} · ${thread.subject}`
          : t("support.thread.title", { ticketNo })
      }
      width="min(760px, 100vw)"
      onClose={onClose}
      className="ticket-drawer"
      extra={
        thread && !closed ? (
          <Button
            onClick={() =>
              confirmAction(modal, t, {
                content: t("support.thread.closeText", { ticketNo }),
                action: () => act(() => supportApi.close(ticketNo)).catch(() => {}),
              })
            }
          >
            {t("support.thread.close")}
          </Button>
        ) : null
      }
    >
      {!thread ? (
        <Skeleton active />
      ) : (
        <>
          <Space wrap className="ticket-drawer__tags">
            <Tag color={STATUS_COLOURS[thread.status]}>{t(`support.statuses.${thread.status}`)}</Tag>
            <Tag color={PRIORITY_COLOURS[thread.priority]}>{t(`support.priorities.${thread.priority}`)}</Tag>
            <span>{thread.department}</span>
            {thread.serviceOrderNo ? (
              <span>{t("support.thread.package", { orderNo: thread.serviceOrderNo })}</span>
            ) : null}
            {thread.orderNo ? <span>{t("support.thread.order", { orderNo: thread.orderNo })}</span> : null}
          </Space>
          <TicketMessages messages={thread.messages} reader="customer" />
          {thread.mergedInto ? (
            <Alert type="info" message={t("support.thread.merged", { ticketNo: thread.mergedInto })} />
          ) : closed ? (
            <Alert
              type="info"
              message={
                thread.reopenUntil
                  ? t("support.thread.closedUntil", { date: day(thread.reopenUntil) })
                  : t("support.thread.closedForGood")
              }
              action={
                thread.reopenUntil ? (
                  <Button size="small" onClick={() => void act(() => supportApi.reopen(ticketNo)).catch(() => {})}>
                    {t("support.thread.reopen")}
                  </Button>
                ) : null
              }
            />
          ) : null}
          {canWrite ? (
            <section className="ticket-reply" aria-label={t("support.thread.reply")}>
              <RichTextEditor
                key={editorKey}
                label={t("support.thread.reply")}
                images={false}
                value={reply}
                onChange={setReply}
              />
              <AttachmentsField value={files} onChange={setFiles} />
              <Button type="primary" loading={sending} disabled={reply === ""} onClick={() => void send()}>
                {t("support.thread.send")}
              </Button>
            </section>
          ) : null}
          {answered && thread.mergedInto === null ? (
            <section className="ticket-rating" aria-label={t("support.thread.rate")}>
              <h3>{t("support.thread.rate")}</h3>
              {thread.rating ? <p>{t("support.thread.rated", { rating: thread.rating })}</p> : null}
              <Rate value={rating} onChange={setRating} />
              <Input.TextArea
                rows={2}
                maxLength={1000}
                value={comment}
                placeholder={t("support.thread.rateComment")}
                onChange={(event) => setComment(event.target.value)}
              />
              <Button
                disabled={rating === 0}
                onClick={() => void act(() => supportApi.rate(ticketNo, rating, comment.trim())).catch(() => {})}
              >
                {t("support.thread.rateSend")}
              </Button>
            </section>
          ) : null}
        </>
      )}
    </Drawer>
  );
}
