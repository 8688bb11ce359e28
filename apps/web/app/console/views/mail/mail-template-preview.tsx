import type { Language, MailTemplatePreview } from "@rampart/contracts";
import { Segmented, Skeleton, Spin } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface MailTemplatePreviewProps {
  language: Language;
  preview: MailTemplatePreview | null;
  previewing: boolean;
  /** The server refused the text: the preview shown is of the text before. */
  stale: boolean;
  /** The plain text shown instead of the HTML (kept by the editor across languages). */
  showText: boolean;
  onShowText: (showText: boolean) => void;
  /** Shown above the preview (the server's refusal, when the preview stands beside the fields). */
  children?: ReactNode;
}

/** The mail rendered with sample values, as HTML in a sandboxed frame or as its plain text. */
export function MailTemplatePreviewPane({
  language,
  preview,
  previewing,
  stale,
  showText,
  onShowText,
  children,
}: MailTemplatePreviewProps) {
  const { t } = useTranslation();
  return (
    <section className="mail-template__preview" aria-label={t("mailTemplates.preview")}>
      <div className="mail-template__preview-head">
        <h2 className="mail-template__preview-title">
          {t("mailTemplates.preview")} {previewing ? <Spin size="small" /> : null}
        </h2>
        <Segmented
          size="small"
          value={showText ? "text" : "html"}
          onChange={(value) => onShowText(value === "text")}
          options={[
            { value: "html", label: t("mailTemplates.asHtml") },
            { value: "text", label: t("mailTemplates.asText") },
          ]}
        />
      </div>
      {children}
      <p className="mail-template__hint">{t("mailTemplates.previewHint")}</p>
      {preview ? (
        <>
          <p className="mail-template__subject">
            <span className="mail-template__subject-label">{t("mailTemplates.form.subject")}</span>
            <span lang={language}>{preview.subject}</span>
          </p>
          <iframe
            key={preview.url}
            className={`mail-log__frame mail-template__frame${stale ? " mail-template__stale" : ""}`}
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
  );
}
