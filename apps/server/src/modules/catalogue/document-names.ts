import type { Language } from "@rampart/contracts";

/** What the customer bought, as mails, invoices and receipts name it (the site's own product names). */
export const PRODUCT_NAMES: Record<string, Record<Language, string>> = {
  cdn: {
    en: "Secure Acceleration (CDN)",
    "zh-CN": "安全加速（CDN）",
    "zh-TW": "安全加速（CDN）",
    id: "Akselerasi Aman (CDN)",
    vi: "Tăng tốc an toàn (CDN)",
  },
  ddos: {
    en: "DDoS Protection",
    "zh-CN": "DDoS 防护",
    "zh-TW": "DDoS 防護",
    id: "Perlindungan DDoS",
    vi: "Chống DDoS",
  },
  tcp: {
    en: "TCP/UDP Protection",
    "zh-CN": "TCP/UDP 防护",
    "zh-TW": "TCP/UDP 防護",
    id: "Perlindungan TCP/UDP",
    vi: "Bảo vệ TCP/UDP",
  },
  waf: {
    en: "Web Application Firewall",
    "zh-CN": "Web 应用防火墙",
    "zh-TW": "網站應用程式防火牆",
    id: "Web Application Firewall",
    vi: "Tường lửa ứng dụng web",
  },
  // A top-up's "product": money paid into the account's balance.
  balance: {
    en: "Account balance top-up",
    "zh-CN": "账户余额充值",
    "zh-TW": "帳戶餘額儲值",
    id: "Isi ulang saldo akun",
    vi: "Nạp tiền vào số dư tài khoản",
  },
};

/** How an order was paid, as a receipt says it. */
export const PAY_METHOD_NAMES: Record<string, Record<Language, string>> = {
  alipay: { en: "Alipay", "zh-CN": "支付宝", "zh-TW": "支付寶", id: "Alipay", vi: "Alipay" },
  alipayGlobal: {
    en: "International Alipay",
    "zh-CN": "国际支付宝",
    "zh-TW": "國際支付寶",
    id: "Alipay Internasional",
    vi: "Alipay quốc tế",
  },
  offline: {
    en: "Bank transfer",
    "zh-CN": "银行转账",
    "zh-TW": "銀行轉帳",
    id: "Transfer bank",
    vi: "Chuyển khoản ngân hàng",
  },
  balance: { en: "Account balance", "zh-CN": "账户余额", "zh-TW": "帳戶餘額", id: "Saldo akun", vi: "Số dư tài khoản" },
  trial: { en: "Free trial", "zh-CN": "免费试用", "zh-TW": "免費試用", id: "Uji coba gratis", vi: "Dùng thử miễn phí" },
};
