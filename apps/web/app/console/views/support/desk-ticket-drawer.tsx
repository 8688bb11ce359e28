import { AlertOutlined } from "@ant-design/icons";
import {
  type CannedReplyView,
  hasPermission,
  type OperatorTicketView,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";
import { Alert, App, Button, Drawer, Form, Input, Modal, Segmented, Select, Skeleton, Space, Tag } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useGrants } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { RichTextEditor } from "../parts/rich-text-editor";
import { type AttachedFile, AttachmentsField } from "./attachments-field";
import { deskApi } from "./support-api";
import { TicketMessages } from "./ticket-messages";
import { PRIORITY_COLOURS, SLA_COLOURS, STATUS_COLOURS } from "./ticket-tags";

type Mode = "answer" | "note";
type Then = "answered" | "on_hold" | "closed";

/**
 * A ticket at the desk, in a side panel: the whole thread with internal notes (messages can be
 * picked to split them off), an answer or a note (canned replies in the reader's language, then
 * waiting for the customer, on hold or closed), acknowledging a page, assignment, status,
 * priority, merge; beside it the customer, their packages, orders and other tickets, and the
 * ticket's history. What the operator may not do is not offered (the server refuses it anyway).
 */
export function DeskTicketDrawer({
  ticketNo,
  onClose,
  onChanged,
}: {
  ticketNo: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const { message } = App.useApp();
  const grants = useGrants();
  const canReply = hasPermission(grants, "business:ticket:reply");
  const canEdit = hasPermission(grants, "business:ticket:edit");
  const [ticket, setTicket] = useState<OperatorTicketView | null>(null);
  const [assignees, setAssignees] = useState<{ userId: number; userName: string; nickName: string }[]>([]);
  const [canned, setCanned] = useState<CannedReplyView[]>([]);
  const [mode, setMode] = useState<Mode>("answer");
  const [then, setThen] = useState<Then>("answered");
  const [reply, setReply] = useState("");
  const [files, setFiles] = useState<AttachedFile[]>([]);
  const [editorKey, setEditorKey] = useState(0);
  const [sending, setSending] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [merging, setMerging] = useState(false);
  const [splitting, setSplitting] = useState(false);
  const [mergeForm] = Form.useForm<{ intoTicketNo: string }>();
  const [splitForm] = Form.useForm<{ subject: string }>();

  const load = useCallback(async () => {
    try {
      const { data } = await deskApi.ticket(ticketNo);
      setTicket(data ?? null);
    } catch {
      onClose();
    }
  }, [ticketNo, onClose]);
  useEffect(() => {
    setTicket(null);
    setPicked([]);
    void load();
    if (canEdit)
      deskApi.assignees(ticketNo).then(
        ({ data }) => setAssignees(data ?? []),
        () => {},
      );
    if (canReply)
      deskApi.canned().then(
        ({ data }) => setCanned(data ?? []),
        () => {},
      );
  }, [load, ticketNo, canEdit, canReply]);

  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const act = async (action: () => Promise<{ msg?: string }>) => {
    try {
      const answer = await action();
      if (answer.msg) void message.success(answer.msg);
      await load();
      onChanged();
      return true;
    } catch {
      return false;
    }
  };
  const send = async () => {
    setSending(true);
    const sent = await act(() =>
      deskApi.reply(ticketNo, {
        message: reply,
        ...(files.length ? { attachments: files.map((file) => file.fileId) } : {}),
        ...(mode === "note" ? { internal: true } : { status: then }),
      }),
    );
    setSending(false);
    if (sent) {
      setReply("");
      setFiles([]);
      setEditorKey((key) => key + 1);
    }
  };
  const insertCanned = (replyId: number) => {
    const chosen = canned.find((c) => c.replyId === replyId);
    if (!chosen) return;
    setReply((before) => `${before}${chosen.body}`);
    setEditorKey((key) => key + 1);
  };
  const historyLine = (kind: string, detail: Record<string, unknown>) => {
    const values: Record<string, string> = Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, String(v)]));
    if (kind === "status" && typeof detail.to === "string") values.to = t(`desk.statuses.${detail.to}`);
    if (kind === "priority" && typeof detail.to === "string") values.to = t(`support.priorities.${detail.to}`);
    if (kind === "assigned" && !detail.to) return t("desk.history.unassigned");
    return t(`desk.history.${kind}`, { defaultValue: kind, ...values });
  };

  const row = ticket?.row;
  return (
    <Drawer
      open
      title={ticket ? `#${ticketNo} · ${ticket.subject}` : `#${ticketNo}`}
      width="min(1100px, 100vw)"
      onClose={onClose}
      className="ticket-drawer desk-drawer"
    >
      {!ticket || !row ? (
        <Skeleton active />
      ) : (
        <div className="desk-ticket">
          <div className="desk-ticket__main">
            {row.paging ? (
              <Alert
                type="error"
                showIcon
                icon={<AlertOutlined />}
                message={t("desk.paging")}
                action={
                  canReply ? (
                    <Button danger type="primary" onClick={() => void act(() => deskApi.acknowledge(ticketNo))}>
                      {t("desk.acknowledge")}
                    </Button>
                  ) : null
                }
              />
            ) : null}
            <Space wrap className="desk-ticket__controls">
              <Select<TicketStatus>
                aria-label={t("desk.setStatus")}
                value={ticket.status}
                disabled={!canReply || ticket.mergedInto !== null}
                onChange={(status) => void act(() => deskApi.status(ticketNo, status))}
                options={TICKET_STATUSES.map((value) => ({ value, label: t(`desk.statuses.${value}`) }))}
                className="desk-ticket__select"
              />
              <Select<TicketPriority>
                aria-label={t("desk.setPriority")}
                value={ticket.priority}
                disabled={!canEdit}
                onChange={(priority) => void act(() => deskApi.priority(ticketNo, priority))}
                options={TICKET_PRIORITIES.map((value) => ({ value, label: t(`support.priorities.${value}`) }))}
                className="desk-ticket__select"
              />
              <Select<number | "none">
                aria-label={t("desk.assignTo")}
                value={row.assignee?.userId ?? "none"}
                disabled={!canEdit}
                onChange={(value) => void act(() => deskApi.assign(ticketNo, value === "none" ? null : value))}
                options={[
                  { value: "none" as const, label: t("desk.unassigned") },
                  ...(row.assignee && !assignees.some((a) => a.userId === row.assignee!.userId)
                    ? [{ value: row.assignee.userId, label: row.assignee.userName }]
                    : []),
                  ...assignees.map((a) => ({ value: a.userId, label: a.nickName || a.userName })),
                ]}
                className="desk-ticket__select desk-ticket__select--wide"
              />
              {canEdit && ticket.mergedInto === null ? (
                <>
                  <Button onClick={() => setMerging(true)}>{t("desk.merge.action")}</Button>
                  <Button disabled={picked.length === 0} onClick={() => setSplitting(true)}>
                    {t("desk.split.action")}
                  </Button>
                </>
              ) : null}
            </Space>
            <Space wrap className="ticket-drawer__tags">
              <Tag color={STATUS_COLOURS[ticket.status]}>{t(`desk.statuses.${ticket.status}`)}</Tag>
              <Tag color={PRIORITY_COLOURS[ticket.priority]}>{t(`support.priorities.${ticket.priority}`)}</Tag>
              <span>{ticket.department}</span>
              {row.firstReplySla !== "none" ? (
                <Tag color={SLA_COLOURS[row.firstReplySla]}>
                  {t("desk.sla.firstReply")} · {t(`desk.sla.${row.firstReplySla}`, { time: when(row.firstReplyDue) })}
                </Tag>
              ) : null}
              <Tag color={SLA_COLOURS[row.resolutionSla]}>
                {t("desk.sla.resolution")} · {t(`desk.sla.${row.resolutionSla}`, { time: when(row.resolutionDue) })}
              </Tag>
              {ticket.rating ? <Tag color="gold">{t("desk.side.rating", { rating: ticket.rating })}</Tag> : null}
            </Space>
            {ticket.mergedInto ? (
              <Alert type="info" message={t("support.thread.merged", { ticketNo: ticket.mergedInto })} />
            ) : null}
            <TicketMessages
              messages={ticket.messages}
              reader="staff"
              {...(canEdit && ticket.mergedInto === null ? { picked, onPick: setPicked } : {})}
            />
            {canReply && ticket.mergedInto === null ? (
              <section className={`ticket-reply${mode === "note" ? " ticket-reply--note" : ""}`}>
                <Space wrap className="ticket-reply__bar">
                  <Segmented<Mode>
                    value={mode}
                    onChange={setMode}
                    options={[
                      { value: "answer", label: t("desk.reply.answer") },
                      { value: "note", label: t("desk.reply.note") },
                    ]}
                  />
                  {canned.length > 0 ? (
                    <Select<number>
                      className="ticket-reply__canned"
                      placeholder={t("desk.reply.canned")}
                      value={null as unknown as number}
                      onChange={insertCanned}
                      // The ticket's language first: the customer reads the answer in it.
                      options={[
                        ...canned.filter((c) => c.language === ticket.language),
                        ...canned.filter((c) => c.language !== ticket.language),
                      ].map((c) => ({ value: c.replyId, label: `${c.title} · ${c.language}` }))}
                    />
                  ) : null}
                </Space>
                {mode === "note" ? <p className="ticket-reply__hint">{t("desk.reply.noteHint")}</p> : null}
                <RichTextEditor
                  key={editorKey}
                  label={mode === "note" ? t("desk.reply.note") : t("desk.reply.answer")}
                  images={false}
                  value={reply}
                  onChange={setReply}
                />
                <AttachmentsField value={files} onChange={setFiles} />
                <Space wrap>
                  {mode === "answer" ? (
                    <Space>
                      <span>{t("desk.reply.then")}</span>
                      <Select<Then>
                        value={then}
                        onChange={setThen}
                        className="desk-ticket__select desk-ticket__select--wide"
                        options={(["answered", "on_hold", "closed"] as const).map((value) => ({
                          value,
                          label: t(`desk.reply.thenStatus.${value}`),
                        }))}
                      />
                    </Space>
                  ) : null}
                  <Button type="primary" loading={sending} disabled={reply === ""} onClick={() => void send()}>
                    {mode === "note" ? t("desk.reply.addNote") : t("desk.reply.send")}
                  </Button>
                </Space>
              </section>
            ) : null}
          </div>
          <aside className="desk-ticket__side">
            <section>
              <h3>{t("desk.side.customer")}</h3>
              <p>
                <strong>{row.customer.nickName || row.customer.userName}</strong>
                <br />
                {row.customer.userName}
                <br />
                <a href={`mailto:${row.customer.email}`}>{row.customer.email}</a>
              </p>
            </section>
            <section>
              <h3>{t("desk.side.services")}</h3>
              {ticket.services.length === 0 ? (
                <p className="ticket-muted">{t("desk.side.none")}</p>
              ) : (
                <ul>
                  {ticket.services.map((s) => (
                    <li
                      key={s.orderNo}
                      className={s.orderNo === ticket.serviceOrderNo ? "desk-side__current" : undefined}
                    >
                      {t(`nav.products_.${s.product}`, { defaultValue: s.product })} · {s.orderNo}
                      <span className="ticket-muted">
                        {" "}
                        · {t(`desk.side.serviceStates.${s.status}`, { defaultValue: s.status })}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section>
              <h3>{t("desk.side.orders")}</h3>
              {ticket.orders.length === 0 ? (
                <p className="ticket-muted">{t("desk.side.none")}</p>
              ) : (
                <ul>
                  {ticket.orders.map((o) => (
                    <li key={o.orderNo}>
                      {o.orderNo}
                      <span className="ticket-muted">
                        {" "}
                        · {formatMoney({ minor: o.amount, currency: o.currency }, language)} ·{" "}
                        {t(`desk.side.orderStatuses.${o.status}`, { defaultValue: o.status })}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section>
              <h3>{t("desk.side.otherTickets")}</h3>
              {ticket.otherTickets.length === 0 ? (
                <p className="ticket-muted">{t("desk.side.none")}</p>
              ) : (
                <ul>
                  {ticket.otherTickets.map((o) => (
                    <li key={o.ticketNo}>
                      #{o.ticketNo} {o.subject}
                      <span className="ticket-muted"> · {t(`desk.statuses.${o.status}`)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section>
              <h3>{t("desk.side.history")}</h3>
              <ol className="desk-history">
                {ticket.history.map((event) => (
                  <li key={event.eventId}>
                    <time dateTime={event.at}>{when(event.at)}</time> {event.by || t("desk.history.system")}{" "}
                    {historyLine(event.kind, event.detail)}
                  </li>
                ))}
              </ol>
            </section>
          </aside>
        </div>
      )}
      <Modal
        open={merging}
        title={t("desk.merge.title")}
        onCancel={() => setMerging(false)}
        onOk={() => mergeForm.submit()}
        destroyOnHidden
      >
        <p>{t("desk.merge.text", { ticketNo })}</p>
        <Form
          form={mergeForm}
          layout="vertical"
          onFinish={async ({ intoTicketNo }) => {
            if (await act(() => deskApi.merge(ticketNo, intoTicketNo.replace(/^#/, "").trim()))) setMerging(false);
          }}
        >
          <Form.Item
            name="intoTicketNo"
            label={t("desk.merge.into")}
            rules={[{ required: true, pattern: /^#?\d{6,12}$/ }]}
          >
            <Input inputMode="numeric" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={splitting}
        title={t("desk.split.title")}
        onCancel={() => setSplitting(false)}
        onOk={() => splitForm.submit()}
        destroyOnHidden
      >
        <p>
          {t("desk.split.messages")}: {picked.length}
        </p>
        <Form
          form={splitForm}
          layout="vertical"
          onFinish={async ({ subject }) => {
            if (await act(() => deskApi.split(ticketNo, picked, subject.trim()))) {
              setSplitting(false);
              setPicked([]);
            }
          }}
        >
          <Form.Item name="subject" label={t("desk.split.subject")} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
