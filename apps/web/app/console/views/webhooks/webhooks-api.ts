import type {
  Envelope,
  PageEnvelope,
  WebhookBody,
  WebhookMessageQuery,
  WebhookMessageView,
  WebhookSecret,
  WebhookView,
} from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** System management → Webhooks: its requests. */
export const webhooksApi = {
  list: () => request<Envelope<WebhookView[]>>({ url: "/system/webhook/list" }),
  create: (body: WebhookBody) =>
    request<Envelope<WebhookSecret>>({ url: "/system/webhook", method: "POST", data: body }),
  update: (webhookId: number, body: WebhookBody) =>
    request<Envelope<never>>({ url: `/system/webhook/${webhookId}`, method: "PUT", data: body }),
  remove: (webhookId: number) => request<Envelope<never>>({ url: `/system/webhook/${webhookId}`, method: "DELETE" }),
  rollSecret: (webhookId: number) =>
    request<Envelope<WebhookSecret>>({ url: `/system/webhook/${webhookId}/secret`, method: "POST" }),
  messages: (webhookId: number, query: Partial<WebhookMessageQuery>) =>
    request<PageEnvelope<WebhookMessageView>>({ url: `/system/webhook/${webhookId}/messages`, params: query }),
  replay: (messageId: string) =>
    request<Envelope<never>>({ url: `/system/webhook/message/${messageId}/replay`, method: "POST" }),
};
