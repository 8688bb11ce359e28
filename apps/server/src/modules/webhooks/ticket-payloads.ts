import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bizTicket, bizTicketDepartment, bizTicketMessage, sysSite, sysUser } from "../../db/schema.ts";
import type { TicketEvent } from "../../events/app-events.ts";
import type { PlatformEvent } from "./webhook-payloads.ts";

/**
 * The platform's view of a ticket's moment (issue 42), read in its transaction: the ticket (number,
 * subject, status, priority, department, the package it is about), its customer and site; a reply's
 * author and time; an urgent page's number. Never a message's text: the desk is where it is read.
 */
export async function ticketEvent(tx: Tx, event: TicketEvent, now: Date): Promise<PlatformEvent | null> {
  const [row] = await tx
    .select({ ticket: bizTicket, user: sysUser, site: sysSite, department: bizTicketDepartment })
    .from(bizTicket)
    .innerJoin(sysUser, eq(sysUser.userId, bizTicket.userId))
    .leftJoin(sysSite, eq(sysSite.siteId, bizTicket.siteId))
    .leftJoin(bizTicketDepartment, eq(bizTicketDepartment.departmentId, bizTicket.departmentId))
    .where(eq(bizTicket.ticketId, event.ticketId));
  if (!row) return null;
  const { ticket } = row;
  let about: Record<string, unknown> = {};
  if (event.type === "ticket.replied") {
    const [message] = await tx
      .select({ fromStaff: bizTicketMessage.fromStaff, createdAt: bizTicketMessage.createdAt })
      .from(bizTicketMessage)
      .where(eq(bizTicketMessage.messageId, event.messageId));
    about = {
      reply: { from: message?.fromStaff ? "staff" : "customer", at: message?.createdAt.toISOString() ?? null },
    };
  } else if (event.type === "ticket.urgent") {
    about = { page: event.page };
  } else if (event.type === "ticket.closed") {
    about = { closedBy: event.by };
  }
  return {
    siteId: ticket.siteId,
    serviceId: null,
    body: {
      type: event.type,
      timestamp: now.toISOString(),
      data: {
        ticket: {
          ticketNo: ticket.ticketNo,
          subject: ticket.subject,
          status: ticket.status,
          priority: ticket.priority,
          department: row.department?.key || row.department?.name.en || "",
          serviceOrderNo: ticket.serviceOrderNo,
          orderNo: ticket.orderNo,
          urgent: ticket.urgent,
          createdAt: ticket.createdAt.toISOString(),
        },
        ...about,
        customer: { userId: row.user.userId, userName: row.user.userName, email: row.user.email },
        site: { siteId: ticket.siteId, agentCode: row.site?.agentCode ?? null, company: row.site?.company ?? null },
      },
    },
  };
}
