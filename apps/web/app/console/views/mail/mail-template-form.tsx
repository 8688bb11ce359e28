import type { Language, MailTemplateText } from "@rampart/contracts";
import { Button, Form, Input } from "antd";
import { type FocusEvent, type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { MailTemplateField } from "./mail-template-draft";

interface MailTemplateFormProps {
  language: Language;
  text: MailTemplateText;
  hasAction: boolean;
  placeholders: readonly string[];
  change: (field: MailTemplateField, value: string) => void;
  /** Shown under the fields (the server's refusal, when the preview is not beside them). */
  children?: ReactNode;
}

type Editable = HTMLInputElement | HTMLTextAreaElement;

/**
 * Subject, heading, body and button label of one mail, with placeholder chips that put `{{name}}`
 * where the cursor was in the last field used (the body's end at first). The editor shows it once
 * a language's text has come, so another language starts without a last field.
 */
export function MailTemplateForm({ language, text, hasAction, placeholders, change, children }: MailTemplateFormProps) {
  const { t } = useTranslation();
  const lastField = useRef<{ field: MailTemplateField; element: Editable } | null>(null);
  const focused = (field: MailTemplateField) => (e: FocusEvent<Editable>) => {
    lastField.current = { field, element: e.currentTarget };
  };
  const insert = (name: string) => {
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

  const line = (field: MailTemplateField, label: string, max: number) => (
    <Form.Item key={field} label={label} htmlFor={`mail-template-${field}`} required>
      <Input
        id={`mail-template-${field}`}
        value={text[field]}
        maxLength={max}
        onChange={(e) => change(field, e.target.value)}
        onFocus={focused(field)}
      />
    </Form.Item>
  );

  return (
    <Form layout="vertical" className="mail-template__form" lang={language} component="div">
      {line("subject", t("mailTemplates.form.subject"), 200)}
      {line("heading", t("mailTemplates.form.heading"), 200)}
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
      {hasAction ? line("action", t("mailTemplates.form.action"), 60) : null}
      <fieldset className="mail-template__placeholders">
        <legend className="mail-template__placeholders-label">{t("mailTemplates.form.placeholders")}</legend>
        <div className="mail-template__chips">
          {placeholders.map((name) => (
            <Button
              key={name}
              size="small"
              className="mail-template__chip"
              title={t(`mailTemplates.placeholders.${name}`, { defaultValue: "" }) || undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => insert(name)}
            >
              {`{{${name}}}`}
            </Button>
          ))}
        </div>
        <p className="mail-template__hint">{t("mailTemplates.form.placeholdersHelp")}</p>
      </fieldset>
      {children}
    </Form>
  );
}
