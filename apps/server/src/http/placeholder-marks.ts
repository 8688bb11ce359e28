import { BadRequestError } from "./errors.ts";
import type { FieldWords } from "./field-labels.ts";

/**
 * ⟦name⟧ marks where a compiled mail's values go (modules/mail/render-mail.ts); {{name}} is a
 * template's placeholder (modules/mail/mail-texts.ts). The check is on this floor, not in
 * modules/mail, because modules/sites refuses them in a site's texts too and modules/mail already
 * imports modules/sites (site-origin.ts): sites importing mail would close a circle.
 */
const MARKS = /[⟦⟧]/;
const PLACEHOLDERS = /\{\{|\}\}/;
const MARKS_WORDS: FieldWords = { en: "⟦ ⟧", "zh-CN": "⟦ ⟧", "zh-TW": "⟦ ⟧", id: "⟦ ⟧", vi: "⟦ ⟧" };
const BOTH_WORDS: FieldWords = {
  en: "⟦ ⟧ or {{ }}",
  "zh-CN": "⟦ ⟧ 或 {{ }}",
  "zh-TW": "⟦ ⟧ 或 {{ }}",
  id: "⟦ ⟧ atau {{ }}",
  vi: "⟦ ⟧ hoặc {{ }}",
};

/**
 * Refuses a text that goes into mails carrying their marks: 400 in the caller's language, naming
 * the field in words. A plain text (a site's company name, its contact way) may carry neither
 * marks nor placeholders; a template's text (`placeholders: true`) may carry placeholders.
 */
export function refusePlaceholderMarks(value: string, field: FieldWords, { placeholders = false } = {}): void {
  if (MARKS.test(value)) {
    throw new BadRequestError("text_placeholder_marks", { field, marks: placeholders ? MARKS_WORDS : BOTH_WORDS });
  }
  if (!placeholders && PLACEHOLDERS.test(value)) {
    throw new BadRequestError("text_placeholder_marks", { field, marks: BOTH_WORDS });
  }
}
