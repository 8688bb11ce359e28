import {
  hasPermission,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  type MailTemplatePreview,
  type MailTemplateSummary,
  type MailTemplateText,
  type MailTemplateView,
} from "@rampart/contracts";
import {
  Alert,
  App,
  Button,
  Drawer,
  Form,
  Grid,
  Input,
  Popconfirm,
  Segmented,
  Skeleton,
  Space,
  Spin,
  Tabs,
  Tag,
} from "antd";
import type { ColumnsType } from "antd/es/table";
import { type FocusEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can, useGrants } from "../../../shared/auth/permissions";
import { RequestError } from "../../../shared/request/request-client";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { useDateTime } from "../monitor/date-time";
import { useMonitorMessages } from "../monitor/monitor-messages";
import { useWideScreen } from "../search-toggle";
import { mailTemplatesApi } from "./mail-templates-api";
import { useSystemMessages } from "./system-messages";

/** One event with its five languages, as the list shows it. */
interface EventRow {
  event: string;
  languages: Partial<Record<Language, MailTemplateSummary>>;
}

type Field = keyof MailTemplateText;

/** How long typing must pause before the preview is asked for again. */
const PREVIEW_DELAY_MS = 400;

const sameText = (a: MailTemplateText, b: MailTemplateText) =>
  a.subject === b.subject && a.heading === b.heading && a.body === b.body && a.action === b.action;

/** The rows of the list, one per event, in the server's order. */
function byEvent(rows: readonly MailTemplateSummary[]): EventRow[] {
  const events = new Map<string, EventRow>();
  for (const row of rows) {
    const entry = events.get(row.event) ?? { event: row.event, languages: {} };
    entry.languages[row.language as Language] = row;
    events.set(row.event, entry);
  }
  return [...events.values()];
}

/** The language of the interface, when it is one the mails are written in. */
const languageOf = (tag: string): Language =>
  (LANGUAGES as readonly string[]).includes(tag) ? (tag as Language) : "en";

/**
 * System management → Mail templates: per event and language, the subject, heading, body and
 * button label of the mails the product sends (with named placeholders); edited with a live
 * preview, tried out by sending a test to oneself, saved, or reverted to the built-in text.
 */
export default function MailTemplatesView({ title }: ViewProps) {
  const system = useSystemMessages();
  // The events' names are the mail log's.
  const monitor = useMonitorMessages();
  return system && monitor ? <MailTemplates title={title} /> : <Skeleton active />;
}

function useEventName() {
  const { t, i18n } = useTranslation();
  return (event: string) => {
    const path = `monitor.mail.events.${event}`;
    return i18n.exists(path) ? t(path) : event;
  };
}

function MailTemplates({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  const dateTime = useDateTime();
  const grants = useGrants();
  const eventName = useEventName();
  const wide = useWideScreen();
  const canOpen = hasPermission(grants, "system:mailTemplate:query");
  const [rows, setRows] = useState<EventRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<string | null>(null);
  const current = languageOf(i18n.language);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(byEvent((await mailTemplatesApi.list()).rows ?? []));
    } catch {
      // The request client has told the user.
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const status = (summary: MailTemplateSummary | undefined) =>
    summary?.customized ? t("mailTemplates.customized") : t("mailTemplates.default");

  /** A tag per language, coloured when an operator's text replaces the default. */
  const languageTags = (row: EventRow) => (
    <span className="mail-templates__languages">
      {LANGUAGES.map((language) => {
        const summary = row.languages[language];
        const label = t("mailTemplates.languageStatus", {
          language: LANGUAGE_NAMES[language],
          status: status(summary),
        });
        return (
          <Tag key={language} color={summary?.customized ? "blue" : undefined} title={label} aria-label={label}>
            {language}
          </Tag>
        );
      })}
    </span>
  );

  const columns: ColumnsType<EventRow> = [
    {
      title: t("mailTemplates.columns.event"),
      key: "event",
      render: (_, row) => (
        <span className="order-no">
          {canOpen ? (
            <Button type="link" size="small" className="mail-templates__open" onClick={() => setEditing(row.event)}>
              {eventName(row.event)}
            </Button>
          ) : (
            <span>{eventName(row.event)}</span>
          )}
          <code className="order-kind">{row.event}</code>
          {/* On a phone the languages go under the name: the table then fits the screen. */}
          {wide ? null : languageTags(row)}
        </span>
      ),
    },
    {
      title: t("mailTemplates.columns.languages"),
      key: "languages",
      responsive: ["md"],
      render: (_, row) => languageTags(row),
    },
    {
      title: t("mailTemplates.columns.subject", { language: LANGUAGE_NAMES[current] }),
      key: "subject",
      responsive: ["md"],
      render: (_, row) => <span className="mail-templates__subject">{row.languages[current]?.subject ?? "—"}</span>,
    },
    {
      title: t("mailTemplates.columns.updated"),
      key: "updated",
      responsive: ["xl"],
      render: (_, row) => {
        const last = Object.values(row.languages)
          .filter((summary) => summary.customized && summary.updatedAt)
          .sort((a, b) => String(b.updatedAt).localeCompare(String(a.updatedAt)))[0];
        return last?.updatedAt ? (
          <span className="order-no">
            <span>{dateTime(last.updatedAt)}</span>
            <span className="order-kind">
              {LANGUAGE_NAMES[last.language as Language] ?? last.language} · {last.updatedBy}
            </span>
          </span>
        ) : (
          "—"
        );
      },
    },
    {
      title: t("mailTemplates.columns.operations"),
      key: "operations",
      render: (_, row) => (
        <Can permissions={["system:mailTemplate:query"]}>
          <Button type="link" size="small" onClick={() => setEditing(row.event)}>
            {t("mailTemplates.edit")}
          </Button>
        </Can>
      ),
    },
  ];

  const editingRow = rows.find((row) => row.event === editing);
  return (
    <ListPage title={title}>
      <ListToolbar
        actions={
          <p className="mail-templates__intro">
            {t("mailTemplates.intro")}{" "}
            <span className="mail-templates__legend">
              <Tag color="blue">{t("mailTemplates.customized")}</Tag>
              <Tag>{t("mailTemplates.default")}</Tag>
            </span>
          </p>
        }
        onRefresh={() => void load()}
      />
      <ListTable<EventRow>
        rowKey="event"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        emptyText={t("mailTemplates.empty")}
      />
      {editing ? (
        <MailTemplateEditor
          event={editing}
          label={eventName(editing)}
          initialLanguage={current}
          customized={LANGUAGES.filter((language) => editingRow?.languages[language]?.customized)}
          onChanged={() => void load()}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </ListPage>
  );
}

interface EditorProps {
  event: string;
  label: string;
  initialLanguage: Language;
  /** The languages whose text is an operator's (marked on their tabs). */
  customized: readonly Language[];
  /** Saved or reverted: the list is to be reloaded. */
  onChanged: () => void;
  onClose: () => void;
}

/**
 * The editor of one event's mail: a tab per language; subject, heading, body and button label with
 * placeholder chips that insert at the cursor; the mail rendered with sample values as one types;
 * save, send a test, revert to the default. Unsaved changes are confirmed before they are lost.
 */
function MailTemplateEditor({ event, label, initialLanguage, customized, onChanged, onClose }: EditorProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const dateTime = useDateTime();
  const screens = Grid.useBreakpoint();
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const [view, setView] = useState<MailTemplateView | null>(null);
  const [text, setText] = useState<MailTemplateText | null>(null);
  const [preview, setPreview] = useState<MailTemplatePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [showText, setShowText] = useState(false);
  const [busy, setBusy] = useState<"save" | "test" | "revert" | null>(null);
  const lastField = useRef<{ field: Field; element: HTMLInputElement | HTMLTextAreaElement } | null>(null);
  const previewRun = useRef(0);
  const dirty = view !== null && text !== null && !sameText(view.text, text);

  // The text of the chosen language.
  useEffect(() => {
    let live = true;
    setView(null);
    setText(null);
    setPreview(null);
    setRefusal(null);
    lastField.current = null;
    mailTemplatesApi.get(event, language).then(
      (answer) => {
        if (!live || !answer.data) return;
        setView(answer.data);
        setText(answer.data.text);
      },
      () => {
        // The request client has told the user.
      },
    );
    return () => {
      live = false;
    };
  }, [event, language]);

  // The preview, once typing pauses; an answer overtaken by a later one is dropped.
  useEffect(() => {
    if (!text) return;
    const run = ++previewRun.current;
    const timer = setTimeout(async () => {
      setPreviewing(true);
      try {
        const answer = await mailTemplatesApi.preview(event, language, text);
        if (run !== previewRun.current) return;
        if (answer.data) setPreview(answer.data);
        setRefusal(null);
      } catch (error) {
        if (run === previewRun.current && error instanceof RequestError && error.code === 400)
          setRefusal(error.message);
      } finally {
        if (run === previewRun.current) setPreviewing(false);
      }
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [event, language, text]);

  /** Runs `then` at once, or after the operator agreed to lose their unsaved changes. */
  const unlessDirty = (then: () => void) => {
    if (!dirty) {
      then();
      return;
    }
    modal.confirm({
      title: t("mailTemplates.discardTitle"),
      content: t("mailTemplates.discardText", { language: LANGUAGE_NAMES[language] }),
      okText: t("mailTemplates.discard"),
      okButtonProps: { danger: true },
      cancelText: t("mailTemplates.keepEditing"),
      onOk: then,
    });
  };

  const change = (field: Field, value: string) =>
    setText((before) => (before ? { ...before, [field]: value } : before));
  const focused = (field: Field) => (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    lastField.current = { field, element: e.currentTarget };
  };

  /** Puts `{{name}}` where the cursor was in the last field used (the body's end at first). */
  const insert = (name: string) => {
    if (!text) return;
    const token = `{{${name}}}`;
    const target = lastField.current;
    const field = target?.field ?? "body";
    const value = text[field];
    const start = target?.element.selectionStart ?? value.length;
    const end = target?.element.selectionEnd ?? start;
    change(field, value.slice(0, start) + token + value.slice(end));
    const element = target?.element ?? document.getElementById(`mail-template-${field}`);
    requestAnimationFrame(() => {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return;
      element.focus();
      element.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const saved = (next: MailTemplateView) => {
    setView(next);
    setText(next.text);
    setRefusal(null);
    onChanged();
  };
  const languageName = LANGUAGE_NAMES[language];
  const save = async () => {
    if (!text) return;
    setBusy("save");
    try {
      const answer = await mailTemplatesApi.save(event, language, text);
      if (answer.data) saved(answer.data);
      void message.success(t("mailTemplates.saved", { event: label, language: languageName }));
    } catch (error) {
      if (error instanceof RequestError && error.code === 400) setRefusal(error.message);
    } finally {
      setBusy(null);
    }
  };
  const revert = async () => {
    setBusy("revert");
    try {
      const answer = await mailTemplatesApi.revert(event, language);
      if (answer.data) saved(answer.data);
      void message.success(t("mailTemplates.reverted", { event: label, language: languageName }));
    } catch {
      // The request client has told the user.
    } finally {
      setBusy(null);
    }
  };
  const sendTest = async () => {
    if (!text) return;
    setBusy("test");
    try {
      const answer = await mailTemplatesApi.test(event, language, text);
      void message.success(answer.msg || t("mailTemplates.testSent"));
    } catch {
      // The request client has told the user.
    } finally {
      setBusy(null);
    }
  };

  const fields: { field: Field; label: string; max: number }[] = [
    { field: "subject", label: t("mailTemplates.form.subject"), max: 200 },
    { field: "heading", label: t("mailTemplates.form.heading"), max: 200 },
  ];
  const status = view ? (
    <span className="mail-template__status">
      <Tag color={view.customized ? "blue" : undefined}>
        {view.customized ? t("mailTemplates.customized") : t("mailTemplates.default")}
      </Tag>
      <span>
        {view.customized && view.updatedAt
          ? t("mailTemplates.updatedBy", { by: view.updatedBy || "—", at: dateTime(view.updatedAt) })
          : t("mailTemplates.builtIn")}
      </span>
      {dirty ? <Tag color="orange">{t("mailTemplates.unsaved")}</Tag> : null}
    </span>
  ) : null;

  // Where the eye is: above the preview when it stands beside the fields, under them otherwise.
  const besidePreview = screens.lg === true;
  const refusalAlert = refusal ? (
    <Alert
      className="mail-template__refusal"
      type="error"
      showIcon
      role="alert"
      title={t("mailTemplates.refused")}
      description={refusal}
    />
  ) : null;

  return (
    <Drawer
      open
      rootClassName="mail-template-drawer"
      size={screens.xl ? 1200 : "100%"}
      title={
        <span className="mail-template__title">
          <span>{label}</span>
          {status}
        </span>
      }
      onClose={() => unlessDirty(onClose)}
      footer={
        <Space wrap>
          <Can permissions={["system:mailTemplate:edit"]}>
            <Button type="primary" disabled={!dirty} loading={busy === "save"} onClick={() => void save()}>
              {t("console.save")}
            </Button>
          </Can>
          <Can permissions={["system:mailTemplate:test"]}>
            <Button disabled={!text} loading={busy === "test"} onClick={() => void sendTest()}>
              {t("mailTemplates.sendTest")}
            </Button>
          </Can>
          {view?.customized ? (
            <Can permissions={["system:mailTemplate:edit"]}>
              <Popconfirm
                title={t("mailTemplates.revertTitle", { language: languageName })}
                description={t("mailTemplates.revertText")}
                okText={t("console.confirm")}
                cancelText={t("console.cancel")}
                okButtonProps={{ danger: true }}
                onConfirm={() => revert()}
              >
                <Button danger loading={busy === "revert"}>
                  {t("mailTemplates.revert")}
                </Button>
              </Popconfirm>
            </Can>
          ) : null}
          <Button onClick={() => unlessDirty(onClose)}>{t("console.cancel")}</Button>
        </Space>
      }
    >
      <Tabs
        activeKey={language}
        onChange={(key) => unlessDirty(() => setLanguage(key as Language))}
        items={LANGUAGES.map((code) => ({
          key: code,
          label: (
            <span className="mail-template__tab" lang={code}>
              {LANGUAGE_NAMES[code]}
              {customized.includes(code) ? (
                <span className="mail-template__dot" title={t("mailTemplates.customized")} />
              ) : null}
            </span>
          ),
        }))}
      />
      {view && text ? (
        <div className="mail-template">
          <Form layout="vertical" className="mail-template__form" lang={language} component="div">
            {fields.map(({ field, label: fieldLabel, max }) => (
              <Form.Item key={field} label={fieldLabel} htmlFor={`mail-template-${field}`} required>
                <Input
                  id={`mail-template-${field}`}
                  value={text[field]}
                  maxLength={max}
                  onChange={(e) => change(field, e.target.value)}
                  onFocus={focused(field)}
                />
              </Form.Item>
            ))}
            <Form.Item
              label={t("mailTemplates.form.body")}
              htmlFor="mail-template-body"
              extra={t("mailTemplates.form.bodyHelp")}
              required
            >
              {/* No autoSize: antd measures with a style attribute, which the CSP refuses; CSS sizes it. */}
              <Input.TextArea
                id="mail-template-body"
                className="mail-template__body"
                value={text.body}
                maxLength={5000}
                rows={8}
                onChange={(e) => change("body", e.target.value)}
                onFocus={focused("body")}
              />
            </Form.Item>
            {view.hasAction ? (
              <Form.Item label={t("mailTemplates.form.action")} htmlFor="mail-template-action" required>
                <Input
                  id="mail-template-action"
                  value={text.action}
                  maxLength={60}
                  onChange={(e) => change("action", e.target.value)}
                  onFocus={focused("action")}
                />
              </Form.Item>
            ) : null}
            <fieldset className="mail-template__placeholders">
              <legend className="mail-template__placeholders-label">{t("mailTemplates.form.placeholders")}</legend>
              <div className="mail-template__chips">
                {view.placeholders.map((name) => {
                  const path = `mailTemplates.placeholders.${name}`;
                  return (
                    <Button
                      key={name}
                      size="small"
                      className="mail-template__chip"
                      title={t(path, { defaultValue: "" }) || undefined}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => insert(name)}
                    >
                      {`{{${name}}}`}
                    </Button>
                  );
                })}
              </div>
              <p className="mail-template__hint">{t("mailTemplates.form.placeholdersHelp")}</p>
            </fieldset>
            {besidePreview ? null : refusalAlert}
          </Form>
          <section className="mail-template__preview" aria-label={t("mailTemplates.preview")}>
            <div className="mail-template__preview-head">
              <h2 className="mail-template__preview-title">
                {t("mailTemplates.preview")} {previewing ? <Spin size="small" /> : null}
              </h2>
              <Segmented
                size="small"
                value={showText ? "text" : "html"}
                onChange={(value) => setShowText(value === "text")}
                options={[
                  { value: "html", label: t("mailTemplates.asHtml") },
                  { value: "text", label: t("mailTemplates.asText") },
                ]}
              />
            </div>
            {besidePreview ? refusalAlert : null}
            <p className="mail-template__hint">{t("mailTemplates.previewHint")}</p>
            {preview ? (
              <>
                <p className="mail-template__subject">
                  <span className="mail-template__subject-label">{t("mailTemplates.form.subject")}</span>
                  <span lang={language}>{preview.subject}</span>
                </p>
                <iframe
                  key={preview.url}
                  className={`mail-log__frame mail-template__frame${refusal ? " mail-template__stale" : ""}`}
                  hidden={showText}
                  title={preview.subject}
                  src={preview.url}
                  sandbox=""
                  referrerPolicy="no-referrer"
                />
                <pre className="mail-log__text" hidden={!showText} lang={language}>
                  {preview.text}
                </pre>
              </>
            ) : (
              <Skeleton active />
            )}
          </section>
        </div>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
