import { type Static, Type } from "typebox";
import { LANGUAGES } from "./languages.ts";

/**
 * System → Mail templates: per event and language, the subject, heading, body and button label
 * of a mail, with named placeholders (`{{name}}`); what an operator saves replaces the default
 * text until they revert it. Texts are plain (the layout formats and escapes them).
 */
export const MailTemplateText = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    heading: Type.String({ minLength: 1, maxLength: 200 }),
    body: Type.String({ minLength: 1, maxLength: 5000 }),
    /** The button's label; "" for a mail without a button. */
    action: Type.String({ maxLength: 60 }),
  },
  { additionalProperties: false },
);
export type MailTemplateText = Static<typeof MailTemplateText>;

/** A row of the list: one event in one language. */
export const MailTemplateSummary = Type.Object({
  event: Type.String(),
  language: Type.String(),
  subject: Type.String(),
  /** An operator's text replaces the default. */
  customized: Type.Boolean(),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
  updatedBy: Type.String(),
});
export type MailTemplateSummary = Static<typeof MailTemplateSummary>;

/** One event in one language, as the editor opens it. */
export const MailTemplateView = Type.Object({
  ...MailTemplateSummary.properties,
  text: MailTemplateText,
  defaults: MailTemplateText,
  /** The placeholders this mail fills, in the order they are usually written. */
  placeholders: Type.Array(Type.String()),
  /** The mail leads somewhere: it has a button (its label is required). */
  hasAction: Type.Boolean(),
});
export type MailTemplateView = Static<typeof MailTemplateView>;

/** A preview rendered with sample values: its subject, text part, and a signed address (one minute) of its HTML. */
export const MailTemplatePreview = Type.Object({ subject: Type.String(), text: Type.String(), url: Type.String() });
export type MailTemplatePreview = Static<typeof MailTemplatePreview>;

export const MailTemplateParams = Type.Object({
  event: Type.String({ pattern: "^[a-z_]{1,48}$" }),
  language: Type.Union(LANGUAGES.map((language) => Type.Literal(language))),
});
export type MailTemplateParams = Static<typeof MailTemplateParams>;
