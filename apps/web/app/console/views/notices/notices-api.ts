import type { Envelope, NoticeBody, NoticeListQuery, NoticeView, PageEnvelope } from "@rampart/contracts";
import { request } from "../../../shared/request/request-client";

/** System → Notices (system:notice:*). */
export const noticesApi = {
  list: (query: Partial<NoticeListQuery>) =>
    request<PageEnvelope<NoticeView>>({ url: "/system/notice/list", params: query }),
  save: (body: NoticeBody, noticeId?: number) =>
    request<Envelope<NoticeView>>({
      url: noticeId ? `/system/notice/${noticeId}` : "/system/notice",
      method: noticeId ? "PUT" : "POST",
      data: body,
    }),
  remove: (noticeId: number) => request({ url: `/system/notice/${noticeId}`, method: "DELETE" }),
};
