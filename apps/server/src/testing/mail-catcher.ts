import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail as the SMTP server received it, parsed. */
export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  language: string;
  from: string;
  replyTo: string;
  /** Attached files: name, type and content. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/**
 * A real SMTP server inside the test process (smtp-server): it accepts every message, keeps it
 * parsed (mailparser), and can refuse recipients on demand with a permanent 550, or refuse a
 * recipient's message as spam, quoting its first link (as some filters do).
 */
export class MailCatcher {
  readonly mails: CaughtMail[] = [];
  /** Recipients answered 550 (a mailbox that does not exist). */
  readonly refused = new Set<string>();
  /** Recipients whose messages are refused (554) as spam, the answer quoting the message's first link. */
  readonly spamRefused = new Set<string>();
  readonly #server: SMTPServer;
  #port = 0;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      // No reverse DNS of 127.0.0.1 for every connection: a local mail server answers at once.
      disableReverseLookup: true,
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.refused.has(address.address)) {
          const error = Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 });
          callback(error);
        } else callback();
      },
      onData: (stream, session, callback) => {
        simpleParser(stream).then(
          (parsed: ParsedMail) => {
            if (session.envelope.rcptTo.some((r) => this.spamRefused.has(r.address))) {
              const link = /https?:\/\/\S+/.exec(parsed.text ?? "")?.[0] ?? "";
              callback(Object.assign(new Error(`5.7.1 Rejected as spam: ${link}`), { responseCode: 554 }));
              return;
            }
            this.mails.push({
              to: Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(", ") : (parsed.to?.text ?? ""),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              messageId: parsed.messageId ?? "",
              language: String(parsed.headers.get("content-language") ?? ""),
              from: parsed.from?.text ?? "",
              replyTo: parsed.replyTo?.text ?? "",
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename ?? "",
                contentType: a.contentType,
                content: a.content,
              })),
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
  }

  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.#server.server.once("error", reject);
      this.#server.listen(port, "127.0.0.1", () => {
        this.#server.server.off("error", reject);
        resolve();
      });
    });
    this.#port = (this.#server.server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.#port}`;
  }

  /** The mails sent to one address. */
  to(address: string): CaughtMail[] {
    return this.mails.filter((mail) => mail.to.includes(address));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
