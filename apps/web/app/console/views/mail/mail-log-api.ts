import type { Envelope, MailLogQuery, MailLogView, MailMessageView, PageEnvelope } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** The mail log's requests: the messages sent, one message, its preview, sending it again. */
export const mailLogApi = {
  list: (query: Partial<MailLogQuery>) =>
    request<PageEnvelope<MailLogView>>({ url: "/monitor/mail/list", params: query }),
  message: (mailId: number) => request<Envelope<MailMessageView>>({ url: `/monitor/mail/${mailId}` }),
  preview: (mailId: number) =>
    request<Envelope<{ url: string }>>({ url: `/monitor/mail/${mailId}/preview`, method: "POST" }),
  resend: (mailId: number) => request({ url: `/monitor/mail/${mailId}/resend`, method: "POST" }),
};
