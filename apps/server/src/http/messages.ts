import type { Language } from "@rampart/contracts";

/** Every message the API can answer with, in each interface language. `{name}` is a parameter. */
const catalog = {
  ok: {
    en: "Success",
    "zh-CN": "操作成功",
    "zh-TW": "操作成功",
    id: "Berhasil",
    vi: "Thành công",
  },
  bad_request: {
    en: "The request is not valid",
    "zh-CN": "请求参数不正确",
    "zh-TW": "請求參數不正確",
    id: "Permintaan tidak valid",
    vi: "Yêu cầu không hợp lệ",
  },
  unauthorized: {
    en: "Authentication failed, cannot access system resources",
    "zh-CN": "认证失败，无法访问系统资源",
    "zh-TW": "認證失敗，無法存取系統資源",
    id: "Autentikasi gagal, tidak dapat mengakses sumber daya sistem",
    vi: "Xác thực thất bại, không thể truy cập tài nguyên hệ thống",
  },
  forbidden: {
    en: "The current operation has no permission",
    "zh-CN": "当前操作没有权限",
    "zh-TW": "目前操作沒有權限",
    id: "Anda tidak memiliki izin untuk operasi ini",
    vi: "Bạn không có quyền thực hiện thao tác này",
  },
  not_found: {
    en: "The resource does not exist",
    "zh-CN": "访问资源不存在",
    "zh-TW": "存取的資源不存在",
    id: "Sumber daya tidak ditemukan",
    vi: "Tài nguyên không tồn tại",
  },
  api_not_found: {
    en: "No such interface: {method} {path}",
    "zh-CN": "接口不存在：{method} {path}",
    "zh-TW": "介面不存在：{method} {path}",
    id: "Antarmuka tidak ditemukan: {method} {path}",
    vi: "Không có giao diện này: {method} {path}",
  },
  method_not_allowed: {
    en: "{path} does not accept {method}; use {allowed}",
    "zh-CN": "{path} 不支持 {method} 请求，请使用 {allowed}",
    "zh-TW": "{path} 不支援 {method} 請求，請使用 {allowed}",
    id: "{path} tidak menerima metode {method}; gunakan {allowed}",
    vi: "{path} không chấp nhận phương thức {method}; hãy dùng {allowed}",
  },
  invalid_json: {
    en: "The request body is not valid JSON",
    "zh-CN": "请求体不是有效的 JSON",
    "zh-TW": "請求內容不是有效的 JSON",
    id: "Isi permintaan bukan JSON yang valid",
    vi: "Nội dung yêu cầu không phải là JSON hợp lệ",
  },
  body_too_large: {
    en: "The request body is too large (the limit is {limit})",
    "zh-CN": "请求体过大（上限为 {limit}）",
    "zh-TW": "請求內容過大（上限為 {limit}）",
    id: "Isi permintaan terlalu besar (batasnya {limit})",
    vi: "Nội dung yêu cầu quá lớn (giới hạn là {limit})",
  },
  unsupported_media_type: {
    en: "Unsupported content type: {type}",
    "zh-CN": "不支持的内容类型：{type}",
    "zh-TW": "不支援的內容類型：{type}",
    id: "Jenis konten tidak didukung: {type}",
    vi: "Loại nội dung không được hỗ trợ: {type}",
  },
  too_many_requests: {
    en: "Too many requests, please try again later",
    "zh-CN": "请求过于频繁，请稍后再试",
    "zh-TW": "請求過於頻繁，請稍後再試",
    id: "Terlalu banyak permintaan, silakan coba lagi nanti",
    vi: "Quá nhiều yêu cầu, vui lòng thử lại sau",
  },
  internal: {
    en: "Unknown system error, please report it to the administrator",
    "zh-CN": "系统未知错误，请反馈给管理员",
    "zh-TW": "系統未知錯誤，請回報給管理員",
    id: "Terjadi kesalahan sistem yang tidak diketahui, harap laporkan kepada administrator",
    vi: "Lỗi hệ thống không xác định, vui lòng báo cho quản trị viên",
  },
  service_unavailable: {
    en: "The service is temporarily unavailable, please try again later",
    "zh-CN": "服务暂时不可用，请稍后再试",
    "zh-TW": "服務暫時無法使用，請稍後再試",
    id: "Layanan sedang tidak tersedia, silakan coba lagi nanti",
    vi: "Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau",
  },
  database_down: {
    en: "The database is not answering",
    "zh-CN": "数据库无响应",
    "zh-TW": "資料庫沒有回應",
    id: "Basis data tidak merespons",
    vi: "Cơ sở dữ liệu không phản hồi",
  },
  field_required: {
    en: "{field} is required",
    "zh-CN": "{field} 不能为空",
    "zh-TW": "{field} 不能為空",
    id: "{field} wajib diisi",
    vi: "{field} là bắt buộc",
  },
  field_too_short: {
    en: "{field} must be at least {limit} characters",
    "zh-CN": "{field} 长度不能少于 {limit} 个字符",
    "zh-TW": "{field} 長度不能少於 {limit} 個字元",
    id: "{field} minimal {limit} karakter",
    vi: "{field} phải có ít nhất {limit} ký tự",
  },
  field_too_long: {
    en: "{field} must be at most {limit} characters",
    "zh-CN": "{field} 长度不能超过 {limit} 个字符",
    "zh-TW": "{field} 長度不能超過 {limit} 個字元",
    id: "{field} maksimal {limit} karakter",
    vi: "{field} không được vượt quá {limit} ký tự",
  },
  field_too_small: {
    en: "{field} must be at least {limit}",
    "zh-CN": "{field} 不能小于 {limit}",
    "zh-TW": "{field} 不能小於 {limit}",
    id: "{field} minimal {limit}",
    vi: "{field} phải lớn hơn hoặc bằng {limit}",
  },
  field_too_big: {
    en: "{field} must be at most {limit}",
    "zh-CN": "{field} 不能大于 {limit}",
    "zh-TW": "{field} 不能大於 {limit}",
    id: "{field} maksimal {limit}",
    vi: "{field} phải nhỏ hơn hoặc bằng {limit}",
  },
  field_wrong_type: {
    en: "{field} has the wrong type",
    "zh-CN": "{field} 类型不正确",
    "zh-TW": "{field} 類型不正確",
    id: "Tipe {field} salah",
    vi: "{field} có kiểu dữ liệu không đúng",
  },
  field_invalid: {
    en: "{field} is not valid",
    "zh-CN": "{field} 格式不正确",
    "zh-TW": "{field} 格式不正確",
    id: "{field} tidak valid",
    vi: "{field} không hợp lệ",
  },
  field_not_accepted: {
    en: "{field} is not an accepted field",
    "zh-CN": "不接受字段 {field}",
    "zh-TW": "不接受欄位 {field}",
    id: "{field} bukan kolom yang diterima",
    vi: "{field} không phải là trường được chấp nhận",
  },
  domain_invalid: {
    en: "domainName is not a valid host name: {value}",
    "zh-CN": "domainName 不是有效的域名：{value}",
    "zh-TW": "domainName 不是有效的網域名稱：{value}",
    id: "domainName bukan nama host yang valid: {value}",
    vi: "domainName không phải là tên miền hợp lệ: {value}",
  },
  site_not_found: {
    en: "No site serves the domain {value}",
    "zh-CN": "没有站点使用域名 {value}",
    "zh-TW": "沒有站點使用網域 {value}",
    id: "Tidak ada situs yang melayani domain {value}",
    vi: "Không có trang web nào phục vụ tên miền {value}",
  },
} satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof catalog;
export type MessageParams = Record<string, string | number>;

/** The message in the language, with `{name}` parameters filled in. */
export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  return catalog[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
