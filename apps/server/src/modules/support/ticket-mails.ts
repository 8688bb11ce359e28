import { isLanguage, type Language } from "@rampart/contracts";
import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bizTicket, bizTicketDepartment, bizTicketMessage, sysSite, sysUser } from "../../db/schema.ts";
import type { TicketEvent } from "../../events/app-events.ts";
import { listener } from "../../events/event-bus.ts";
import { emailVerificationOn } from "../auth/email-verification.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import { PRIORITY_WORDS } from "../mail/support-mail-texts.ts";
import { salesAddresses, salesAlertRecipients } from "../sites/sales-addresses.ts";
import { siteOrigin } from "../sites/site-origin.ts";
import { departmentName } from "./departments.ts";
import type { ReplyAddresses } from "./reply-address.ts";
import { supportSettings } from "./support-settings.ts";
import { mailTextOf } from "./ticket-mail-text.ts";

/** A message as a mail quotes it: this many characters at most. */
const QUOTED_MAX = 4000;

/** The ticket and what its mails name: customer, department, site. */
async function ticketOf(tx: Tx, ticketId: number) {
  const [row] = await tx
    .select({ ticket: bizTicket, customer: sysUser, department: bizTicketDepartment })
    .from(bizTicket)
    .innerJoin(sysUser, eq(sysUser.userId, bizTicket.userId))
    .innerJoin(bizTicketDepartment, eq(bizTicketDepartment.departmentId, bizTicket.departmentId))
    .where(eq(bizTicket.ticketId, ticketId));
  return row;
}
type TicketMailRow = NonNullable<Awaited<ReturnType<typeof ticketOf>>>;

const customerLabel = (user: typeof sysUser.$inferSelect) =>
  [user.nickName && user.nickName !== user.userName ? `${user.nickName} (${user.userName})` : user.userName, user.email]
    .filter(Boolean)
    .join(" · ");

/** Each address in its account's language when it is an operator's, else in the ticket's. */
async function languagesOf(tx: Tx, addresses: string[], fallback: Language): Promise<Map<string, Language>> {
  const accounts =
    addresses.length === 0
      ? []
      : await tx
          .select({ email: sysUser.email, language: sysUser.language })
          .from(sysUser)
          .where(inArray(sql`lower(${sysUser.email})`, addresses));
  return new Map(
    addresses.map((address) => {
      const own = accounts.find((account) => account.email.toLowerCase() === address)?.language;
      return [address, isLanguage(own) ? own : fallback];
    }),
  );
}

/**
 * Who on the provider's side hears of a ticket: its assignee when it has one (a customer's reply),
 * else its department's address, else the site's sales addresses (or its administrators'). While
 * the desk receives mail, a department's address is where customers write to it (its mail comes
 * back to the desk): its alerts go to the sales addresses instead, never round in a loop.
 */
async function staffAddresses(
  tx: Tx,
  row: TicketMailRow,
  { assignee, receiving }: { assignee: boolean; receiving: boolean },
): Promise<string[]> {
  if (assignee && row.ticket.assigneeId !== null) {
    const [user] = await tx
      .select({ email: sysUser.email, status: sysUser.status })
      .from(sysUser)
      .where(eq(sysUser.userId, row.ticket.assigneeId));
    if (user?.email && user.status === "0") return [user.email.toLowerCase()];
  }
  const own = receiving ? [] : salesAddresses(row.department.email);
  if (own.length > 0) return own;
  return salesAlertRecipients(tx, row.ticket.siteId, { confirmedOnly: await emailVerificationOn(tx) });
}

/** The site's on-call addresses (System → Sites), or its sales addresses while it has none. */
async function onCallAddresses(tx: Tx, siteId: number | null): Promise<string[]> {
  if (siteId !== null) {
    const [site] = await tx.select({ onCall: sysSite.onCallEmails }).from(sysSite).where(eq(sysSite.siteId, siteId));
    const own = salesAddresses(site?.onCall ?? "");
    if (own.length > 0) return own;
  }
  return salesAlertRecipients(tx, siteId, { confirmedOnly: await emailVerificationOn(tx) });
}

async function messageOf(tx: Tx, messageId: number) {
  const [message] = await tx.select().from(bizTicketMessage).where(eq(bizTicketMessage.messageId, messageId));
  return message;
}

/**
 * The desk's mails, written in the transaction of the change they tell of (so a mail is never
 * lost nor sent for nothing): to the customer when a ticket is opened, answered or closed by the
 * provider; to the department (or the assignee) when a customer opens or writes; to the on-call
 * addresses on each page of an urgent ticket. Keys make each one mail once.
 */
export const ticketMails = listener<TicketEvent["type"], { mail: MailOutbox; replies: ReplyAddresses }>({
  name: "ticket-mails",
  events: ["ticket.created", "ticket.replied", "ticket.closed", "ticket.urgent"],
  within: async (tx, event, { mail, replies }) => {
    const row = await ticketOf(tx, event.ticketId);
    if (!row) return;
    const { ticket, customer } = row;
    const language: Language = isLanguage(ticket.language) ? ticket.language : "en";
    const consoleOrigin = await siteOrigin(tx, ticket.siteId, null, { console: true });
    const customerLink = `${consoleOrigin}/control/support?${new URLSearchParams({ ticket: ticket.ticketNo })}`;
    const deskLink = `${consoleOrigin}/business/support?${new URLSearchParams({ ticket: ticket.ticketNo })}`;
    const toCustomer = customer.email !== "" && customer.status === "0";
    const name = customer.nickName || customer.userName;
    // The customer's answers by mail come back into the thread through this signed address.
    const replyTo = replies.replyToOf(ticket.ticketNo);

    const alertStaff = async (
      addresses: string[],
      kind: "ticket_alert" | "ticket_customer_reply" | "ticket_urgent_page",
      key: string,
      body: string,
      page = 0,
    ) => {
      const languages = await languagesOf(tx, addresses, language);
      for (const to of addresses) {
        const reader = languages.get(to)!;
        const values = {
          ticketNo: ticket.ticketNo,
          subject: ticket.subject,
          customer: customerLabel(customer),
          message: body,
          link: deskLink,
        };
        if (kind === "ticket_alert") {
          await mail.enqueue(tx, {
            siteId: ticket.siteId,
            event: kind,
            language: reader,
            to,
            key: `${key}-${to}`,
            values: {
              ...values,
              department: departmentName(row.department, reader),
              priority: PRIORITY_WORDS[ticket.priority]?.[reader] ?? ticket.priority,
            },
          });
        } else if (kind === "ticket_urgent_page") {
          await mail.enqueue(tx, {
            siteId: ticket.siteId,
            event: kind,
            language: reader,
            to,
            key: `${key}-${to}`,
            values: { ...values, service: ticket.serviceOrderNo ?? "—", page: String(page) },
          });
        } else {
          await mail.enqueue(tx, {
            siteId: ticket.siteId,
            event: kind,
            language: reader,
            to,
            key: `${key}-${to}`,
            values,
          });
        }
      }
    };

    switch (event.type) {
      case "ticket.created": {
        const message = await messageOf(tx, event.messageId);
        if (toCustomer) {
          await mail.enqueue(tx, {
            siteId: ticket.siteId,
            event: "ticket_opened",
            language,
            to: customer.email,
            ...(replyTo ? { replyTo } : {}),
            timeZone: customer.timeZone,
            key: `ticket-opened-${ticket.ticketNo}`,
            values: {
              name,
              ticketNo: ticket.ticketNo,
              subject: ticket.subject,
              department: departmentName(row.department, language),
              link: customerLink,
            },
          });
        }
        // An urgent one pages the on-call people instead (ticket.urgent, in the same transaction).
        if (!ticket.urgent) {
          await alertStaff(
            await staffAddresses(tx, row, { assignee: false, receiving: replies.receiving }),
            "ticket_alert",
            `ticket-alert-${ticket.ticketNo}`,
            await mailTextOf(message?.body ?? "", QUOTED_MAX),
          );
        }
        return;
      }
      case "ticket.replied": {
        const message = await messageOf(tx, event.messageId);
        if (!message || message.internal) return;
        const body = await mailTextOf(message.body, QUOTED_MAX);
        if (message.fromStaff) {
          if (!toCustomer) return;
          await mail.enqueue(tx, {
            siteId: ticket.siteId,
            event: "ticket_reply",
            language,
            to: customer.email,
            ...(replyTo ? { replyTo } : {}),
            timeZone: customer.timeZone,
            key: `ticket-reply-${message.messageId}`,
            values: {
              name,
              ticketNo: ticket.ticketNo,
              subject: ticket.subject,
              author: message.authorName,
              message: body,
              link: customerLink,
            },
          });
        } else {
          await alertStaff(
            await staffAddresses(tx, row, { assignee: true, receiving: replies.receiving }),
            "ticket_customer_reply",
            `ticket-customer-reply-${message.messageId}`,
            body,
          );
        }
        return;
      }
      case "ticket.closed": {
        // The customer who closed it knows; one the provider closed is told, with the way back.
        if (event.by !== "staff" || !toCustomer || ticket.mergedInto !== null) return;
        await mail.enqueue(tx, {
          siteId: ticket.siteId,
          event: "ticket_closed",
          language,
          to: customer.email,
          ...(replyTo ? { replyTo } : {}),
          timeZone: customer.timeZone,
          key: `ticket-closed-${ticket.ticketNo}-${ticket.closedAt?.getTime() ?? 0}`,
          values: {
            name,
            ticketNo: ticket.ticketNo,
            subject: ticket.subject,
            days: String((await supportSettings(tx)).reopenDays),
            link: customerLink,
          },
        });
        return;
      }
      case "ticket.urgent": {
        const [first] = await tx
          .select({ body: bizTicketMessage.body })
          .from(bizTicketMessage)
          .where(eq(bizTicketMessage.ticketId, ticket.ticketId))
          .orderBy(bizTicketMessage.messageId)
          .limit(1);
        await alertStaff(
          await onCallAddresses(tx, ticket.siteId),
          "ticket_urgent_page",
          `ticket-page-${ticket.ticketNo}-${event.page}`,
          await mailTextOf(first?.body ?? "", QUOTED_MAX),
          event.page,
        );
        return;
      }
    }
  },
});
