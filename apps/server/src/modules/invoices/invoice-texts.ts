import type { DocumentTitle, Language } from "@rampart/contracts";
import type { InvoiceSnapshot } from "../../db/schema.ts";

/**
 * What a site's documents are called, and the words that change with it: the document for a
 * payment, the one for its refund, the customer's label, the reference from one to the other.
 */
export interface DocumentWords {
  /** The document for a payment: "Receipt", "Commercial invoice". */
  title: string;
  /** The document for its refund: "Refund receipt", "Credit note". */
  creditTitle: string;
  buyer: string;
  refersTo: string;
  creditClosing: string;
}

/** The words of a receipt or commercial invoice and of its refund's document, per language. */
export interface InvoiceWords {
  documents: Record<DocumentTitle, DocumentWords>;
  /** That the document is not a tax invoice (fapiao, VAT invoice, Faktur Pajak): on every one. */
  notTaxInvoice: string;
  number: string;
  issued: string;
  order: string;
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
  /** A top-up's line: money paid into the account's balance. */
  topUp: string;
  /** An overage order's line: what was billed, from its figures (already written for the reader). */
  overage: (v: {
    month: string;
    over: string;
    committed: string;
    percentile: string;
    rate: string;
    days: string;
    monthDays: string;
  }) => string;
  durations: Record<"day" | "month" | "year", (count: number) => string>;
  editions: Record<string, string>;
  closing: string;
  /** The export's other headers. */
  refersToHeader: string;
  buyerHeader: string;
  kind: string;
  user: string;
  site: string;
  currency: string;
  tax: string;
}

export const INVOICE_WORDS: Record<Language, InvoiceWords> = {
  en: {
    documents: {
      receipt: {
        title: "Receipt",
        creditTitle: "Refund receipt",
        buyer: "Customer",
        refersTo: "Refers to receipt",
        creditClosing: "This refund receipt records the amount shown as paid back against the receipt it refers to.",
      },
      commercial_invoice: {
        title: "Commercial invoice",
        creditTitle: "Credit note",
        buyer: "Bill to",
        refersTo: "Refers to invoice",
        creditClosing: "This credit note cancels the invoice it refers to for the amount shown.",
      },
    },
    notTaxInvoice: "This document is not a tax invoice and cannot be used to claim or deduct tax.",
    number: "Number",
    issued: "Issued",
    order: "Order",
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
    actions: {
      new: "new purchase",
      renew: "renewal",
      upgrade: "upgrade",
      overage: "bandwidth overage",
      topup: "top-up",
    },
    topUp: "Account balance top-up",
    overage: (v) =>
      `Bandwidth beyond the package, ${v.month}: ${v.over} Mbps above ${v.committed} Mbps (95th percentile ${v.percentile} Mbps) × ${v.rate} per Mbps-month × ${v.days}/${v.monthDays} days`,
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
    refersToHeader: "Refers to",
    buyerHeader: "Customer",
    kind: "Kind",
    user: "User",
    site: "Site",
    currency: "Currency",
    tax: "Tax",
  },
  "zh-CN": {
    documents: {
      receipt: {
        title: "收据",
        creditTitle: "退款收据",
        buyer: "客户",
        refersTo: "对应收据",
        creditClosing: "本退款收据按所列金额冲减对应收据。",
      },
      commercial_invoice: {
        title: "商业发票",
        creditTitle: "贷项通知单",
        buyer: "购买方",
        refersTo: "对应商业发票",
        creditClosing: "本贷项通知单按所列金额冲销对应商业发票。",
      },
    },
    notTaxInvoice: "本单据不是增值税发票，不能用于报税或抵扣税款。",
    number: "编号",
    issued: "开具日期",
    order: "订单号",
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
    actions: { new: "新购", renew: "续费", upgrade: "升级", overage: "超额带宽", topup: "充值" },
    topUp: "账户余额充值",
    overage: (v) =>
      `${v.month}超出套餐的带宽：超出 ${v.committed} Mbps 的 ${v.over} Mbps（第 95 百分位 ${v.percentile} Mbps）× 每 Mbps·月 ${v.rate} × ${v.days}/${v.monthDays} 天`,
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
    refersToHeader: "对应单据",
    buyerHeader: "客户名称",
    kind: "类型",
    user: "用户",
    site: "站点",
    currency: "币种",
    tax: "税额",
  },
  "zh-TW": {
    documents: {
      receipt: {
        title: "收據",
        creditTitle: "退款收據",
        buyer: "客戶",
        refersTo: "對應收據",
        creditClosing: "本退款收據依所列金額沖減對應收據。",
      },
      commercial_invoice: {
        title: "帳單",
        creditTitle: "貸項通知單",
        buyer: "買方",
        refersTo: "對應帳單",
        creditClosing: "本貸項通知單依所列金額沖銷對應帳單。",
      },
    },
    notTaxInvoice: "本單據並非統一發票，不得作為報稅或扣抵稅額之憑證。",
    number: "編號",
    issued: "開立日期",
    order: "訂單編號",
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
    actions: { new: "新購", renew: "續約", upgrade: "升級", overage: "超額頻寬", topup: "儲值" },
    topUp: "帳戶餘額儲值",
    overage: (v) =>
      `${v.month}超出方案的頻寬：超出 ${v.committed} Mbps 的 ${v.over} Mbps（第 95 百分位 ${v.percentile} Mbps）× 每 Mbps·月 ${v.rate} × ${v.days}/${v.monthDays} 天`,
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
    refersToHeader: "對應單據",
    buyerHeader: "客戶名稱",
    kind: "類型",
    user: "使用者",
    site: "網站",
    currency: "幣別",
    tax: "稅額",
  },
  id: {
    documents: {
      receipt: {
        title: "Kuitansi",
        creditTitle: "Kuitansi pengembalian dana",
        buyer: "Pelanggan",
        refersTo: "Merujuk kuitansi",
        creditClosing:
          "Kuitansi ini mencatat pengembalian dana sebesar jumlah yang tertera atas kuitansi yang dirujuk.",
      },
      commercial_invoice: {
        title: "Faktur komersial",
        creditTitle: "Nota kredit",
        buyer: "Ditagihkan kepada",
        refersTo: "Merujuk faktur",
        creditClosing: "Nota kredit ini membatalkan faktur yang dirujuk sebesar jumlah yang tertera.",
      },
    },
    notTaxInvoice: "Dokumen ini bukan Faktur Pajak dan tidak dapat digunakan untuk pelaporan atau pengkreditan pajak.",
    number: "Nomor",
    issued: "Tanggal terbit",
    order: "Pesanan",
    taxId: "NPWP",
    description: "Uraian",
    amount: "Jumlah",
    subtotal: "Subtotal",
    discount: "Diskon",
    coupon: "Kupon",
    total: "Total dibayar",
    refunded: "Total dikembalikan",
    taxIncluded: "termasuk PPN ({rate})",
    payment: "Dibayar dengan",
    paidAt: "Dibayar pada",
    refundedAt: "Dikembalikan pada",
    actions: {
      new: "pembelian baru",
      renew: "perpanjangan",
      upgrade: "peningkatan",
      overage: "kelebihan bandwidth",
      topup: "isi ulang saldo",
    },
    topUp: "Isi ulang saldo akun",
    overage: (v) =>
      `Bandwidth di atas paket, ${v.month}: ${v.over} Mbps di atas ${v.committed} Mbps (persentil ke-95 ${v.percentile} Mbps) × ${v.rate} per Mbps-bulan × ${v.days}/${v.monthDays} hari`,
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
    refersToHeader: "Merujuk",
    buyerHeader: "Nama pelanggan",
    kind: "Jenis",
    user: "Pengguna",
    site: "Situs",
    currency: "Mata uang",
    tax: "Pajak",
  },
  vi: {
    documents: {
      receipt: {
        title: "Biên lai",
        creditTitle: "Biên lai hoàn tiền",
        buyer: "Khách hàng",
        refersTo: "Theo biên lai",
        creditClosing: "Biên lai này ghi nhận khoản tiền hoàn lại nêu trên cho biên lai được tham chiếu.",
      },
      commercial_invoice: {
        title: "Hóa đơn thương mại",
        creditTitle: "Phiếu ghi có",
        buyer: "Bên mua",
        refersTo: "Theo hóa đơn thương mại",
        creditClosing: "Phiếu ghi có này điều chỉnh giảm hóa đơn thương mại được tham chiếu theo số tiền nêu trên.",
      },
    },
    notTaxInvoice: "Chứng từ này không phải là hóa đơn giá trị gia tăng và không dùng để kê khai hay khấu trừ thuế.",
    number: "Số",
    issued: "Ngày lập",
    order: "Đơn hàng",
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
    actions: {
      new: "mua mới",
      renew: "gia hạn",
      upgrade: "nâng cấp",
      overage: "băng thông vượt gói",
      topup: "nạp số dư",
    },
    topUp: "Nạp tiền vào số dư tài khoản",
    overage: (v) =>
      `Băng thông vượt gói, ${v.month}: ${v.over} Mbps trên ${v.committed} Mbps (phân vị thứ 95 ${v.percentile} Mbps) × ${v.rate} mỗi Mbps-tháng × ${v.days}/${v.monthDays} ngày`,
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
    refersToHeader: "Tham chiếu",
    buyerHeader: "Tên khách hàng",
    kind: "Loại",
    user: "Người dùng",
    site: "Trang",
    currency: "Tiền tệ",
    tax: "Thuế",
  },
};

/** What an issued document is called: its site's choice when it was issued (older ones: a receipt). */
export const documentTitleOf = (snapshot: InvoiceSnapshot): DocumentTitle => snapshot.documentTitle ?? "receipt";

/** The name of a document for a payment ("invoice") or its refund ("credit_note"), in a language. */
export function documentName(language: Language, title: DocumentTitle, kind: string): string {
  const words = INVOICE_WORDS[language].documents[title];
  return kind === "credit_note" ? words.creditTitle : words.title;
}

/** The file a document is saved as: its name and number ("Receipt LOT-000001.pdf", "收据 LOT-000001.pdf"). */
export const documentFileName = (
  invoice: { invoiceNo: string; kind: string; snapshot: InvoiceSnapshot },
  language: Language,
) => `${documentName(language, documentTitleOf(invoice.snapshot), invoice.kind)} ${invoice.invoiceNo}.pdf`;
