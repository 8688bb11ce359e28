import { LANGUAGE_NAMES, LANGUAGES, type Language } from "@rampart/contracts";
import { Alert, App, Button, Drawer, Grid, Popconfirm, Skeleton, Space, Tabs, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { useDateTime } from "../parts/date-time";
import { type MailTemplateDraft, useMailTemplateDraft } from "./mail-template-draft";
import { MailTemplateForm } from "./mail-template-form";
import { MailTemplatePreviewPane } from "./mail-template-preview";

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
 * The editor of one event's mail: a tab per language; the fields beside the mail rendered with
 * sample values as one types; save, send a test, revert to the default. Unsaved changes are
 * confirmed before they are lost.
 */
export function MailTemplateEditor({ event, label, initialLanguage, customized, onChanged, onClose }: EditorProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const [showText, setShowText] = useState(false);
  const draft = useMailTemplateDraft(event, language, label, onChanged);
  const { view, text, refusal } = draft;

  /** Runs `then` at once, or after the operator agreed to lose their unsaved changes. */
  const unlessDirty = (then: () => void) => {
    if (!draft.dirty) {
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
          <DraftStatus draft={draft} />
        </span>
      }
      onClose={() => unlessDirty(onClose)}
      footer={<EditorActions draft={draft} language={language} onCancel={() => unlessDirty(onClose)} />}
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
          <MailTemplateForm
            language={language}
            text={text}
            hasAction={view.hasAction}
            placeholders={view.placeholders}
            change={draft.change}
          >
            {besidePreview ? null : refusalAlert}
          </MailTemplateForm>
          <MailTemplatePreviewPane
            language={language}
            preview={draft.preview}
            previewing={draft.previewing}
            stale={refusal !== null}
            showText={showText}
            onShowText={setShowText}
          >
            {besidePreview ? refusalAlert : null}
          </MailTemplatePreviewPane>
        </div>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}

/** Default or the operator's text (by whom, when), and whether there are unsaved changes. */
function DraftStatus({ draft: { view, dirty } }: { draft: MailTemplateDraft }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  if (!view) return null;
  return (
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
  );
}

function EditorActions({
  draft,
  language,
  onCancel,
}: {
  draft: MailTemplateDraft;
  language: Language;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Can permissions={["system:mailTemplate:edit"]}>
        <Button
          type="primary"
          disabled={!draft.dirty}
          loading={draft.busy === "save"}
          onClick={() => void draft.save()}
        >
          {t("console.save")}
        </Button>
      </Can>
      <Can permissions={["system:mailTemplate:test"]}>
        <Button disabled={!draft.text} loading={draft.busy === "test"} onClick={() => void draft.sendTest()}>
          {t("mailTemplates.sendTest")}
        </Button>
      </Can>
      {draft.view?.customized ? (
        <Can permissions={["system:mailTemplate:edit"]}>
          <Popconfirm
            title={t("mailTemplates.revertTitle", { language: LANGUAGE_NAMES[language] })}
            description={t("mailTemplates.revertText")}
            okText={t("console.confirm")}
            cancelText={t("console.cancel")}
            okButtonProps={{ danger: true }}
            onConfirm={() => draft.revert()}
          >
            <Button danger loading={draft.busy === "revert"}>
              {t("mailTemplates.revert")}
            </Button>
          </Popconfirm>
        </Can>
      ) : null}
      <Button onClick={onCancel}>{t("console.cancel")}</Button>
    </Space>
  );
}
