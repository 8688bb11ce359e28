import type { Language } from "@rampart/contracts";
import { isTimeZone } from "@rampart/contracts";

/**
 * A moment a mail states (a payment, a change, an expiry), written only when the mail is rendered,
 * in its reader's time zone and language. `day`: the date alone (a certificate valid until…).
 */
export interface MailMoment {
  at: Date;
  day?: boolean;
}

export const isMailMoment = (value: unknown): value is MailMoment =>
  typeof value === "object" && value !== null && (value as MailMoment).at instanceof Date;

/** The zone a mail is written in: the reader's own, else their site's, else UTC (a zone no longer known counts as none). */
export function readerTimeZone(own: string, site: string): string {
  if (isTimeZone(own)) return own;
  return isTimeZone(site) ? site : "UTC";
}

/** "GMT+8", "GMT-3:30", "UTC": the zone's offset at that moment, as the reader's clock shows it. */
function offsetName(at: Date, timeZone: string): string {
  const name = new Intl.DateTimeFormat("en", { timeZone, timeZoneName: "shortOffset" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  return !name || name === "GMT" || name === "GMT+0" ? "UTC" : name;
}

/**
 * Every date and time in every mail, as its reader writes them, in their zone, with the zone's
 * offset after a time (a reader compares it with their clock; "(GMT+8)" is read the same in every
 * language):
 *   en "November 28, 2026 at 23:51 (UTC)", zh "2026年11月29日 07:51 (GMT+8)",
 *   id "29 November 2026 pukul 06.51 (GMT+7)", vi "06:51 ngày 29/11/2026 (GMT+7)";
 * a day alone: "November 28, 2026", "2026年11月29日", "29 November 2026", "29/11/2026".
 */
export function mailTime(moment: MailMoment, language: Language, timeZone: string): string {
  const { at, day } = moment;
  const time = () =>
    new Intl.DateTimeFormat(language, { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
  let written: string;
  if (language === "vi") {
    const date = new Intl.DateTimeFormat("vi", { timeZone, day: "2-digit", month: "2-digit", year: "numeric" }).format(
      at,
    );
    written = day ? date : `${time()} ngày ${date}`;
  } else if (language === "zh-CN" || language === "zh-TW") {
    const date = new Intl.DateTimeFormat(language, { timeZone, dateStyle: "long" }).format(at);
    written = day ? date : `${date} ${time()}`;
  } else {
    written = new Intl.DateTimeFormat(language, {
      timeZone,
      dateStyle: "long",
      ...(day ? {} : { timeStyle: "short", hourCycle: "h23" }),
    }).format(at);
  }
  return day ? written : `${written} (${offsetName(at, timeZone)})`;
}
