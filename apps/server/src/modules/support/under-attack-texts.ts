import type { Language } from "@rampart/contracts";

/** What an "Under attack?" ticket is called, and says when the customer typed nothing, per language. */
export const UNDER_ATTACK_TEXTS: Record<
  Language,
  { subject: (orderNo: string) => string; message: (orderNo: string) => string }
> = {
  en: {
    subject: (orderNo) => `Under attack: package ${orderNo}`,
    message: (orderNo) => `My package ${orderNo} is under attack right now. Please look at it as soon as you can.`,
  },
  "zh-CN": {
    subject: (orderNo) => `正在遭受攻击：套餐 ${orderNo}`,
    message: (orderNo) => `我的套餐 ${orderNo} 正在遭受攻击，请尽快协助处理。`,
  },
  "zh-TW": {
    subject: (orderNo) => `正遭受攻擊：方案 ${orderNo}`,
    message: (orderNo) => `我的方案 ${orderNo} 目前正遭受攻擊，請儘快協助處理。`,
  },
  id: {
    subject: (orderNo) => `Sedang diserang: paket ${orderNo}`,
    message: (orderNo) => `Paket saya ${orderNo} sedang diserang saat ini. Mohon segera ditangani.`,
  },
  vi: {
    subject: (orderNo) => `Đang bị tấn công: gói ${orderNo}`,
    message: (orderNo) => `Gói ${orderNo} của tôi đang bị tấn công. Vui lòng hỗ trợ xử lý sớm nhất có thể.`,
  },
};
