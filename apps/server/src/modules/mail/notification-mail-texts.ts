import type { Language } from "@rampart/contracts";

/** A mail's text (mail-texts.ts's MailText, written out here: that file takes these texts in). */
type MailText = { subject: string; heading: string; body: string; action?: string };

/**
 * The notification centre's mails (issue 43): the hour's digest, several notices of one kind that
 * came within an hour of the last one mailed, in one mail. `{{items}}` is their titles, a line each.
 */
export const NOTIFICATION_MAIL_EVENTS = {
  notice_digest: ["name", "company", "kind", "count", "items", "link"],
} as const satisfies Record<string, readonly string[]>;

export const NOTIFICATION_MAIL_TEXTS: Record<keyof typeof NOTIFICATION_MAIL_EVENTS, Record<Language, MailText>> = {
  notice_digest: {
    en: {
      subject: "{{count}} more notices: {{kind}}",
      heading: "{{count}} more notices: {{kind}}",
      body: "Hello {{name}},\n\nSo as not to fill your mailbox, here are the notices of the last hour in one mail:\n\n{{items}}\n\nEach one is in your console, with what it says in full.",
      action: "Open my notifications",
    },
    "zh-CN": {
      subject: "又有 {{count}} 条{{kind}}通知",
      heading: "又有 {{count}} 条{{kind}}通知",
      body: "{{name}}，您好：\n\n为避免频繁打扰，我们把过去一小时的通知合并为一封邮件：\n\n{{items}}\n\n每条通知的完整内容都可以在控制台查看。",
      action: "查看我的通知",
    },
    "zh-TW": {
      subject: "又有 {{count}} 則{{kind}}通知",
      heading: "又有 {{count}} 則{{kind}}通知",
      body: "{{name}}，您好：\n\n為了不讓信箱被塞滿，我們把過去一小時的通知合併成一封郵件：\n\n{{items}}\n\n每則通知的完整內容都可以在主控台查看。",
      action: "查看我的通知",
    },
    id: {
      subject: "{{count}} pemberitahuan lagi: {{kind}}",
      heading: "{{count}} pemberitahuan lagi: {{kind}}",
      body: "Halo {{name}},\n\nAgar kotak masuk Anda tidak penuh, berikut pemberitahuan satu jam terakhir dalam satu email:\n\n{{items}}\n\nSetiap pemberitahuan ada lengkap di konsol Anda.",
      action: "Buka pemberitahuan saya",
    },
    vi: {
      subject: "Thêm {{count}} thông báo: {{kind}}",
      heading: "Thêm {{count}} thông báo: {{kind}}",
      body: "Xin chào {{name}},\n\nĐể hộp thư của bạn không bị đầy, đây là các thông báo trong một giờ qua, gộp vào một email:\n\n{{items}}\n\nNội dung đầy đủ của từng thông báo có trong bảng điều khiển của bạn.",
      action: "Mở thông báo của tôi",
    },
  },
};

/** A kind of notice as the digest's subject names it. */
export const NOTICE_KIND_WORDS: Record<string, Record<Language, string>> = {
  orders: { en: "orders", "zh-CN": "订单", "zh-TW": "訂單", id: "pesanan", vi: "đơn hàng" },
  services: { en: "services", "zh-CN": "服务", "zh-TW": "服務", id: "layanan", vi: "dịch vụ" },
  balance: { en: "balance", "zh-CN": "余额", "zh-TW": "餘額", id: "saldo", vi: "số dư" },
  usage: {
    en: "usage and attacks",
    "zh-CN": "用量与攻击",
    "zh-TW": "用量與攻擊",
    id: "pemakaian dan serangan",
    vi: "sử dụng và tấn công",
  },
  certificates: { en: "certificates", "zh-CN": "证书", "zh-TW": "憑證", id: "sertifikat", vi: "chứng chỉ" },
  monitors: { en: "monitoring", "zh-CN": "监控", "zh-TW": "監控", id: "pemantauan", vi: "giám sát" },
  tickets: { en: "support", "zh-CN": "工单", "zh-TW": "客服工單", id: "dukungan", vi: "hỗ trợ" },
  security: {
    en: "account security",
    "zh-CN": "账号安全",
    "zh-TW": "帳號安全",
    id: "keamanan akun",
    vi: "bảo mật tài khoản",
  },
};
