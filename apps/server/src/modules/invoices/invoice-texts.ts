import type { Language } from "@rampart/contracts";

/** The words of an invoice and a credit note, per language. */
export interface InvoiceWords {
  invoice: string;
  creditNote: string;
  number: string;
  issued: string;
  order: string;
  refersTo: string;
  billTo: string;
  taxId: string;
  description: string;
  amount: string;
  subtotal: string;
  discount: string;
  coupon: string;
  total: string;
  refunded: string;
  taxIncluded: string;
  payment: string;
  paidAt: string;
  refundedAt: string;
  actions: Record<string, string>;
  durations: Record<"day" | "month" | "year", (count: number) => string>;
  editions: Record<string, string>;
  closing: string;
  creditClosing: string;
  /** The export's other headers. */
  kind: string;
  user: string;
  site: string;
  currency: string;
  tax: string;
}

export const INVOICE_WORDS: Record<Language, InvoiceWords> = {
  en: {
    invoice: "Invoice",
    creditNote: "Credit note",
    number: "Number",
    issued: "Issued",
    order: "Order",
    refersTo: "Refers to invoice",
    billTo: "Bill to",
    taxId: "Tax ID",
    description: "Description",
    amount: "Amount",
    subtotal: "Subtotal",
    discount: "Discount",
    coupon: "Coupon",
    total: "Total paid",
    refunded: "Total refunded",
    taxIncluded: "of which tax ({rate})",
    payment: "Paid with",
    paidAt: "Paid at",
    refundedAt: "Refunded at",
    actions: { new: "new purchase", renew: "renewal", upgrade: "upgrade" },
    durations: {
      day: (n) => `${n} ${n === 1 ? "day" : "days"}`,
      month: (n) => `${n} ${n === 1 ? "month" : "months"}`,
      year: (n) => `${n} ${n === 1 ? "year" : "years"}`,
    },
    editions: {
      trial: "Free trial",
      enterprise: "Enterprise",
      ultimate: "Ultimate",
      advanced: "Advanced",
      premium: "Premium",
      custom: "Custom",
      mainland: "Mainland China",
      global: "Global",
    },
    closing: "Thank you for your business.",
    creditClosing: "This credit note cancels the invoice it refers to for the amount shown.",
    kind: "Kind",
    user: "User",
    site: "Site",
    currency: "Currency",
    tax: "Tax",
  },
  "zh-CN": {
    invoice: "发票",
    creditNote: "红字发票（退款凭证）",
    number: "编号",
    issued: "开具日期",
    order: "订单号",
    refersTo: "对应发票",
    billTo: "购买方",
    taxId: "税号",
    description: "项目",
    amount: "金额",
    subtotal: "小计",
    discount: "折扣",
    coupon: "优惠券",
    total: "实付金额",
    refunded: "退款金额",
    taxIncluded: "其中税额（{rate}）",
    payment: "付款方式",
    paidAt: "付款时间",
    refundedAt: "退款时间",
    actions: { new: "新购", renew: "续费", upgrade: "升级" },
    durations: { day: (n) => `${n} 天`, month: (n) => `${n} 个月`, year: (n) => `${n} 年` },
    editions: {
      trial: "免费试用",
      enterprise: "企业版",
      ultimate: "旗舰版",
      advanced: "高级版",
      premium: "尊享版",
      custom: "定制版",
      mainland: "中国大陆版",
      global: "全球版",
    },
    closing: "感谢您的惠顾。",
    creditClosing: "本凭证按所列金额冲销对应发票。",
    kind: "类型",
    user: "用户",
    site: "站点",
    currency: "币种",
    tax: "税额",
  },
  "zh-TW": {
    invoice: "發票",
    creditNote: "折讓單（退款憑證）",
    number: "編號",
    issued: "開立日期",
    order: "訂單編號",
    refersTo: "對應發票",
    billTo: "買方",
    taxId: "統一編號",
    description: "品項",
    amount: "金額",
    subtotal: "小計",
    discount: "折扣",
    coupon: "優惠券",
    total: "實付金額",
    refunded: "退款金額",
    taxIncluded: "其中稅額（{rate}）",
    payment: "付款方式",
    paidAt: "付款時間",
    refundedAt: "退款時間",
    actions: { new: "新購", renew: "續費", upgrade: "升級" },
    durations: { day: (n) => `${n} 天`, month: (n) => `${n} 個月`, year: (n) => `${n} 年` },
    editions: {
      trial: "免費試用",
      enterprise: "企業版",
      ultimate: "旗艦版",
      advanced: "進階版",
      premium: "尊榮版",
      custom: "客製化方案",
      mainland: "中國大陸版",
      global: "全球版",
    },
    closing: "感謝您的惠顧。",
    creditClosing: "本憑證依所列金額沖銷對應發票。",
    kind: "類型",
    user: "使用者",
    site: "站點",
    currency: "幣別",
    tax: "稅額",
  },
  id: {
    invoice: "Faktur",
    creditNote: "Nota kredit",
    number: "Nomor",
    issued: "Tanggal terbit",
    order: "Pesanan",
    refersTo: "Merujuk faktur",
    billTo: "Ditagihkan kepada",
    taxId: "NPWP",
    description: "Uraian",
    amount: "Jumlah",
    subtotal: "Subtotal",
    discount: "Diskon",
    coupon: "Kupon",
    total: "Total dibayar",
    refunded: "Total dikembalikan",
    taxIncluded: "termasuk pajak ({rate})",
    payment: "Dibayar dengan",
    paidAt: "Dibayar pada",
    refundedAt: "Dikembalikan pada",
    actions: { new: "pembelian baru", renew: "perpanjangan", upgrade: "peningkatan" },
    durations: { day: (n) => `${n} hari`, month: (n) => `${n} bulan`, year: (n) => `${n} tahun` },
    editions: {
      trial: "Uji coba gratis",
      enterprise: "Enterprise",
      ultimate: "Ultimate",
      advanced: "Advanced",
      premium: "Premium",
      custom: "Kustom",
      mainland: "Tiongkok Daratan",
      global: "Global",
    },
    closing: "Terima kasih atas kepercayaan Anda.",
    creditClosing: "Nota kredit ini membatalkan faktur yang dirujuk sebesar jumlah yang tertera.",
    kind: "Jenis",
    user: "Pengguna",
    site: "Situs",
    currency: "Mata uang",
    tax: "Pajak",
  },
  vi: {
    invoice: "Hóa đơn",
    creditNote: "Phiếu ghi có (hoàn tiền)",
    number: "Số",
    issued: "Ngày lập",
    order: "Đơn hàng",
    refersTo: "Theo hóa đơn",
    billTo: "Bên mua",
    taxId: "Mã số thuế",
    description: "Nội dung",
    amount: "Số tiền",
    subtotal: "Tạm tính",
    discount: "Giảm giá",
    coupon: "Mã giảm giá",
    total: "Tổng đã thanh toán",
    refunded: "Tổng đã hoàn",
    taxIncluded: "trong đó thuế ({rate})",
    payment: "Thanh toán qua",
    paidAt: "Thanh toán lúc",
    refundedAt: "Hoàn tiền lúc",
    actions: { new: "mua mới", renew: "gia hạn", upgrade: "nâng cấp" },
    durations: { day: (n) => `${n} ngày`, month: (n) => `${n} tháng`, year: (n) => `${n} năm` },
    editions: {
      trial: "Dùng thử miễn phí",
      enterprise: "Enterprise",
      ultimate: "Ultimate",
      advanced: "Advanced",
      premium: "Premium",
      custom: "Tùy chỉnh",
      mainland: "Trung Quốc đại lục",
      global: "Toàn cầu",
    },
    closing: "Cảm ơn quý khách đã tin dùng.",
    creditClosing: "Phiếu ghi có này điều chỉnh giảm hóa đơn được tham chiếu theo số tiền nêu trên.",
    kind: "Loại",
    user: "Người dùng",
    site: "Trang",
    currency: "Tiền tệ",
    tax: "Thuế",
  },
};
