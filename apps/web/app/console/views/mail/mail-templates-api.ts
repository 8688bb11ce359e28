import type {
  Envelope,
  Language,
  MailTemplatePreview,
  MailTemplateSummary,
  MailTemplateText,
  MailTemplateView,
  PageEnvelope,
} from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

const path = (event: string, language: Language) => `/system/mailTemplate/${event}/${language}`;

/**
 * System management → Mail templates: its requests. A refused text (an unknown placeholder, a
 * missing field) is answered 400 and shown under the editor, not as a notification.
 */
export const mailTemplatesApi = {
  list: () => request<PageEnvelope<MailTemplateSummary>>({ url: "/system/mailTemplate/list" }),
  get: (event: string, language: Language) => request<Envelope<MailTemplateView>>({ url: path(event, language) }),
  save: (event: string, language: Language, text: MailTemplateText) =>
    request<Envelope<MailTemplateView>>({ url: path(event, language), method: "PUT", data: text, quietCodes: [400] }),
  revert: (event: string, language: Language) =>
    request<Envelope<MailTemplateView>>({ url: path(event, language), method: "DELETE" }),
  /** Rendered with sample values; asked again after each pause in typing, hence no duplicate guard. */
  preview: (event: string, language: Language, text: MailTemplateText) =>
    request<Envelope<MailTemplatePreview>>({
      url: `${path(event, language)}/preview`,
      method: "POST",
      data: text,
      repeatSubmit: false,
      quietCodes: [400],
      background: true,
    }),
  /** Sends the text as it stands (saved or not) to the operator's own address; `msg` says where. */
  test: (event: string, language: Language, text: MailTemplateText) =>
    request<Envelope<never>>({ url: `${path(event, language)}/test`, method: "POST", data: text }),
};
