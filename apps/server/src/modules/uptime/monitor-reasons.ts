import type { Language } from "@rampart/contracts";

/** A check's failure in words, per language (the console writes the same from its locale files). */
const REASONS: Record<string, Record<Language, string>> = {
  status: {
    en: "the answer's status was {status}",
    "zh-CN": "响应状态码为 {status}",
    "zh-TW": "回應狀態碼為 {status}",
    id: "status jawabannya {status}",
    vi: "mã trạng thái phản hồi là {status}",
  },
  keyword: {
    en: "the expected keyword was not in the page",
    "zh-CN": "页面中没有预期的关键字",
    "zh-TW": "頁面中沒有預期的關鍵字",
    id: "kata kunci yang diharapkan tidak ada di halaman",
    vi: "trang không chứa từ khóa mong đợi",
  },
  timeout: {
    en: "no answer within 10 seconds",
    "zh-CN": "10 秒内无响应",
    "zh-TW": "10 秒內無回應",
    id: "tidak ada jawaban dalam 10 detik",
    vi: "không có phản hồi trong 10 giây",
  },
  connection_refused: {
    en: "the connection was refused",
    "zh-CN": "连接被拒绝",
    "zh-TW": "連線被拒絕",
    id: "koneksi ditolak",
    vi: "kết nối bị từ chối",
  },
  connection_reset: {
    en: "the connection was cut",
    "zh-CN": "连接被中断",
    "zh-TW": "連線被中斷",
    id: "koneksi terputus",
    vi: "kết nối bị ngắt",
  },
  name_not_found: {
    en: "the domain name does not resolve",
    "zh-CN": "域名无法解析",
    "zh-TW": "網域名稱無法解析",
    id: "nama domain tidak dapat diterjemahkan",
    vi: "không phân giải được tên miền",
  },
  address_refused: {
    en: "the name leads to a private or reserved address",
    "zh-CN": "域名指向私有或保留地址",
    "zh-TW": "網域名稱指向私有或保留位址",
    id: "nama mengarah ke alamat privat atau khusus",
    vi: "tên miền trỏ đến địa chỉ riêng hoặc dành riêng",
  },
  certificate_expired: {
    en: "the site's certificate has expired",
    "zh-CN": "网站证书已过期",
    "zh-TW": "網站憑證已過期",
    id: "sertifikat situs telah kedaluwarsa",
    vi: "chứng chỉ của trang đã hết hạn",
  },
  certificate_untrusted: {
    en: "the site's certificate is not trusted",
    "zh-CN": "网站证书不受信任",
    "zh-TW": "網站憑證不受信任",
    id: "sertifikat situs tidak tepercaya",
    vi: "chứng chỉ của trang không được tin cậy",
  },
  certificate_name: {
    en: "the site's certificate does not cover its name",
    "zh-CN": "网站证书不包含该域名",
    "zh-TW": "網站憑證不包含該網域名稱",
    id: "sertifikat situs tidak mencakup namanya",
    vi: "chứng chỉ của trang không bao gồm tên miền",
  },
  other: {
    en: "the request failed",
    "zh-CN": "请求失败",
    "zh-TW": "請求失敗",
    id: "permintaan gagal",
    vi: "yêu cầu thất bại",
  },
};

/** A failure's reason code (`status:503`, `timeout`, …) in a language. */
export function reasonText(reason: string, language: Language): string {
  const [code = "other", status = ""] = reason.split(":");
  const text = (REASONS[code] ?? REASONS.other!)[language];
  return text.replace("{status}", status);
}
