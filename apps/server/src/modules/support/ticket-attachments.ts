import type { TicketAttachmentView } from "@rampart/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bizTicketAttachment, sysFile } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import type { SupportSettings } from "./support-settings.ts";

/**
 * Attaches the writer's own uploads (kind=attachment, not yet on any message) to a message, in its
 * transaction; the files are locked so that no sweep removes them meanwhile. Anything else (another
 * user's file, one already attached, too many) is refused and nothing is attached.
 */
export async function attachFiles(
  tx: Tx,
  messageId: number,
  writerId: number,
  fileIds: readonly string[],
  settings: SupportSettings,
): Promise<void> {
  if (fileIds.length === 0) return;
  if (fileIds.length > settings.attachmentsPerMessage)
    throw new AppError(400, "ticket_attachments_too_many", { limit: settings.attachmentsPerMessage });
  const files = await tx
    .select({ fileId: sysFile.fileId, attached: bizTicketAttachment.messageId })
    .from(sysFile)
    .leftJoin(bizTicketAttachment, eq(bizTicketAttachment.fileId, sysFile.fileId))
    .where(and(inArray(sysFile.fileId, [...fileIds]), eq(sysFile.ownerId, writerId), eq(sysFile.private, true)))
    .for("update", { of: sysFile });
  if (files.length !== fileIds.length || files.some((file) => file.attached !== null))
    throw new AppError(400, "ticket_attachment_invalid");
  await tx.insert(bizTicketAttachment).values(fileIds.map((fileId) => ({ fileId, messageId })));
}

/** The attachments of these messages, by message, as the thread shows them (served through the ticket). */
export async function attachmentsOf(
  tx: Tx,
  ticketNo: string,
  messageIds: number[],
  base: string,
): Promise<Map<number, TicketAttachmentView[]>> {
  const byMessage = new Map<number, TicketAttachmentView[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await tx
    .select({
      messageId: bizTicketAttachment.messageId,
      fileId: sysFile.fileId,
      name: sysFile.originalName,
      size: sysFile.size,
      contentType: sysFile.contentType,
      extension: sysFile.extension,
    })
    .from(bizTicketAttachment)
    .innerJoin(sysFile, eq(sysFile.fileId, bizTicketAttachment.fileId))
    .where(inArray(bizTicketAttachment.messageId, messageIds));
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push({
      fileId: row.fileId,
      name: row.name,
      size: row.size,
      contentType: row.contentType,
      url: `${base}/${ticketNo}/files/${row.fileId}.${row.extension}`,
    });
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/** An attachment of a message of this ticket, with its content; undefined when it is not one. */
export async function ticketFile(tx: Tx, fileId: string, messageIds: number[]) {
  if (messageIds.length === 0) return undefined;
  const [row] = await tx
    .select({ file: sysFile })
    .from(bizTicketAttachment)
    .innerJoin(sysFile, eq(sysFile.fileId, bizTicketAttachment.fileId))
    .where(and(eq(bizTicketAttachment.fileId, fileId), inArray(bizTicketAttachment.messageId, messageIds)));
  return row?.file;
}
