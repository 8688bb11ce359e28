import type { AttackAction, Language } from "@rampart/contracts";

/** A mail's text (mail-texts.ts's MailText, written out here: that file takes these texts in). */
type MailText = { subject: string; heading: string; body: string; action?: string };

/** The mails of a package's usage and attacks (issue 40), and the values each fills. */
export const USAGE_MAIL_EVENTS = {
  usage_threshold: ["name", "company", "product", "orderNo", "percent", "used", "committed", "link"],
  usage_upgrade: ["name", "company", "product", "orderNo", "used", "committed", "bandwidth", "link"],
  usage_throttled: ["name", "company", "product", "orderNo", "used", "committed", "link"],
  attack_started: ["name", "company", "product", "orderNo", "target", "vector", "peak", "mitigation", "since", "link"],
  attack_ended: ["name", "company", "product", "orderNo", "target", "vector", "peak", "since", "minutes", "link"],
  attack_summary: ["name", "company", "product", "orderNo", "started", "ended", "ongoing", "peak", "since", "link"],
} as const satisfies Record<string, readonly string[]>;

/**
 * What the platform does about an attack, as the attack mail tells it ({{mitigation}}): scrubbing
 * and challenges leave the service up, a blackhole takes the address off the network until the
 * attack ends, which the customer must hear rather than "you need do nothing".
 */
export const ATTACK_MITIGATION_TEXTS: Record<AttackAction, Record<Language, string>> = {
  scrubbed: {
    en: "Its traffic is being scrubbed: legitimate traffic still gets through, and you need not do anything.",
    "zh-CN": "攻击流量正在被清洗，正常流量不受影响，您无需操作。",
    "zh-TW": "攻擊流量正在清洗中，正常流量不受影響，您無需處理。",
    id: "Lalu lintas serangan sedang disaring; lalu lintas yang sah tetap diteruskan, dan Anda tidak perlu melakukan apa pun.",
    vi: "Lưu lượng tấn công đang được lọc; lưu lượng hợp lệ vẫn đến được với bạn, bạn không cần làm gì.",
  },
  blackholed: {
    en: "To protect the network, traffic to it is being dropped (blackholed) until the attack ends: it cannot be reached meanwhile.",
    "zh-CN": "为保护网络，发往该目标的流量已被黑洞路由丢弃，攻击结束前将无法访问。",
    "zh-TW": "為保護網路，傳往該目標的流量已遭黑洞路由丟棄，攻擊結束前將無法連線。",
    id: "Demi melindungi jaringan, lalu lintas ke target ini dibuang (blackhole) hingga serangan berakhir, sehingga untuk sementara tidak dapat diakses.",
    vi: "Để bảo vệ mạng, lưu lượng đến mục tiêu này đang bị loại bỏ (blackhole) cho đến khi cuộc tấn công kết thúc, nên tạm thời không thể truy cập.",
  },
  challenged: {
    en: "Visitors are asked to pass a check before they reach it: real visitors get through after a moment, and you need not do anything.",
    "zh-CN": "访客需先通过验证才能访问，真实访客稍候即可通过，您无需操作。",
    "zh-TW": "訪客需先通過驗證才能連線，真實訪客稍候即可通過，您無需處理。",
    id: "Pengunjung diminta lolos verifikasi sebelum masuk; pengunjung asli dapat lewat setelah beberapa saat, dan Anda tidak perlu melakukan apa pun.",
    vi: "Khách truy cập phải qua bước xác minh trước khi vào; khách thật sẽ qua được sau giây lát, bạn không cần làm gì.",
  },
};

export const USAGE_MAIL_TEXTS: Record<keyof typeof USAGE_MAIL_EVENTS, Record<Language, MailText>> = {
  usage_threshold: {
    en: {
      subject: "{{product}} {{orderNo}} has used {{percent}} % of its bandwidth — {{company}}",
      heading: "{{percent}} % of your bandwidth used this month",
      body: "Hello {{name}},\n\nThis month's 95th percentile of {{product}} (package {{orderNo}}) is {{used}} so far, {{percent}} % of the {{committed}} you bought.\n\nBandwidth above the package may be billed at the end of the month. You can upgrade the package at any time from My services.",
      action: "Open My services",
    },
    "zh-CN": {
      subject: "{{product}} {{orderNo}} 已用带宽 {{percent}}% — {{company}}",
      heading: "本月带宽已用 {{percent}}%",
      body: "{{name}}，您好：\n\n{{product}}（套餐 {{orderNo}}）本月截至目前的 95 计费带宽为 {{used}}，已达到所购 {{committed}} 的 {{percent}}%。\n\n超出套餐的带宽可能在月底计费。您可以随时在“我的服务”中升级套餐。",
      action: "打开我的服务",
    },
    "zh-TW": {
      subject: "{{product}} {{orderNo}} 已使用頻寬 {{percent}}% — {{company}}",
      heading: "本月頻寬已使用 {{percent}}%",
      body: "{{name}}，您好：\n\n{{product}}（方案 {{orderNo}}）本月截至目前的 95 計費頻寬為 {{used}}，已達所購 {{committed}} 的 {{percent}}%。\n\n超出方案的頻寬可能於月底計費。您可以隨時在「我的服務」中升級方案。",
      action: "開啟我的服務",
    },
    id: {
      subject: "{{product}} {{orderNo}} telah memakai {{percent}}% bandwidth — {{company}}",
      heading: "{{percent}}% bandwidth Anda terpakai bulan ini",
      body: "Halo {{name}},\n\nPersentil ke-95 {{product}} (paket {{orderNo}}) bulan ini sejauh ini adalah {{used}}, atau {{percent}}% dari {{committed}} yang Anda beli.\n\nBandwidth di atas paket dapat ditagih di akhir bulan. Anda dapat meningkatkan paket kapan saja dari menu Layanan Saya.",
      action: "Buka Layanan Saya",
    },
    vi: {
      subject: "{{product}} {{orderNo}} đã dùng {{percent}}% băng thông — {{company}}",
      heading: "Đã dùng {{percent}}% băng thông tháng này",
      body: "Xin chào {{name}},\n\nPhân vị 95 của {{product}} (gói {{orderNo}}) trong tháng này đến nay là {{used}}, bằng {{percent}}% mức {{committed}} bạn đã mua.\n\nBăng thông vượt gói có thể được tính phí vào cuối tháng. Bạn có thể nâng cấp gói bất cứ lúc nào trong mục Dịch vụ của tôi.",
      action: "Mở Dịch vụ của tôi",
    },
  },
  usage_upgrade: {
    en: {
      subject: "{{product}} {{orderNo}} has reached its bandwidth — {{company}}",
      heading: "Your package has reached its bandwidth",
      body: "Hello {{name}},\n\nThis month's 95th percentile of {{product}} (package {{orderNo}}) is {{used}} so far: all of the {{committed}} you bought.\n\nUpgrade to {{bandwidth}} with the button below: the order is priced for the days left of your package, and you pay only the difference.",
      action: "Upgrade to {{bandwidth}}",
    },
    "zh-CN": {
      subject: "{{product}} {{orderNo}} 带宽已用满 — {{company}}",
      heading: "您的套餐带宽已用满",
      body: "{{name}}，您好：\n\n{{product}}（套餐 {{orderNo}}）本月截至目前的 95 计费带宽为 {{used}}，已用满所购的 {{committed}}。\n\n点击下方按钮即可升级到 {{bandwidth}}：订单按套餐剩余天数计价，您只需支付差价。",
      action: "升级到 {{bandwidth}}",
    },
    "zh-TW": {
      subject: "{{product}} {{orderNo}} 頻寬已用滿 — {{company}}",
      heading: "您的方案頻寬已用滿",
      body: "{{name}}，您好：\n\n{{product}}（方案 {{orderNo}}）本月截至目前的 95 計費頻寬為 {{used}}，已用滿所購的 {{committed}}。\n\n點選下方按鈕即可升級至 {{bandwidth}}：訂單依方案剩餘天數計價，您只需支付差額。",
      action: "升級至 {{bandwidth}}",
    },
    id: {
      subject: "Bandwidth {{product}} {{orderNo}} sudah penuh — {{company}}",
      heading: "Bandwidth paket Anda sudah penuh",
      body: "Halo {{name}},\n\nPersentil ke-95 {{product}} (paket {{orderNo}}) bulan ini sejauh ini adalah {{used}}: seluruh {{committed}} yang Anda beli.\n\nTingkatkan ke {{bandwidth}} dengan tombol di bawah. Harga pesanan dihitung untuk sisa hari paket Anda, dan Anda hanya membayar selisihnya.",
      action: "Tingkatkan ke {{bandwidth}}",
    },
    vi: {
      subject: "{{product}} {{orderNo}} đã dùng hết băng thông — {{company}}",
      heading: "Gói của bạn đã dùng hết băng thông",
      body: "Xin chào {{name}},\n\nPhân vị 95 của {{product}} (gói {{orderNo}}) trong tháng này đến nay là {{used}}: đã dùng hết {{committed}} bạn mua.\n\nNâng cấp lên {{bandwidth}} bằng nút bên dưới: đơn hàng được tính theo số ngày còn lại của gói, bạn chỉ trả phần chênh lệch.",
      action: "Nâng cấp lên {{bandwidth}}",
    },
  },
  usage_throttled: {
    en: {
      subject: "{{product}} {{orderNo}} is limited to its bandwidth — {{company}}",
      heading: "Your package is now limited to its bandwidth",
      body: "Hello {{name}},\n\nThis month's 95th percentile of {{product}} (package {{orderNo}}) is {{used}} so far: all of the {{committed}} you bought. As the package's terms say, its traffic is now limited to {{committed}}.\n\nThe limit is lifted as soon as you upgrade the package, and at the start of next month.",
      action: "Open My services",
    },
    "zh-CN": {
      subject: "{{product}} {{orderNo}} 已限速至套餐带宽 — {{company}}",
      heading: "您的套餐已限速至所购带宽",
      body: "{{name}}，您好：\n\n{{product}}（套餐 {{orderNo}}）本月截至目前的 95 计费带宽为 {{used}}，已用满所购的 {{committed}}。按套餐条款，其流量现已限速至 {{committed}}。\n\n升级套餐后将立即解除限速，下月初也会自动解除。",
      action: "打开我的服务",
    },
    "zh-TW": {
      subject: "{{product}} {{orderNo}} 已限速至方案頻寬 — {{company}}",
      heading: "您的方案已限速至所購頻寬",
      body: "{{name}}，您好：\n\n{{product}}（方案 {{orderNo}}）本月截至目前的 95 計費頻寬為 {{used}}，已用滿所購的 {{committed}}。依方案條款，其流量現已限速至 {{committed}}。\n\n升級方案後將立即解除限速，下個月初也會自動解除。",
      action: "開啟我的服務",
    },
    id: {
      subject: "{{product}} {{orderNo}} dibatasi sesuai bandwidth paket — {{company}}",
      heading: "Paket Anda kini dibatasi sesuai bandwidth-nya",
      body: "Halo {{name}},\n\nPersentil ke-95 {{product}} (paket {{orderNo}}) bulan ini sejauh ini adalah {{used}}: seluruh {{committed}} yang Anda beli. Sesuai ketentuan paket, lalu lintasnya kini dibatasi hingga {{committed}}.\n\nPembatasan dicabut segera setelah Anda meningkatkan paket, dan pada awal bulan depan.",
      action: "Buka Layanan Saya",
    },
    vi: {
      subject: "{{product}} {{orderNo}} bị giới hạn theo băng thông gói — {{company}}",
      heading: "Gói của bạn hiện bị giới hạn theo băng thông đã mua",
      body: "Xin chào {{name}},\n\nPhân vị 95 của {{product}} (gói {{orderNo}}) trong tháng này đến nay là {{used}}: đã dùng hết {{committed}} bạn mua. Theo điều khoản của gói, lưu lượng hiện bị giới hạn ở {{committed}}.\n\nGiới hạn được gỡ ngay khi bạn nâng cấp gói, và vào đầu tháng sau.",
      action: "Mở Dịch vụ của tôi",
    },
  },
  attack_started: {
    en: {
      subject: "Attack on {{target}} — {{company}}",
      heading: "An attack on {{target}} is being mitigated",
      body: "Hello {{name}},\n\nSince {{since}}, {{target}} ({{product}}, package {{orderNo}}) is under attack: {{vector}}, peaking at {{peak}} so far. {{mitigation}}\n\nWe write when it ends. While attacks go on, we write at most once an hour, with a summary.",
      action: "Open My services",
    },
    "zh-CN": {
      subject: "{{target}} 正遭受攻击 — {{company}}",
      heading: "{{target}} 遭受的攻击正在防护中",
      body: "{{name}}，您好：\n\n自 {{since}} 起，{{target}}（{{product}}，套餐 {{orderNo}}）正遭受攻击：{{vector}}，目前峰值 {{peak}}。{{mitigation}}\n\n攻击结束时我们会通知您。攻击持续期间，我们每小时最多发送一封邮件，并附上汇总。",
      action: "打开我的服务",
    },
    "zh-TW": {
      subject: "{{target}} 正遭受攻擊 — {{company}}",
      heading: "{{target}} 遭受的攻擊正在防護中",
      body: "{{name}}，您好：\n\n自 {{since}} 起，{{target}}（{{product}}，方案 {{orderNo}}）正遭受攻擊：{{vector}}，目前峰值 {{peak}}。{{mitigation}}\n\n攻擊結束時我們會通知您。攻擊持續期間，我們每小時最多寄送一封郵件，並附上彙整。",
      action: "開啟我的服務",
    },
    id: {
      subject: "Serangan terhadap {{target}} — {{company}}",
      heading: "Serangan terhadap {{target}} sedang ditangani",
      body: "Halo {{name}},\n\nSejak {{since}}, {{target}} ({{product}}, paket {{orderNo}}) sedang diserang: {{vector}}, dengan puncak {{peak}} sejauh ini. {{mitigation}}\n\nKami akan mengabari Anda saat serangan berakhir. Selama serangan berlangsung, kami mengirim paling banyak satu email per jam, berisi ringkasan.",
      action: "Buka Layanan Saya",
    },
    vi: {
      subject: "{{target}} đang bị tấn công — {{company}}",
      heading: "Cuộc tấn công vào {{target}} đang được xử lý",
      body: "Xin chào {{name}},\n\nTừ {{since}}, {{target}} ({{product}}, gói {{orderNo}}) đang bị tấn công: {{vector}}, đỉnh đến nay {{peak}}. {{mitigation}}\n\nChúng tôi sẽ báo khi cuộc tấn công kết thúc. Trong khi tấn công còn tiếp diễn, chúng tôi gửi tối đa một email mỗi giờ, kèm bản tóm tắt.",
      action: "Mở Dịch vụ của tôi",
    },
  },
  attack_ended: {
    en: {
      subject: "Attack on {{target}} ended — {{company}}",
      heading: "The attack on {{target}} has ended",
      body: "Hello {{name}},\n\nThe attack on {{target}} ({{product}}, package {{orderNo}}) that began at {{since}} has ended after about {{minutes}} minutes: {{vector}}, peaking at {{peak}}.",
      action: "Open My services",
    },
    "zh-CN": {
      subject: "{{target}} 遭受的攻击已结束 — {{company}}",
      heading: "{{target}} 遭受的攻击已结束",
      body: "{{name}}，您好：\n\n{{target}}（{{product}}，套餐 {{orderNo}}）自 {{since}} 起遭受的攻击已结束，持续约 {{minutes}} 分钟：{{vector}}，峰值 {{peak}}。",
      action: "打开我的服务",
    },
    "zh-TW": {
      subject: "{{target}} 遭受的攻擊已結束 — {{company}}",
      heading: "{{target}} 遭受的攻擊已結束",
      body: "{{name}}，您好：\n\n{{target}}（{{product}}，方案 {{orderNo}}）自 {{since}} 起遭受的攻擊已結束，持續約 {{minutes}} 分鐘：{{vector}}，峰值 {{peak}}。",
      action: "開啟我的服務",
    },
    id: {
      subject: "Serangan terhadap {{target}} berakhir — {{company}}",
      heading: "Serangan terhadap {{target}} telah berakhir",
      body: "Halo {{name}},\n\nSerangan terhadap {{target}} ({{product}}, paket {{orderNo}}) yang dimulai pada {{since}} telah berakhir setelah sekitar {{minutes}} menit: {{vector}}, dengan puncak {{peak}}.",
      action: "Buka Layanan Saya",
    },
    vi: {
      subject: "Cuộc tấn công vào {{target}} đã kết thúc — {{company}}",
      heading: "Cuộc tấn công vào {{target}} đã kết thúc",
      body: "Xin chào {{name}},\n\nCuộc tấn công vào {{target}} ({{product}}, gói {{orderNo}}) bắt đầu lúc {{since}} đã kết thúc sau khoảng {{minutes}} phút: {{vector}}, đỉnh {{peak}}.",
      action: "Mở Dịch vụ của tôi",
    },
  },
  attack_summary: {
    en: {
      subject: "Attacks on {{product}} {{orderNo}}: summary — {{company}}",
      heading: "What happened since our last mail",
      body: "Hello {{name}},\n\nSince {{since}}, {{product}} (package {{orderNo}}): {{started}} attacks started, {{ended}} ended, {{ongoing}} still going on; the largest peaked at {{peak}}. All were mitigated.\n\nWhile attacks go on, we write at most once an hour.",
      action: "Open My services",
    },
    "zh-CN": {
      subject: "{{product}} {{orderNo}} 攻击汇总 — {{company}}",
      heading: "自上封邮件以来的情况",
      body: "{{name}}，您好：\n\n自 {{since}} 起，{{product}}（套餐 {{orderNo}}）：开始 {{started}} 次攻击，结束 {{ended}} 次，仍在进行 {{ongoing}} 次；最大峰值 {{peak}}。所有攻击均已防护。\n\n攻击持续期间，我们每小时最多发送一封邮件。",
      action: "打开我的服务",
    },
    "zh-TW": {
      subject: "{{product}} {{orderNo}} 攻擊彙整 — {{company}}",
      heading: "自上封郵件以來的情況",
      body: "{{name}}，您好：\n\n自 {{since}} 起，{{product}}（方案 {{orderNo}}）：開始 {{started}} 次攻擊，結束 {{ended}} 次，仍在進行 {{ongoing}} 次；最大峰值 {{peak}}。所有攻擊均已防護。\n\n攻擊持續期間，我們每小時最多寄送一封郵件。",
      action: "開啟我的服務",
    },
    id: {
      subject: "Ringkasan serangan pada {{product}} {{orderNo}} — {{company}}",
      heading: "Yang terjadi sejak email terakhir kami",
      body: "Halo {{name}},\n\nSejak {{since}}, {{product}} (paket {{orderNo}}): {{started}} serangan dimulai, {{ended}} berakhir, {{ongoing}} masih berlangsung; puncak terbesar {{peak}}. Semuanya telah ditangani.\n\nSelama serangan berlangsung, kami mengirim paling banyak satu email per jam.",
      action: "Buka Layanan Saya",
    },
    vi: {
      subject: "Tóm tắt tấn công vào {{product}} {{orderNo}} — {{company}}",
      heading: "Những gì đã xảy ra từ email trước",
      body: "Xin chào {{name}},\n\nTừ {{since}}, {{product}} (gói {{orderNo}}): {{started}} cuộc tấn công bắt đầu, {{ended}} đã kết thúc, {{ongoing}} vẫn đang diễn ra; đỉnh lớn nhất {{peak}}. Tất cả đều đã được giảm thiểu.\n\nTrong khi tấn công còn tiếp diễn, chúng tôi gửi tối đa một email mỗi giờ.",
      action: "Mở Dịch vụ của tôi",
    },
  },
};
