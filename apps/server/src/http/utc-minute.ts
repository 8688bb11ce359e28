/** A moment in a console answer or a history line: "2026-11-25 15:00 UTC" (mails write the reader's zone: mail/mail-time.ts). */
export function utcMinute(at: Date): string {
  return `${at.toISOString().replace("T", " ").slice(0, 16)} UTC`;
}
