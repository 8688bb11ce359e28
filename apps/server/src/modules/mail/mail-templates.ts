import type {
  Language,
  MailTemplateSummary,
  MailTemplateText,
  MailTemplateView,
  ReconciliationProblem,
} from "@rampart/contracts";
import { LANGUAGES } from "@rampart/contracts";
import { formatMoney, overageAmount } from "@rampart/pricing";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { sysMailTemplate } from "../../db/schema.ts";
import { BadRequestError } from "../../http/errors.ts";
import type { FieldWords } from "../../http/field-labels.ts";
import { type HtmlSanitizer, htmlSanitizer } from "../../http/html-sanitizer.ts";
import { refusePlaceholderMarks } from "../../http/placeholder-marks.ts";
import { PAY_METHOD_NAMES, PRODUCT_NAMES } from "../catalogue/document-names.ts";
import { LOW_BALANCE_BASIS } from "./balance-mail-texts.ts";
import { formatBps } from "./bandwidth-figure.ts";
import { MAIL_EVENTS, MAIL_TEXTS, type MailEvent, type MailText, unknownPlaceholders } from "./mail-texts.ts";
import { mailTime, readerTimeZone } from "./mail-time.ts";
import { NOTICE_KIND_WORDS } from "./notification-mail-texts.ts";
import { overageMailValues, overagePartsMailValues } from "./overage-mail-values.ts";
import { problemLine } from "./reconciliation-lines.ts";
import { ATTACK_MITIGATION_TEXTS } from "./usage-mail-texts.ts";

type TemplateRow = typeof sysMailTemplate.$inferSelect;

export const isMailEvent = (event: string): event is MailEvent => Object.hasOwn(MAIL_EVENTS, event);

/** The text a mail of this event and language is written with: the operator's, else the default. */
export async function mailTextOf(db: Db | Tx, event: MailEvent, language: Language): Promise<MailText> {
  const [row] = await db
    .select()
    .from(sysMailTemplate)
    .where(and(eq(sysMailTemplate.event, event), eq(sysMailTemplate.language, language)));
  return row ? textOfRow(row) : MAIL_TEXTS[event][language];
}

const textOfRow = (row: TemplateRow): MailText => ({
  subject: row.subject,
  heading: row.heading,
  body: row.body,
  ...(row.action ? { action: row.action } : {}),
});

const asTemplateText = (text: MailText): MailTemplateText => ({
  subject: text.subject,
  heading: text.heading,
  body: text.body,
  action: text.action ?? "",
});

/** Every event in every language: its subject, and whether an operator's text replaces the default. */
export async function listMailTemplates(db: Db, language: Language): Promise<MailTemplateSummary[]> {
  const rows = await db.select().from(sysMailTemplate);
  const saved = new Map(rows.map((row) => [`${row.event}/${row.language}`, row]));
  // The reader's own language first in each event, then the others in their usual order.
  const languages = [language, ...LANGUAGES.filter((l) => l !== language)];
  return (Object.keys(MAIL_EVENTS) as MailEvent[]).flatMap((event) =>
    languages.map((l) => {
      const row = saved.get(`${event}/${l}`);
      return {
        event,
        language: l,
        subject: row?.subject ?? MAIL_TEXTS[event][l].subject,
        customized: Boolean(row),
        updatedAt: row?.updatedAt.toISOString() ?? null,
        updatedBy: row?.updatedBy ?? "",
      };
    }),
  );
}

export async function mailTemplateView(db: Db, event: MailEvent, language: Language): Promise<MailTemplateView> {
  const [row] = await db
    .select()
    .from(sysMailTemplate)
    .where(and(eq(sysMailTemplate.event, event), eq(sysMailTemplate.language, language)));
  const defaults = MAIL_TEXTS[event][language];
  return {
    event,
    language,
    subject: row?.subject ?? defaults.subject,
    customized: Boolean(row),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ?? "",
    text: asTemplateText(row ? textOfRow(row) : defaults),
    defaults: asTemplateText(defaults),
    placeholders: [...MAIL_EVENTS[event]],
    hasAction: Boolean(defaults.action),
  };
}

/** Text as typed, without markup (the layout formats; tags would show as text) or control characters. */
function plain(sanitizeHtml: HtmlSanitizer, value: string, multiline: boolean): string {
  const stripped = sanitizeHtml(value, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: "discard" })
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = stripped.replace(multiline ? /[\u0000-\u0009\u000b-\u001f\u007f]/g : /[\u0000-\u001f\u007f]/g, "");
  return multiline ? cleaned.replace(/\r\n?/g, "\n").trim() : cleaned.trim();
}

/** A template's fields, named for the operator who wrote them. */
const TEMPLATE_FIELDS: Record<keyof MailText, FieldWords> = {
  subject: { en: "The subject", "zh-CN": "邮件主题", "zh-TW": "郵件主旨", id: "Subjek", vi: "Tiêu đề thư" },
  heading: { en: "The heading", "zh-CN": "标题", "zh-TW": "標題", id: "Judul", vi: "Tiêu đề nội dung" },
  body: { en: "The body", "zh-CN": "正文", "zh-TW": "內文", id: "Isi", vi: "Nội dung" },
  action: { en: "The button label", "zh-CN": "按钮文字", "zh-TW": "按鈕文字", id: "Label tombol", vi: "Nhãn nút" },
};
/** `{{link}}` however spaced: a link (a one-time one, for some mails) has no place in a subject. */
const LINK_PLACEHOLDER = /\{\{\s*link\s*\}\}/;

/**
 * An operator's text made safe and checked: markup removed, each field present, a button label
 * exactly when the mail has a button, no placeholder the event does not fill, no link in the
 * subject (every mailbox and the mail log's list show it), no mark of the layout's (⟦ ⟧). Answers
 * the text as it will be kept, or throws the reason (in the operator's language).
 */
export async function checkedText(event: MailEvent, input: MailTemplateText): Promise<MailText> {
  const sanitizeHtml = await htmlSanitizer();
  const text: MailText = {
    subject: plain(sanitizeHtml, input.subject, false),
    heading: plain(sanitizeHtml, input.heading, false),
    body: plain(sanitizeHtml, input.body, true),
  };
  const hasAction = Boolean(MAIL_TEXTS[event].en.action);
  const action = plain(sanitizeHtml, input.action, false);
  if (hasAction) text.action = action;
  if (!text.subject || !text.heading || !text.body || (hasAction && !action))
    throw new BadRequestError("mail_template_incomplete");
  for (const field of Object.keys(TEMPLATE_FIELDS) as (keyof MailText)[]) {
    refusePlaceholderMarks(text[field] ?? "", TEMPLATE_FIELDS[field], { placeholders: true });
  }
  if (LINK_PLACEHOLDER.test(text.subject)) {
    throw new BadRequestError("mail_template_link_in_subject", { placeholder: "{{link}}" });
  }
  const unknown = unknownPlaceholders(event, text);
  if (unknown.length > 0) {
    throw new BadRequestError("mail_template_placeholder", {
      value: unknown.map((name) => `{{${name}}}`).join(", "),
      known: MAIL_EVENTS[event].map((name) => `{{${name}}}`).join(" "),
    });
  }
  // A placeholder written as {{ name }} is the same placeholder: kept as the layout fills it.
  return text;
}

export async function saveMailTemplate(
  db: Db,
  event: MailEvent,
  language: Language,
  text: MailText,
  by: string,
  now: Date,
): Promise<void> {
  const values = {
    subject: text.subject,
    heading: text.heading,
    body: text.body,
    action: text.action ?? "",
    updatedBy: by,
    updatedAt: now,
  };
  await db
    .insert(sysMailTemplate)
    .values({ event, language, ...values })
    .onConflictDoUpdate({ target: [sysMailTemplate.event, sysMailTemplate.language], set: values });
}

export async function revertMailTemplate(db: Db, event: MailEvent, language: Language): Promise<void> {
  await db.delete(sysMailTemplate).where(and(eq(sysMailTemplate.event, event), eq(sysMailTemplate.language, language)));
}

const SAMPLE_NAMES: Record<Language, string> = {
  en: "Alex Morgan",
  "zh-CN": "王小明",
  "zh-TW": "陳怡君",
  id: "Budi Santoso",
  vi: "Nguyễn Văn An",
};
const SAMPLE_CONTENT: Record<Language, string> = {
  en: "We run three game servers in Singapore and need protection from floods of about 200 Gbps.",
  "zh-CN": "我们在新加坡有三台游戏服务器，需要防护约 200 Gbps 的流量攻击。",
  "zh-TW": "我們在新加坡有三台遊戲伺服器，需要防護約 200 Gbps 的流量攻擊。",
  id: "Kami menjalankan tiga server game di Singapura dan memerlukan perlindungan dari serangan sekitar 200 Gbps.",
  vi: "Chúng tôi có ba máy chủ game tại Singapore và cần chống tấn công khoảng 200 Gbps.",
};

const SAMPLE_REASONS: Record<Language, string> = {
  en: "Abuse report #4411: a phishing page on shop.example.com",
  "zh-CN": "滥用举报 #4411：shop.example.com 上存在钓鱼页面",
  "zh-TW": "濫用檢舉 #4411：shop.example.com 上有釣魚網頁",
  id: "Laporan penyalahgunaan #4411: halaman phishing di shop.example.com",
  vi: "Báo cáo lạm dụng #4411: trang lừa đảo trên shop.example.com",
};

/** What a site's payment document is called by default (a receipt), in a preview's sample mail. */
const SAMPLE_DOCUMENT: Record<Language, string> = {
  en: "Receipt",
  "zh-CN": "收据",
  "zh-TW": "收據",
  id: "Kuitansi",
  vi: "Biên lai",
};

const SAMPLE_PAYMENT: Record<Language, string> = {
  en: "Bank transfer to Rampart Cloud Ltd.\nBank: Example Bank, Singapore branch\nAccount: 012-345678-9\nSWIFT: EXAMSGSG",
  "zh-CN": "银行转账至 北京示例科技有限公司\n开户行：示例银行北京分行\n账号：6222 0000 1234 5678",
  "zh-TW": "銀行轉帳至 示例科技股份有限公司\n銀行：示例銀行台北分行\n帳號：012-345-678901",
  id: "Transfer bank ke PT Contoh Awan\nBank: Bank Contoh, cabang Jakarta\nNo. rekening: 123 456 7890",
  vi: "Chuyển khoản đến Công ty TNHH Ví Dụ\nNgân hàng: Ngân hàng Ví Dụ, chi nhánh Hà Nội\nSố tài khoản: 0123 4567 890",
};

/** A sample overage month: 137.5 Mbps at the 95th percentile on 100 bought, 20 of 30 days, CN¥30.00 per Mbps-month. */
const SAMPLE_OVERAGE = {
  month: "2026-11-01",
  p95Bps: 137_500_000,
  committedMbps: 100,
  days: 20,
  monthDays: 30,
  rate: 3_000,
  currency: "CNY",
} as const;

/** The page a sample mail's button opens: the one its real mails link to (a sample token where one is needed). */
function sampleLinkPath(event: MailEvent): string {
  if (event.startsWith("usage_") || event.startsWith("attack_")) return "/control/services";
  if (event.startsWith("topup_")) return "/control/balance";
  if (event === "order_overage" || event === "order_overage_reminder" || event === "service_suspended_overage")
    return "/control/orders";
  if (event === "email_verification" || event === "email_change") return "/cloud/verify-email?token=sample";
  if (event === "auto_renewal_short" || event === "order_refunded_to_balance" || event === "balance_low")
    return "/control/balance";
  if (event === "balance_reconciliation") return "/monitor/server";
  if (event === "ticket_alert" || event === "ticket_customer_reply" || event === "ticket_urgent_page")
    return "/business/support?ticket=48213570";
  if (event.startsWith("ticket_")) return "/control/support?ticket=48213570";
  if (event === "notice_digest") return "/userCenter/notifications";
  return "/cloud/reset-password?token=sample";
}

/** What the reconciliation's mail lists, as two problems of it read. */
const SAMPLE_RECONCILIATION = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    [
      {
        kind: "uncredited",
        userName: "nguyen.an",
        currency: "CNY",
        orderNo: "202611280000012345",
        amount: 50_000,
        expected: null,
      },
      { kind: "ledger", userName: "wei.chen", currency: "CNY", orderNo: null, amount: 120_000, expected: 100_000 },
    ]
      .map((p) => `- ${problemLine(p as ReconciliationProblem, language)}`)
      .join("\n"),
  ]),
) as Record<Language, string>;

/** A sample ticket: its subject, department, the answer's author, a message and a priority. */
const SAMPLE_TICKET: Record<
  Language,
  { subject: string; department: string; author: string; message: string; priority: string }
> = {
  en: {
    subject: "The go-live check says my CNAME is wrong",
    department: "Technical support",
    author: "Mia from support",
    message:
      "The record points at shop.example.com.cdn.example.net, but the check expects shop-example.cdn.example.net. Change the CNAME at your DNS provider to that value and press Check again; it usually takes a few minutes.",
    priority: "normal",
  },
  "zh-CN": {
    subject: "上线检查提示 CNAME 不正确",
    department: "技术支持",
    author: "技术支持 小李",
    message:
      "您的记录指向 shop.example.com.cdn.example.net，而检查要求的是 shop-example.cdn.example.net。请在 DNS 服务商处把 CNAME 改为该值，再点击“重新检查”，通常几分钟内生效。",
    priority: "普通",
  },
  "zh-TW": {
    subject: "上線檢查顯示 CNAME 不正確",
    department: "技術支援",
    author: "技術支援 小陳",
    message:
      "您的記錄指向 shop.example.com.cdn.example.net，但檢查要求的是 shop-example.cdn.example.net。請到 DNS 服務供應商將 CNAME 改為這個值，再按「重新檢查」，通常幾分鐘內就會生效。",
    priority: "一般",
  },
  id: {
    subject: "Pemeriksaan go-live menyatakan CNAME saya salah",
    department: "Dukungan teknis",
    author: "Dewi dari tim dukungan",
    message:
      "Record Anda mengarah ke shop.example.com.cdn.example.net, sedangkan pemeriksaan mengharapkan shop-example.cdn.example.net. Ubah CNAME di penyedia DNS Anda ke nilai tersebut lalu tekan Periksa lagi; biasanya hanya butuh beberapa menit.",
    priority: "normal",
  },
  vi: {
    subject: "Kiểm tra trước khi chạy chính thức báo CNAME sai",
    department: "Hỗ trợ kỹ thuật",
    author: "Linh – bộ phận hỗ trợ",
    message:
      "Bản ghi của bạn đang trỏ tới shop.example.com.cdn.example.net, nhưng hệ thống cần shop-example.cdn.example.net. Hãy sửa CNAME tại nhà cung cấp DNS thành giá trị này rồi bấm Kiểm tra lại; thường chỉ mất vài phút.",
    priority: "bình thường",
  },
};

/** Values that read like a real mail of the event, for previews and test sends. */
export function sampleValues(
  event: MailEvent,
  language: Language,
  site: { consoleOrigin: string; contactWay: string; timeZone: string },
  now: Date,
): Record<string, string> {
  // Written as a reader of the site with no zone of their own reads them.
  const written = (at: Date) => mailTime({ at }, language, readerTimeZone("", site.timeZone));
  const overage = overageMailValues(SAMPLE_OVERAGE, language);
  const all: Record<string, string> = {
    month: overage.month,
    // A month billed in parts (its bandwidth raised on 15 November): one line each.
    parts: overagePartsMailValues(
      {
        month: "2026-11-01",
        p95Bps: 150_000_000,
        committedMbps: 200,
        days: 30,
        monthDays: 30,
        rate: 300,
        currency: "CNY",
        parts: [
          { from: "2026-11-01", until: "2026-11-14", p95Bps: 137_500_000, committedMbps: 100, days: 14, rate: 300 },
          { from: "2026-11-15", until: "2026-11-30", p95Bps: 180_000_000, committedMbps: 200, days: 16, rate: 300 },
        ],
      },
      language,
    ).parts,
    name: SAMPLE_NAMES[language],
    link: `${site.consoleOrigin}${sampleLinkPath(event)}`,
    minutes: "30",
    hours: "24",
    time: written(now),
    ip: "203.0.113.7",
    contact: site.contactWay || "sales@example.com",
    product: PRODUCT_NAMES.ddos![language],
    content: SAMPLE_CONTENT[language],
    orderNo: `${now.toISOString().slice(0, 10).replaceAll("-", "")}0000012345`,
    amount: formatMoney({ minor: 299_900, currency: "CNY" }, language),
    // Short of the amount (the automatic renewal's mail); a top-up's is what it made, below.
    balance: formatMoney({ minor: 120_000, currency: "CNY" }, language),
    method: PAY_METHOD_NAMES.alipay![language],
    email: "alex@example.com",
    userName: "alex.morgan",
    date: written(new Date(now.getTime() + 7 * 86_400_000)),
    days: "7",
    reason: SAMPLE_REASONS[language],
    url: "https://platform.example.com/rampart/events",
    since: written(new Date(now.getTime() - 86_400_000)),
    customer: "Nguyễn Văn An (nguyen.an) · an@example.vn",
    payment: SAMPLE_PAYMENT[language],
    document: SAMPLE_DOCUMENT[language],
    percent: "80",
    used: formatBps(412_000_000, language),
    committed: formatBps(500_000_000, language),
    bandwidth: "600 Mbps",
    target: "shop.example.com",
    vector: "SYN flood",
    peak: formatBps(38_200_000_000, language),
    mitigation: ATTACK_MITIGATION_TEXTS.scrubbed[language],
    threshold: formatMoney({ minor: 299_900, currency: "CNY" }, language),
    basis: LOW_BALANCE_BASIS.renewals[language],
    day: now.toISOString().slice(0, 10),
    count: "2",
    kind: NOTICE_KIND_WORDS.tickets![language],
    items: [
      `• [#48213570] ${SAMPLE_TICKET[language].subject}`,
      `• [#48213571] ${SAMPLE_TICKET[language].department}`,
    ].join("\n"),
    problems: SAMPLE_RECONCILIATION[language],
    started: "3",
    ended: "2",
    ongoing: "1",
    ticketNo: "48213570",
    subject: SAMPLE_TICKET[language].subject,
    department: SAMPLE_TICKET[language].department,
    author: SAMPLE_TICKET[language].author,
    message: SAMPLE_TICKET[language].message,
    priority: SAMPLE_TICKET[language].priority,
    service: "202611280000012345",
    page: "2",
  };
  // The overage mail's figures are its own (its committed bandwidth a bare number, its days those billed).
  const values =
    event === "order_overage"
      ? {
          ...all,
          ...overage,
          amount: formatMoney({ minor: overageAmount(SAMPLE_OVERAGE), currency: SAMPLE_OVERAGE.currency }, language),
        }
      : event === "topup_paid"
        ? { ...all, balance: formatMoney({ minor: 1_250_000, currency: "CNY" }, language) }
        : event === "order_refunded_to_balance"
          ? // The balance after the refund holds at least the amount refunded.
            { ...all, balance: formatMoney({ minor: 419_900, currency: "CNY" }, language) }
          : all;
  return Object.fromEntries(
    MAIL_EVENTS[event].filter((name) => name !== "company").map((name) => [name, values[name]!]),
  );
}
