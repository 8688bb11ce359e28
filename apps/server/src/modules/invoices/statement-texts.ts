import type { BalanceEntryKind, Language } from "@rampart/contracts";

interface StatementWords {
  title: string;
  /** Between a label and its value ("Month: ", "月份："). */
  colon: string;
  month: string;
  currency: string;
  /** "{zone}": the zone the times are in. */
  times: string;
  customer: string;
  opening: string;
  credits: string;
  debits: string;
  closing: string;
  columns: { date: string; type: string; reference: string; amount: string; balanceAfter: string };
  kinds: Record<BalanceEntryKind, string>;
  none: string;
  /** "{date}": when it was made. */
  footer: string;
}

/** The words of a balance statement (statement-pdf.ts) in each language. */
export const STATEMENT_WORDS: Record<Language, StatementWords> = {
  en: {
    title: "Balance statement",
    colon: ": ",
    month: "Month",
    currency: "Currency",
    times: "Times in {zone}",
    customer: "Customer",
    opening: "Opening balance",
    credits: "Money in",
    debits: "Money out",
    closing: "Closing balance",
    columns: { date: "Date", type: "Type", reference: "Reference", amount: "Amount", balanceAfter: "Balance after" },
    kinds: {
      topup: "Top-up",
      payment: "Payment",
      hold: "Part payment",
      refund: "Refund",
      credit: "Credit",
      adjustment: "Adjustment",
      reversal: "Reversal",
    },
    none: "No change of the balance this month.",
    footer:
      "This statement lists every change of your account balance in the month. It was made on {date} and is not a tax invoice; each order paid from the balance has its own document.",
  },
  "zh-CN": {
    title: "余额对账单",
    colon: "：",
    month: "月份",
    currency: "币种",
    times: "时间按 {zone} 显示",
    customer: "客户",
    opening: "期初余额",
    credits: "本月收入",
    debits: "本月支出",
    closing: "期末余额",
    columns: { date: "时间", type: "类型", reference: "关联单号", amount: "金额", balanceAfter: "变动后余额" },
    kinds: {
      topup: "充值",
      payment: "消费",
      hold: "部分抵扣",
      refund: "退款",
      credit: "赠送",
      adjustment: "调整",
      reversal: "冲正",
    },
    none: "本月余额无变动。",
    footer: "本对账单列出当月账户余额的全部变动，生成于 {date}，不是税务发票；用余额支付的每笔订单另有单据。",
  },
  "zh-TW": {
    title: "餘額對帳單",
    colon: "：",
    month: "月份",
    currency: "幣別",
    times: "時間以 {zone} 顯示",
    customer: "客戶",
    opening: "期初餘額",
    credits: "本月收入",
    debits: "本月支出",
    closing: "期末餘額",
    columns: { date: "時間", type: "類型", reference: "關聯單號", amount: "金額", balanceAfter: "異動後餘額" },
    kinds: {
      topup: "儲值",
      payment: "扣款",
      hold: "部分折抵",
      refund: "退款",
      credit: "贈送",
      adjustment: "調整",
      reversal: "沖銷",
    },
    none: "本月餘額無異動。",
    footer: "本對帳單列出當月帳戶餘額的所有異動，產生於 {date}，並非統一發票；以餘額支付的每筆訂單另有單據。",
  },
  id: {
    title: "Laporan saldo",
    colon: ": ",
    month: "Bulan",
    currency: "Mata uang",
    times: "Waktu dalam {zone}",
    customer: "Pelanggan",
    opening: "Saldo awal",
    credits: "Uang masuk",
    debits: "Uang keluar",
    closing: "Saldo akhir",
    columns: {
      date: "Waktu",
      type: "Jenis",
      reference: "Referensi",
      amount: "Jumlah",
      balanceAfter: "Saldo setelahnya",
    },
    kinds: {
      topup: "Isi saldo",
      payment: "Pembayaran",
      hold: "Pembayaran sebagian",
      refund: "Pengembalian dana",
      credit: "Kredit",
      adjustment: "Penyesuaian",
      reversal: "Pembatalan",
    },
    none: "Tidak ada perubahan saldo bulan ini.",
    footer:
      "Laporan ini mencantumkan setiap perubahan saldo akun Anda dalam bulan tersebut. Dibuat pada {date} dan bukan faktur pajak; setiap pesanan yang dibayar dengan saldo memiliki dokumennya sendiri.",
  },
  vi: {
    title: "Sao kê số dư",
    colon: ": ",
    month: "Kỳ sao kê",
    currency: "Tiền tệ",
    times: "Giờ theo {zone}",
    customer: "Khách hàng",
    opening: "Số dư đầu kỳ",
    credits: "Tiền vào",
    debits: "Tiền ra",
    closing: "Số dư cuối kỳ",
    columns: {
      date: "Thời gian",
      type: "Loại",
      reference: "Mã tham chiếu",
      amount: "Số tiền",
      balanceAfter: "Số dư sau",
    },
    kinds: {
      topup: "Nạp tiền",
      payment: "Thanh toán",
      hold: "Thanh toán một phần",
      refund: "Hoàn tiền",
      credit: "Cộng tiền",
      adjustment: "Điều chỉnh",
      reversal: "Bút toán đảo",
    },
    none: "Tháng này số dư không thay đổi.",
    footer:
      "Sao kê này liệt kê mọi thay đổi của số dư tài khoản trong tháng. Được lập lúc {date} và không phải hóa đơn thuế; mỗi đơn hàng thanh toán bằng số dư có chứng từ riêng.",
  },
};
