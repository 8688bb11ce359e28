import type { Language } from "@rampart/contracts";

/** The answers of cache purges and prefetches (issue 40), merged into the API's messages. */
export const PURGE_MESSAGES = {
  purge_taken: {
    en: "Purge requested: the platform is clearing the cache",
    "zh-CN": "已提交刷新：平台正在清除缓存",
    "zh-TW": "已送出清除：平台正在清除快取",
    id: "Pembersihan diminta: platform sedang membersihkan cache",
    vi: "Đã gửi yêu cầu xóa: nền tảng đang xóa bộ nhớ đệm",
  },
  prefetch_taken: {
    en: "Prefetch requested: the platform is warming the cache",
    "zh-CN": "已提交预热：平台正在预热缓存",
    "zh-TW": "已送出預熱：平台正在預熱快取",
    id: "Prefetch diminta: platform sedang mengisi cache",
    vi: "Đã gửi yêu cầu làm nóng: nền tảng đang nạp bộ nhớ đệm",
  },
  purge_target_invalid: {
    en: "Not a valid address for this kind of purge: {value}",
    "zh-CN": "不是此类刷新的有效地址：{value}",
    "zh-TW": "不是此類清除的有效位址：{value}",
    id: "Bukan alamat yang valid untuk jenis pembersihan ini: {value}",
    vi: "Không phải địa chỉ hợp lệ cho loại yêu cầu này: {value}",
  },
  purge_target_foreign: {
    en: "{value} is not a domain of this package",
    "zh-CN": "{value} 不是此套餐的域名",
    "zh-TW": "{value} 不是此方案的網域",
    id: "{value} bukan domain paket ini",
    vi: "{value} không phải tên miền của gói này",
  },
  purge_prefetch_urls: {
    en: "Prefetch takes URLs only",
    "zh-CN": "预热只接受 URL",
    "zh-TW": "預熱只接受 URL",
    id: "Prefetch hanya menerima URL",
    vi: "Làm nóng chỉ nhận URL",
  },
  purge_quota_exceeded: {
    en: "This package's daily quota of {value} entries would be exceeded; try again tomorrow",
    "zh-CN": "将超出此套餐每日 {value} 条的额度，请明天再试",
    "zh-TW": "將超出此方案每日 {value} 筆的額度，請明天再試",
    id: "Kuota harian paket ini sebanyak {value} entri akan terlampaui; coba lagi besok",
    vi: "Sẽ vượt hạn mức {value} mục mỗi ngày của gói này; vui lòng thử lại vào ngày mai",
  },
  purge_missing: {
    en: "This purge does not exist or is not on your site",
    "zh-CN": "该刷新请求不存在或不属于您的站点",
    "zh-TW": "此清除要求不存在或不屬於您的網站",
    id: "Permintaan pembersihan ini tidak ada atau bukan milik situs Anda",
    vi: "Yêu cầu này không tồn tại hoặc không thuộc trang của bạn",
  },
  purge_finished: {
    en: "This purge was already answered",
    "zh-CN": "该刷新请求已有结果",
    "zh-TW": "此清除要求已有結果",
    id: "Permintaan pembersihan ini sudah dijawab",
    vi: "Yêu cầu này đã có kết quả",
  },
} satisfies Record<string, Record<Language, string>>;
