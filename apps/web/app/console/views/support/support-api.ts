import type {
  CannedReplyBody,
  CannedReplyView,
  DepartmentBody,
  DepartmentView,
  Envelope,
  MyTicketsQuery,
  OperatorTicketView,
  PageEnvelope,
  QuarantinedMailDetail,
  QuarantinedMailView,
  QuarantineQuery,
  TicketOpenBody,
  TicketPriority,
  TicketQueueCounts,
  TicketQueueQuery,
  TicketQueueRow,
  TicketReplyBody,
  TicketSlaBody,
  TicketStatus,
  TicketSummaryView,
  TicketThreadView,
} from "@rampart/contracts";
import { download } from "../../../shared/request/download";
import { request } from "../../../shared/request/request-client";

const mine = (ticketNo: string) => `/support/tickets/${ticketNo}`;
const desk = (ticketNo: string) => `/business/tickets/${ticketNo}`;

/** Control center → Support: the signed-in customer's own tickets. */
export const supportApi = {
  departments: () => request<Envelope<Omit<DepartmentView, "email">[]>>({ url: "/support/departments" }),
  list: (query: Partial<MyTicketsQuery>) =>
    request<PageEnvelope<TicketSummaryView>>({ url: "/support/tickets", params: query }),
  open: (body: TicketOpenBody) =>
    request<Envelope<{ ticketNo: string }>>({ url: "/support/tickets", method: "POST", data: body }),
  underAttack: (serviceOrderNo: string, message: string) =>
    request<Envelope<{ ticketNo: string }>>({
      url: "/support/under-attack",
      method: "POST",
      data: { serviceOrderNo, ...(message ? { message } : {}) },
    }),
  thread: (ticketNo: string) => request<Envelope<TicketThreadView>>({ url: mine(ticketNo) }),
  reply: (ticketNo: string, body: TicketReplyBody) =>
    request<Envelope<never>>({ url: `${mine(ticketNo)}/replies`, method: "POST", data: body }),
  close: (ticketNo: string) => request<Envelope<never>>({ url: `${mine(ticketNo)}/close`, method: "POST" }),
  reopen: (ticketNo: string) => request<Envelope<never>>({ url: `${mine(ticketNo)}/reopen`, method: "POST" }),
  rate: (ticketNo: string, rating: number, comment: string) =>
    request<Envelope<never>>({ url: `${mine(ticketNo)}/rating`, method: "POST", data: { rating, comment } }),
};

/** Business → Support desk: the operator's queues and tickets. */
export const deskApi = {
  list: (query: Partial<TicketQueueQuery>) =>
    request<PageEnvelope<TicketQueueRow>>({ url: "/business/tickets", params: query }),
  counts: () => request<Envelope<TicketQueueCounts>>({ url: "/business/tickets/counts" }),
  ticket: (ticketNo: string) => request<Envelope<OperatorTicketView>>({ url: desk(ticketNo) }),
  reply: (ticketNo: string, body: TicketReplyBody) =>
    request<Envelope<never>>({ url: `${desk(ticketNo)}/replies`, method: "POST", data: body }),
  acknowledge: (ticketNo: string) => request<Envelope<never>>({ url: `${desk(ticketNo)}/acknowledge`, method: "POST" }),
  status: (ticketNo: string, status: TicketStatus) =>
    request<Envelope<never>>({ url: `${desk(ticketNo)}/status`, method: "PUT", data: { status } }),
  priority: (ticketNo: string, priority: TicketPriority) =>
    request<Envelope<never>>({ url: `${desk(ticketNo)}/priority`, method: "PUT", data: { priority } }),
  assign: (ticketNo: string, assigneeId: number | null) =>
    request<Envelope<never>>({ url: `${desk(ticketNo)}/assignee`, method: "PUT", data: { assigneeId } }),
  assignees: (ticketNo: string) =>
    request<Envelope<{ userId: number; userName: string; nickName: string }[]>>({ url: `${desk(ticketNo)}/assignees` }),
  merge: (ticketNo: string, intoTicketNo: string) =>
    request<Envelope<never>>({ url: `${desk(ticketNo)}/merge`, method: "POST", data: { intoTicketNo } }),
  split: (ticketNo: string, messageIds: number[], subject: string) =>
    request<Envelope<{ ticketNo: string }>>({
      url: `${desk(ticketNo)}/split`,
      method: "POST",
      data: { messageIds, subject },
    }),
  departments: () => request<Envelope<DepartmentView[]>>({ url: "/business/support/departments" }),
  addDepartment: (body: DepartmentBody) =>
    request<Envelope<DepartmentView>>({ url: "/business/support/departments", method: "POST", data: body }),
  updateDepartment: (departmentId: number, body: DepartmentBody) =>
    request<Envelope<DepartmentView>>({
      url: `/business/support/departments/${departmentId}`,
      method: "PUT",
      data: body,
    }),
  canned: () => request<Envelope<CannedReplyView[]>>({ url: "/business/support/canned" }),
  saveCanned: (replyId: number | null, body: CannedReplyBody) =>
    request<Envelope<CannedReplyView>>({
      url: replyId === null ? "/business/support/canned" : `/business/support/canned/${replyId}`,
      method: replyId === null ? "POST" : "PUT",
      data: body,
    }),
  removeCanned: (replyId: number) =>
    request<Envelope<never>>({ url: `/business/support/canned/${replyId}`, method: "DELETE" }),
  sla: () =>
    request<Envelope<Record<TicketPriority, { firstReplyMinutes: number; resolutionMinutes: number }>>>({
      url: "/business/support/sla",
    }),
  saveSla: (body: TicketSlaBody) =>
    request<Envelope<never>>({ url: "/business/support/sla", method: "PUT", data: body }),
  quarantine: (query: Partial<QuarantineQuery>) =>
    request<PageEnvelope<QuarantinedMailView>>({ url: "/business/support/quarantine", params: query }),
  quarantined: (inboundId: number) =>
    request<Envelope<QuarantinedMailDetail>>({ url: `/business/support/quarantine/${inboundId}` }),
  dismiss: (inboundId: number) =>
    request<Envelope<never>>({ url: `/business/support/quarantine/${inboundId}/dismiss`, method: "POST" }),
};

/** Saves an attachment (served through its ticket, with the session's token) under its own name. */
export const downloadAttachment = (url: string, name: string) =>
  download({ url: url.replace(/^\/prod-api/, ""), fileName: name });
