import type { Language } from "@rampart/contracts";

/** What is wrong with a batch's entry, in each interface language (the `{problem}` of usage_batch_entry). */
export type UsageProblem = Readonly<Record<Language, string>>;

const words = (en: string, zhCN: string, zhTW: string, id: string, vi: string): UsageProblem => ({
  en,
  "zh-CN": zhCN,
  "zh-TW": zhTW,
  id,
  vi,
});

/** The problems a batch's entry can have, each a sentence's end after "buckets[17]: ". */
export const USAGE_PROBLEMS = {
  notOnBoundary: () =>
    words(
      "bucket not on a 5-minute boundary",
      "时间桶不在 5 分钟整点边界上",
      "時間桶不在 5 分鐘整點邊界上",
      "bucket tidak tepat di batas 5 menit",
      "bucket không nằm đúng mốc 5 phút",
    ),
  inFuture: (seconds: number) =>
    words(
      `bucket more than ${seconds} seconds in the future`,
      `时间桶超前当前时间 ${seconds} 秒以上`,
      `時間桶超前目前時間 ${seconds} 秒以上`,
      `bucket lebih dari ${seconds} detik di masa depan`,
      `bucket ở tương lai quá ${seconds} giây`,
    ),
  attackInFuture: (seconds: number) =>
    words(
      `the attack's times are more than ${seconds} seconds in the future`,
      `攻击的时间超前当前时间 ${seconds} 秒以上`,
      `攻擊的時間超前目前時間 ${seconds} 秒以上`,
      `waktu serangan lebih dari ${seconds} detik di masa depan`,
      `thời gian của cuộc tấn công ở tương lai quá ${seconds} giây`,
    ),
  pastRetention: (days: number) =>
    words(
      `bucket older than the ${days} days its 5-minute figures are kept`,
      `时间桶早于 5 分钟数据的保留期（${days} 天）`,
      `時間桶早於 5 分鐘資料的保留期（${days} 天）`,
      `bucket lebih lama dari ${days} hari masa simpan data 5 menit`,
      `bucket cũ hơn ${days} ngày lưu dữ liệu 5 phút`,
    ),
  unknownService: (serviceId: number) =>
    words(
      `no service ${serviceId}`,
      `服务 ${serviceId} 不存在`,
      `服務 ${serviceId} 不存在`,
      `tidak ada layanan ${serviceId}`,
      `không có dịch vụ ${serviceId}`,
    ),
  otherSite: (serviceId: number) =>
    words(
      `service ${serviceId} belongs to another site than this endpoint's`,
      `服务 ${serviceId} 属于其他站点，不属于此端点的站点`,
      `服務 ${serviceId} 屬於其他網站，不屬於此端點的網站`,
      `layanan ${serviceId} milik situs lain, bukan situs endpoint ini`,
      `dịch vụ ${serviceId} thuộc trang khác, không phải trang của endpoint này`,
    ),
  endsBeforeStart: () =>
    words(
      "the attack ends before it starts",
      "攻击的结束时间早于开始时间",
      "攻擊的結束時間早於開始時間",
      "serangan berakhir sebelum dimulai",
      "cuộc tấn công kết thúc trước khi bắt đầu",
    ),
  notWhole: () =>
    words(
      "must be a whole number of 0 or more",
      "必须是大于或等于 0 的整数",
      "必須是大於或等於 0 的整數",
      "harus bilangan bulat 0 atau lebih",
      "phải là số nguyên từ 0 trở lên",
    ),
  negative: () =>
    words("must not be negative", "不能为负数", "不能為負數", "tidak boleh negatif", "không được là số âm"),
  tooLarge: () =>
    words(
      "too large or not a finite number",
      "数值过大或不是有限数",
      "數值過大或不是有限數",
      "terlalu besar atau bukan bilangan terhingga",
      "quá lớn hoặc không phải số hữu hạn",
    ),
  missing: (field: string) =>
    words(`${field} is missing`, `缺少 ${field}`, `缺少 ${field}`, `${field} tidak ada`, `thiếu ${field}`),
  unknownField: (field: string) =>
    words(
      `unknown field ${field}`,
      `未知字段 ${field}`,
      `未知欄位 ${field}`,
      `kolom tidak dikenal ${field}`,
      `trường không xác định ${field}`,
    ),
  notAccepted: () =>
    words(
      "not one of the accepted values",
      "不是可接受的取值",
      "不是可接受的值",
      "bukan salah satu nilai yang diterima",
      "không phải giá trị được chấp nhận",
    ),
  malformed: () =>
    words(
      "not of the expected form",
      "格式不符合要求",
      "格式不符合要求",
      "bentuknya tidak sesuai",
      "không đúng định dạng",
    ),
  tooMany: (limit: number) =>
    words(
      `more than ${limit} entries`,
      `超过 ${limit} 项`,
      `超過 ${limit} 項`,
      `lebih dari ${limit} entri`,
      `nhiều hơn ${limit} mục`,
    ),
};
