import type { Language, ReconciliationProblem } from "@rampart/contracts";
import { formatMoney } from "@rampart/pricing";

/**
 * The lines of the balance reconciliation's mail (balance/reconciliation.ts): one problem each, in
 * the reader's language, with its customer, top-up and amounts.
 */
export function problemLine(p: ReconciliationProblem, language: Language): string {
  const money = (minor: number | null) => formatMoney({ minor: minor ?? 0, currency: p.currency }, language);
  const values: Record<string, string> = {
    customer: p.userName,
    orderNo: p.orderNo ?? "",
    amount: money(p.amount),
    expected: money(p.expected),
  };
  return PROBLEM_LINES[p.kind][language].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");
}

const PROBLEM_LINES: Record<ReconciliationProblem["kind"], Record<Language, string>> = {
  ledger: {
    en: "{customer}: the balance kept is {amount}, its entries add up to {expected}",
    "zh-CN": "{customer}：余额记录为 {amount}，明细合计为 {expected}",
    "zh-TW": "{customer}：餘額記錄為 {amount}，明細合計為 {expected}",
    id: "{customer}: saldo tercatat {amount}, jumlah mutasinya {expected}",
    vi: "{customer}: số dư ghi nhận {amount}, tổng các giao dịch là {expected}",
  },
  uncredited: {
    en: "Top-up {orderNo} ({customer}, {amount}) was paid but never added to the balance",
    "zh-CN": "充值 {orderNo}（{customer}，{amount}）已付款，但未存入余额",
    "zh-TW": "儲值 {orderNo}（{customer}，{amount}）已付款，但未存入餘額",
    id: "Isi ulang {orderNo} ({customer}, {amount}) sudah dibayar tetapi tidak pernah masuk ke saldo",
    vi: "Lệnh nạp {orderNo} ({customer}, {amount}) đã thanh toán nhưng chưa được cộng vào số dư",
  },
  unpaid: {
    en: "{customer}'s balance was credited {amount} for top-up {orderNo}, which is not a paid top-up of that amount",
    "zh-CN": "{customer} 的余额因充值 {orderNo} 存入 {amount}，但该充值并非已付款的同额充值",
    "zh-TW": "{customer} 的餘額因儲值 {orderNo} 存入 {amount}，但該儲值並非已付款的同額儲值",
    id: "Saldo {customer} ditambah {amount} untuk isi ulang {orderNo}, yang bukan isi ulang terbayar sebesar itu",
    vi: "Số dư của {customer} được cộng {amount} cho lệnh nạp {orderNo}, nhưng đó không phải lệnh nạp đã thanh toán với số tiền này",
  },
  unrecorded: {
    en: "Top-up {orderNo} ({customer}, {amount}) is paid online, but no notification or query of the channel says so",
    "zh-CN": "充值 {orderNo}（{customer}，{amount}）显示为在线支付，但没有支付渠道的通知或查询记录",
    "zh-TW": "儲值 {orderNo}（{customer}，{amount}）顯示為線上付款，但沒有支付管道的通知或查詢紀錄",
    id: "Isi ulang {orderNo} ({customer}, {amount}) tercatat dibayar daring, tetapi tidak ada notifikasi atau kueri kanal yang menyatakannya",
    vi: "Lệnh nạp {orderNo} ({customer}, {amount}) được ghi là thanh toán trực tuyến nhưng không có thông báo hay truy vấn nào của kênh thanh toán xác nhận",
  },
  kept: {
    en: "Top-up {orderNo} ({customer}, {amount}) was refunded, but its credit is still in the balance",
    "zh-CN": "充值 {orderNo}（{customer}，{amount}）已退款，但其金额仍在余额中",
    "zh-TW": "儲值 {orderNo}（{customer}，{amount}）已退款，但其金額仍在餘額中",
    id: "Isi ulang {orderNo} ({customer}, {amount}) sudah dikembalikan, tetapi dananya masih ada di saldo",
    vi: "Lệnh nạp {orderNo} ({customer}, {amount}) đã được hoàn tiền nhưng số tiền vẫn còn trong số dư",
  },
};
