import type { Language } from "@rampart/contracts";

/** A mail's text (mail-texts.ts's MailText, written out here: that file takes these texts in). */
type MailText = { subject: string; heading: string; body: string; action?: string };

/**
 * The support desk's mails (issue 42), and the values each fills. Every subject carries the
 * ticket's reference, [#number], so that a reply by mail finds its thread and a reader's mail
 * program groups them.
 */
export const SUPPORT_MAIL_EVENTS = {
  ticket_opened: ["name", "company", "ticketNo", "subject", "department", "link"],
  ticket_reply: ["name", "company", "ticketNo", "subject", "author", "message", "link"],
  ticket_closed: ["name", "company", "ticketNo", "subject", "days", "link"],
  ticket_alert: ["company", "ticketNo", "subject", "customer", "department", "priority", "message", "link"],
  ticket_customer_reply: ["company", "ticketNo", "subject", "customer", "message", "link"],
  ticket_urgent_page: ["company", "ticketNo", "subject", "customer", "service", "page", "message", "link"],
} as const satisfies Record<string, readonly string[]>;

export const SUPPORT_MAIL_TEXTS: Record<keyof typeof SUPPORT_MAIL_EVENTS, Record<Language, MailText>> = {
  ticket_opened: {
    en: {
      subject: "[#{{ticketNo}}] We have your request: {{subject}}",
      heading: "We have your request",
      body: "Hello {{name}},\n\nThank you for writing to {{company}}. Your ticket {{ticketNo}} ({{subject}}) is with our {{department}} team, and we will answer you here and in the console.\n\nTo add something, reply to this mail or write in the ticket.",
      action: "Open the ticket",
    },
    "zh-CN": {
      subject: "[#{{ticketNo}}] 我们已收到您的工单：{{subject}}",
      heading: "我们已收到您的工单",
      body: "{{name}}，您好：\n\n感谢您联系 {{company}}。您的工单 {{ticketNo}}（{{subject}}）已转交{{department}}团队处理，我们会通过邮件和控制台回复您。\n\n如需补充信息，可直接回复此邮件，或在工单中留言。",
      action: "查看工单",
    },
    "zh-TW": {
      subject: "[#{{ticketNo}}] 我們已收到您的工單：{{subject}}",
      heading: "我們已收到您的工單",
      body: "{{name}}，您好：\n\n感謝您與 {{company}} 聯絡。您的工單 {{ticketNo}}（{{subject}}）已交由{{department}}團隊處理，我們會透過電子郵件和主控台回覆您。\n\n如需補充說明，可直接回覆這封郵件，或在工單中留言。",
      action: "查看工單",
    },
    id: {
      subject: "[#{{ticketNo}}] Permintaan Anda sudah kami terima: {{subject}}",
      heading: "Permintaan Anda sudah kami terima",
      body: "Halo {{name}},\n\nTerima kasih telah menghubungi {{company}}. Tiket {{ticketNo}} ({{subject}}) sudah diteruskan ke tim {{department}} kami. Kami akan membalas melalui email ini dan di konsol.\n\nJika ada yang ingin ditambahkan, cukup balas email ini atau tulis di tiket.",
      action: "Buka tiket",
    },
    vi: {
      subject: "[#{{ticketNo}}] Chúng tôi đã nhận được yêu cầu của bạn: {{subject}}",
      heading: "Chúng tôi đã nhận được yêu cầu của bạn",
      body: "Xin chào {{name}},\n\nCảm ơn bạn đã liên hệ {{company}}. Phiếu hỗ trợ {{ticketNo}} ({{subject}}) đã được chuyển đến bộ phận {{department}}. Chúng tôi sẽ trả lời qua email và trong bảng điều khiển.\n\nNếu cần bổ sung thông tin, bạn chỉ cần trả lời email này hoặc viết thêm trong phiếu.",
      action: "Mở phiếu hỗ trợ",
    },
  },
  ticket_reply: {
    en: {
      subject: "[#{{ticketNo}}] New answer: {{subject}}",
      heading: "{{author}} answered your ticket",
      body: "Hello {{name}},\n\n{{message}}\n\nReply to this mail to answer, or open the ticket in the console.",
      action: "Open the ticket",
    },
    "zh-CN": {
      subject: "[#{{ticketNo}}] 工单有新回复：{{subject}}",
      heading: "{{author}} 回复了您的工单",
      body: "{{name}}，您好：\n\n{{message}}\n\n您可以直接回复此邮件，或在控制台中打开工单回复。",
      action: "查看工单",
    },
    "zh-TW": {
      subject: "[#{{ticketNo}}] 工單有新回覆：{{subject}}",
      heading: "{{author}} 回覆了您的工單",
      body: "{{name}}，您好：\n\n{{message}}\n\n您可以直接回覆這封郵件，或在主控台中開啟工單回覆。",
      action: "查看工單",
    },
    id: {
      subject: "[#{{ticketNo}}] Balasan baru: {{subject}}",
      heading: "{{author}} membalas tiket Anda",
      body: "Halo {{name}},\n\n{{message}}\n\nBalas email ini untuk menanggapi, atau buka tiketnya di konsol.",
      action: "Buka tiket",
    },
    vi: {
      subject: "[#{{ticketNo}}] Có phản hồi mới: {{subject}}",
      heading: "{{author}} đã trả lời phiếu hỗ trợ của bạn",
      body: "Xin chào {{name}},\n\n{{message}}\n\nBạn có thể trả lời trực tiếp email này, hoặc mở phiếu trong bảng điều khiển.",
      action: "Mở phiếu hỗ trợ",
    },
  },
  ticket_closed: {
    en: {
      subject: "[#{{ticketNo}}] Closed: {{subject}}",
      heading: "Your ticket is closed",
      body: "Hello {{name}},\n\nWe have closed ticket {{ticketNo}} ({{subject}}). If something is still not right, reply to this mail or reopen the ticket within {{days}} days.\n\nHow did we do? You can rate our answers in the ticket.",
      action: "Rate our answers",
    },
    "zh-CN": {
      subject: "[#{{ticketNo}}] 工单已关闭：{{subject}}",
      heading: "您的工单已关闭",
      body: "{{name}}，您好：\n\n工单 {{ticketNo}}（{{subject}}）已关闭。如果问题仍未解决，请在 {{days}} 天内回复此邮件或重新打开工单。\n\n欢迎在工单中为我们的服务评分。",
      action: "为服务评分",
    },
    "zh-TW": {
      subject: "[#{{ticketNo}}] 工單已關閉：{{subject}}",
      heading: "您的工單已關閉",
      body: "{{name}}，您好：\n\n工單 {{ticketNo}}（{{subject}}）已關閉。如果問題仍未解決，請在 {{days}} 天內回覆這封郵件或重新開啟工單。\n\n歡迎在工單中為我們的服務評分。",
      action: "為服務評分",
    },
    id: {
      subject: "[#{{ticketNo}}] Ditutup: {{subject}}",
      heading: "Tiket Anda telah ditutup",
      body: "Halo {{name}},\n\nTiket {{ticketNo}} ({{subject}}) telah kami tutup. Jika masalahnya belum selesai, balas email ini atau buka kembali tiketnya dalam {{days}} hari.\n\nBagaimana layanan kami? Anda dapat memberi penilaian di tiket tersebut.",
      action: "Beri penilaian",
    },
    vi: {
      subject: "[#{{ticketNo}}] Đã đóng: {{subject}}",
      heading: "Phiếu hỗ trợ của bạn đã được đóng",
      body: "Xin chào {{name}},\n\nChúng tôi đã đóng phiếu {{ticketNo}} ({{subject}}). Nếu vấn đề vẫn chưa được giải quyết, hãy trả lời email này hoặc mở lại phiếu trong vòng {{days}} ngày.\n\nBạn có hài lòng không? Hãy đánh giá câu trả lời của chúng tôi ngay trong phiếu.",
      action: "Đánh giá",
    },
  },
  ticket_alert: {
    en: {
      subject: "[#{{ticketNo}}] New ticket ({{priority}}): {{subject}}",
      heading: "New ticket for {{department}}",
      body: "{{customer}} opened ticket {{ticketNo}} with {{priority}} priority.\n\n{{message}}",
      action: "Open it in the support desk",
    },
    "zh-CN": {
      subject: "[#{{ticketNo}}] 新工单（{{priority}}）：{{subject}}",
      heading: "{{department}}有新工单",
      body: "{{customer}} 提交了工单 {{ticketNo}}，优先级：{{priority}}。\n\n{{message}}",
      action: "在工单处理中查看",
    },
    "zh-TW": {
      subject: "[#{{ticketNo}}] 新工單（{{priority}}）：{{subject}}",
      heading: "{{department}}有新工單",
      body: "{{customer}} 提交了工單 {{ticketNo}}，優先順序：{{priority}}。\n\n{{message}}",
      action: "在客服工單處理中查看",
    },
    id: {
      subject: "[#{{ticketNo}}] Tiket baru ({{priority}}): {{subject}}",
      heading: "Tiket baru untuk {{department}}",
      body: "{{customer}} membuka tiket {{ticketNo}} dengan prioritas {{priority}}.\n\n{{message}}",
      action: "Buka di meja dukungan",
    },
    vi: {
      subject: "[#{{ticketNo}}] Phiếu mới ({{priority}}): {{subject}}",
      heading: "Phiếu hỗ trợ mới cho {{department}}",
      body: "{{customer}} đã mở phiếu {{ticketNo}} với mức ưu tiên {{priority}}.\n\n{{message}}",
      action: "Mở trong bàn hỗ trợ",
    },
  },
  ticket_customer_reply: {
    en: {
      subject: "[#{{ticketNo}}] {{customer}} replied: {{subject}}",
      heading: "The customer replied",
      body: "{{customer}} wrote on ticket {{ticketNo}}:\n\n{{message}}",
      action: "Open it in the support desk",
    },
    "zh-CN": {
      subject: "[#{{ticketNo}}] {{customer}} 回复了工单：{{subject}}",
      heading: "客户回复了工单",
      body: "{{customer}} 在工单 {{ticketNo}} 中回复：\n\n{{message}}",
      action: "在工单处理中查看",
    },
    "zh-TW": {
      subject: "[#{{ticketNo}}] {{customer}} 回覆了工單：{{subject}}",
      heading: "客戶回覆了工單",
      body: "{{customer}} 在工單 {{ticketNo}} 中回覆：\n\n{{message}}",
      action: "在客服工單處理中查看",
    },
    id: {
      subject: "[#{{ticketNo}}] {{customer}} membalas: {{subject}}",
      heading: "Pelanggan membalas",
      body: "{{customer}} menulis di tiket {{ticketNo}}:\n\n{{message}}",
      action: "Buka di meja dukungan",
    },
    vi: {
      subject: "[#{{ticketNo}}] {{customer}} đã trả lời: {{subject}}",
      heading: "Khách hàng đã trả lời",
      body: "{{customer}} đã viết trong phiếu {{ticketNo}}:\n\n{{message}}",
      action: "Mở trong bàn hỗ trợ",
    },
  },
  ticket_urgent_page: {
    en: {
      subject: "[#{{ticketNo}}] URGENT, page {{page}}: {{subject}}",
      heading: "A customer is under attack",
      body: "{{customer}} reports an attack on package {{service}} (ticket {{ticketNo}}).\n\n{{message}}\n\nThis page repeats every 10 minutes until someone acknowledges the ticket or answers it in the support desk.",
      action: "Acknowledge in the support desk",
    },
    "zh-CN": {
      subject: "[#{{ticketNo}}] 紧急（第 {{page}} 次通知）：{{subject}}",
      heading: "客户正在遭受攻击",
      body: "{{customer}} 报告套餐 {{service}} 正在遭受攻击（工单 {{ticketNo}}）。\n\n{{message}}\n\n在有人于工单处理中确认或回复该工单之前，此通知每 10 分钟重复一次。",
      action: "在工单处理中确认",
    },
    "zh-TW": {
      subject: "[#{{ticketNo}}] 緊急（第 {{page}} 次通知）：{{subject}}",
      heading: "客戶正遭受攻擊",
      body: "{{customer}} 回報方案 {{service}} 正遭受攻擊（工單 {{ticketNo}}）。\n\n{{message}}\n\n在有人於客服工單處理中確認或回覆此工單之前，這則通知每 10 分鐘會重複一次。",
      action: "在客服工單處理中確認",
    },
    id: {
      subject: "[#{{ticketNo}}] MENDESAK, panggilan ke-{{page}}: {{subject}}",
      heading: "Pelanggan sedang diserang",
      body: "{{customer}} melaporkan serangan pada paket {{service}} (tiket {{ticketNo}}).\n\n{{message}}\n\nPanggilan ini diulang setiap 10 menit sampai ada yang mengonfirmasi atau membalas tiket di meja dukungan.",
      action: "Konfirmasi di meja dukungan",
    },
    vi: {
      subject: "[#{{ticketNo}}] KHẨN CẤP, lần báo {{page}}: {{subject}}",
      heading: "Khách hàng đang bị tấn công",
      body: "{{customer}} báo gói {{service}} đang bị tấn công (phiếu {{ticketNo}}).\n\n{{message}}\n\nThông báo này lặp lại mỗi 10 phút cho đến khi có người xác nhận hoặc trả lời phiếu trong bàn hỗ trợ.",
      action: "Xác nhận trong bàn hỗ trợ",
    },
  },
};

/** A ticket's priority as a mail names it. */
export const PRIORITY_WORDS: Record<string, Record<Language, string>> = {
  low: { en: "low", "zh-CN": "低", "zh-TW": "低", id: "rendah", vi: "thấp" },
  normal: { en: "normal", "zh-CN": "普通", "zh-TW": "一般", id: "normal", vi: "bình thường" },
  high: { en: "high", "zh-CN": "高", "zh-TW": "高", id: "tinggi", vi: "cao" },
  urgent: { en: "urgent", "zh-CN": "紧急", "zh-TW": "緊急", id: "mendesak", vi: "khẩn cấp" },
};
