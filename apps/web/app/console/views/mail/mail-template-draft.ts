import {
  LANGUAGE_NAMES,
  type Language,
  type MailTemplatePreview,
  type MailTemplateText,
  type MailTemplateView,
} from "@rampart/contracts";
import { App } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { RequestError } from "../../../shared/request/request-client";
import { mailTemplatesApi } from "./mail-templates-api";

export type MailTemplateField = keyof MailTemplateText;

/** How long typing must pause before the preview is asked for again. */
const PREVIEW_DELAY_MS = 400;

const sameText = (a: MailTemplateText, b: MailTemplateText) =>
  a.subject === b.subject && a.heading === b.heading && a.body === b.body && a.action === b.action;

/**
 * One event's mail in one language as the editor holds it: the saved text, the text being typed,
 * its preview (asked for again once typing pauses; an answer overtaken by a later one is dropped),
 * the server's refusal of a placeholder or a length, and save / revert / send a test.
 */
export function useMailTemplateDraft(event: string, language: Language, label: string, onChanged: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [view, setView] = useState<MailTemplateView | null>(null);
  const [text, setText] = useState<MailTemplateText | null>(null);
  const [preview, setPreview] = useState<MailTemplatePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<"save" | "test" | "revert" | null>(null);
  const previewRun = useRef(0);
  const dirty = view !== null && text !== null && !sameText(view.text, text);

  // The text of the chosen language.
  useEffect(() => {
    let live = true;
    setView(null);
    setText(null);
    setPreview(null);
    setRefusal(null);
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

  const change = (field: MailTemplateField, value: string) =>
    setText((before) => (before ? { ...before, [field]: value } : before));

  /** Runs one of the editor's actions with its button busy; a 400 is the text's refusal. */
  const act = async (kind: "save" | "test" | "revert", run: () => Promise<void>) => {
    setBusy(kind);
    try {
      await run();
    } catch (error) {
      if (kind === "save" && error instanceof RequestError && error.code === 400) setRefusal(error.message);
      // Otherwise the request client has told the user.
    } finally {
      setBusy(null);
    }
  };
  const saved = (next: MailTemplateView | undefined) => {
    if (next) {
      setView(next);
      setText(next.text);
    }
    setRefusal(null);
    onChanged();
  };
  const names = { event: label, language: LANGUAGE_NAMES[language] };

  return {
    view,
    text,
    dirty,
    change,
    preview,
    previewing,
    refusal,
    busy,
    save: () =>
      act("save", async () => {
        if (!text) return;
        saved((await mailTemplatesApi.save(event, language, text)).data);
        void message.success(t("mailTemplates.saved", names));
      }),
    revert: () =>
      act("revert", async () => {
        saved((await mailTemplatesApi.revert(event, language)).data);
        void message.success(t("mailTemplates.reverted", names));
      }),
    sendTest: () =>
      act("test", async () => {
        if (!text) return;
        const answer = await mailTemplatesApi.test(event, language, text);
        void message.success(answer.msg || t("mailTemplates.testSent"));
      }),
  };
}

export type MailTemplateDraft = ReturnType<typeof useMailTemplateDraft>;
