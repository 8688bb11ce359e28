import { hasPermission, LANGUAGE_NAMES, LANGUAGES, type Language, type MailTemplateSummary } from "@rampart/contracts";
import { Button, Skeleton, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can, useGrants } from "../../../shared/auth/permissions";
import type { ViewProps } from "../../routing/view-props";
import { ListPage, ListTable, ListToolbar } from "../list-page/list-page";
import { useWideScreen } from "../list-page/search-toggle";
import { useDateTime } from "../parts/date-time";
import { useViewMessages } from "../parts/view-messages";
import { MailTemplateEditor } from "./mail-template-editor";
import { mailTemplatesApi } from "./mail-templates-api";

/** One event with its five languages, as the list shows it. */
interface EventRow {
  event: string;
  languages: Partial<Record<Language, MailTemplateSummary>>;
}

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
  const system = useViewMessages("system");
  // The events' names are the mail log's.
  const monitor = useViewMessages("monitor");
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
