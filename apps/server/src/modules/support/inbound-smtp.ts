import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import type { SMTPServer, SMTPServerSession } from "smtp-server";
import { departmentAddresses, type InboundMessage, isAutomatic, receiveMail } from "./inbound-mail.ts";
import { senderAuthenticated } from "./inbound-sender.ts";
import type { ReplyAddresses } from "./reply-address.ts";
import { mailTextOf } from "./ticket-mail-text.ts";
import type { SupportDeps } from "./tickets.ts";

/** The largest mail taken (attachments included): a little over the largest attachments allow. */
const MAX_MAIL_BYTES = 30 * 1024 * 1024;
/** Recipients of one mail, at most. */
const MAX_RECIPIENTS = 20;

/** An SMTP reply that refuses (smtp-server sends the code and the text). */
const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/**
 * The desk's own SMTP listener (INBOUND_SMTP_PORT): it takes mail for the desk's signed reply
 * addresses and the departments' addresses only (any other recipient, and a forged reply address,
 * is refused at RCPT TO), reads each with mailparser and hands it to receiveMail. A mail that
 * receiveMail refuses is answered 550 (the sender's server tells them); a quarantined one is taken
 * (250) and kept for an operator. No authentication, no relaying: it is an MX, not a submission
 * server. Put it behind the provider's mail exchanger or expose it as one.
 */
export async function startInboundSmtp(
  deps: SupportDeps & { replies: ReplyAddresses; log: FastifyBaseLogger },
  listen: { port: number; host: string; trustedRelays: readonly string[] },
): Promise<{ port: number; close: () => Promise<void> }> {
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import("smtp-server"), import("mailparser")]);
  /** One received mail, read and handed to receiveMail with what proves (or not) its sender. */
  const take = async (raw: Buffer, session: SMTPServerSession) => {
    const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
    const envelopeSender = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
    const message: InboundMessage = {
      via: "smtp",
      from: parsed.from?.value[0]?.address ?? "",
      to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
      subject: parsed.subject ?? "",
      messageId: parsed.messageId ?? "",
      text: parsed.text ?? (typeof parsed.html === "string" ? await mailTextOf(parsed.html, MAX_MAIL_BYTES) : ""),
      // Pictures of the mail's own layout (a signature's logo, referred to by cid) are not attachments.
      attachments: parsed.attachments
        .filter((attachment) => !attachment.related)
        .map((attachment) => ({ name: attachment.filename ?? "attachment", content: attachment.content })),
      size: raw.length,
      automatic: isAutomatic((name) => {
        const value = parsed.headers.get(name);
        return typeof value === "string" ? value : value === undefined ? undefined : String(value);
      }, envelopeSender),
      authenticated: await senderAuthenticated(
        raw,
        { ip: session.remoteAddress, helo: session.hostNameAppearsAs, sender: envelopeSender ?? "" },
        { trustedRelays: listen.trustedRelays, mta: deps.replies.domain },
      ),
    };
    return receiveMail(deps, message);
  };
  const server: SMTPServer = new SMTPServer({
    name: deps.replies.domain,
    banner: "Rampart support desk",
    authOptional: true,
    disabledCommands: ["AUTH"],
    size: MAX_MAIL_BYTES,
    maxClients: 50,
    socketTimeout: 60_000,
    logger: false,
    async onRcptTo(address, session, callback) {
      const to = address.address.toLowerCase();
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(refusal(452, "Too many recipients"));
      const ticket = deps.replies.ticketOf(to);
      if (ticket === "forged") return callback(refusal(550, "No such recipient"));
      if (ticket === null && !(await departmentAddresses(deps.db)).has(to))
        return callback(refusal(550, "No such recipient"));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let kept = 0;
      stream.on("data", (chunk: Buffer) => {
        // Past the limit the rest is read away, not kept (the mail is refused at its end).
        kept += chunk.length;
        if (kept <= MAX_MAIL_BYTES) chunks.push(chunk);
      });
      stream.on("end", () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded)
          return callback(refusal(552, "Message too large"));
        const raw = Buffer.concat(chunks);
        take(raw, session)
          .then((outcome) => {
            deps.log.info({ to: session.envelope.rcptTo.map((r) => r.address), outcome }, "support mail received");
            if (outcome.outcome === "refused") return callback(refusal(550, `Not accepted: ${outcome.reason}`));
            callback();
          })
          .catch((error: unknown) => {
            deps.log.error({ err: error }, "support mail could not be taken");
            callback(refusal(451, "Try again later"));
          });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  server.on("error", (error) => deps.log.error({ err: error }, "support SMTP listener"));
  const port = (server.server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
