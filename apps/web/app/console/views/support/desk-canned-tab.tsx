import {
  type CannedReplyBody,
  type CannedReplyView,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
} from "@rampart/contracts";
import { App, Button, Form, Input, Select } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { confirmAction } from "../../controls/confirm-action";
import { RecordDialog } from "../list-page/form-dialog";
import { ListTable, ListToolbar } from "../list-page/list-page";
import { useLoadedList } from "../list-page/loaded-list";
import { useOperationsColumn } from "../list-page/operations-column";
import { useRecordDialog } from "../list-page/record-dialog";
import { useDateTime } from "../parts/date-time";
import { RichTextEditor } from "../parts/rich-text-editor";
import type { DeskSettingsScope } from "./desk-settings-tabs";
import { deskApi } from "./support-api";

/** The text of some HTML, to tell an empty editor from a reply that says something. */
const hasText = (html: string) => new DOMParser().parseFromString(html, "text/html").body.textContent?.trim() !== "";

const languageName = (language: string) => LANGUAGE_NAMES[language as Language] ?? language;

/**
 * Desk settings → Canned replies: the ready answers operators insert while replying (the
 * installation's and, for an operator bound to a site, their site's; they change their site's
 * only); written with the ticket reply's editor, in one language each, deleted after a question.
 */
export function DeskCannedTab({ scope }: { scope: DeskSettingsScope }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const when = useDateTime();
  const { rows, loading, load } = useLoadedList(deskApi.canned);
  const dialog = useRecordDialog<CannedReplyView>(load, (said: string) => said);
  // An operator bound to a site reads the installation's replies but changes their site's only.
  const mayChange = (row: CannedReplyView) => !scope.siteBound || row.siteId !== null;
  const remove = (row: CannedReplyView) =>
    confirmAction(modal, t, {
      title: t("deskSettings.canned.removeTitle"),
      content: t("deskSettings.canned.removeText", { title: row.title }),
      action: async () => {
        try {
          const answer = await deskApi.removeCanned(row.replyId);
          if (answer.msg) void message.success(answer.msg);
        } finally {
          await load();
        }
      },
    });
  const operations = useOperationsColumn<CannedReplyView>(t("deskSettings.operations"), [
    { label: t("deskSettings.edit"), permission: "business:ticket:edit", shown: mayChange, onClick: dialog.openFor },
    {
      label: t("deskSettings.canned.remove"),
      permission: "business:ticket:edit",
      danger: true,
      shown: mayChange,
      onClick: remove,
    },
  ]);
  const columns: ColumnsType<CannedReplyView> = [
    {
      title: t("deskSettings.canned.columns.title"),
      dataIndex: "title",
      render: (title: string) => <strong>{title}</strong>,
    },
    { title: t("deskSettings.canned.columns.language"), dataIndex: "language", render: languageName },
    {
      title: t("deskSettings.canned.columns.site"),
      key: "site",
      render: (_, row) => scope.siteName(row.siteId),
    },
    { title: t("deskSettings.canned.columns.updatedBy"), dataIndex: "updatedBy", responsive: ["md"] },
    { title: t("deskSettings.canned.columns.updatedAt"), dataIndex: "updatedAt", responsive: ["md"], render: when },
    operations,
  ];

  return (
    <section className="desk-settings__tab">
      <p className="support-intro">{t("deskSettings.canned.intro")}</p>
      <ListToolbar
        actions={
          <Can permissions={["business:ticket:edit"]}>
            <Button type="primary" onClick={dialog.openNew}>
              {t("deskSettings.canned.add")}
            </Button>
          </Can>
        }
        onRefresh={() => void load()}
      />
      <ListTable<CannedReplyView>
        rowKey="replyId"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        emptyText={t("deskSettings.canned.empty")}
      />
      {dialog.open ? <CannedDialog reply={dialog.record} onClose={dialog.close} /> : null}
    </section>
  );
}

/** A canned reply's dialog: title, language, text; answers the server's message once it is saved. */
function CannedDialog({ reply, onClose }: { reply: CannedReplyView | null; onClose: (said: string | null) => void }) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const initial: CannedReplyBody = reply
    ? { title: reply.title, language: reply.language as CannedReplyBody["language"], body: reply.body }
    : { title: "", language: language as CannedReplyBody["language"], body: "" };
  return (
    <RecordDialog<CannedReplyBody, string>
      title={reply ? t("deskSettings.canned.editTitle", { title: reply.title }) : t("deskSettings.canned.addTitle")}
      name="canned"
      initialValues={initial}
      save={async (values) => {
        const answer = await deskApi.saveCanned(reply?.replyId ?? null, { ...values, title: values.title.trim() });
        return answer.msg ?? "";
      }}
      onClose={onClose}
      width={820}
    >
      <div className="desk-settings__pair">
        <Form.Item
          name="title"
          label={t("deskSettings.canned.form.title")}
          rules={[{ required: true, whitespace: true, message: t("deskSettings.canned.form.titleRequired") }]}
          className="desk-settings__grow"
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="language" label={t("deskSettings.canned.form.language")}>
          <Select
            className="desk-settings__language"
            options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          />
        </Form.Item>
      </div>
      <Form.Item
        name="body"
        label={t("deskSettings.canned.form.body")}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              value && hasText(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t("deskSettings.canned.form.bodyRequired"))),
          },
        ]}
      >
        <RichTextEditor label={t("deskSettings.canned.form.body")} images={false} />
      </Form.Item>
    </RecordDialog>
  );
}
