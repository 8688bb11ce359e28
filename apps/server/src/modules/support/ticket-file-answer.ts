import type { FastifyReply } from "fastify";
import type { sysFile } from "../../db/schema.ts";

/**
 * A ticket's attachment, kept inert as every stored file is (the type found in its content, no
 * sniffing, a sandbox, a download for anything but an image) and never cached by others: it is
 * private to the ticket's readers.
 */
export function sendTicketFile(reply: FastifyReply, file: typeof sysFile.$inferSelect) {
  const image = file.contentType.startsWith("image/");
  return reply
    .header("content-type", file.contentType)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cache-control", "private, no-store")
    .header(
      "content-disposition",
      `${image ? "inline" : "attachment"}; filename="${file.fileId}.${file.extension}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
    )
    .send(file.content);
}
