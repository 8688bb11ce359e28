import type { Language } from "@rampart/contracts";

/** A mail's text (mail-texts.ts's MailText, written out here: that file takes these texts in). */
type MailText = { subject: string; heading: string; body: string; action?: string };

/**
 * The mails of the account balance (issue 41), and the values each fills: a top-up's (it buys no
 * service, so the order mails' "your service is active" would be false of it) and the automatic
 * renewal's when the balance falls short.
 */
export const BALANCE_MAIL_EVENTS = {
  topup_placed_offline: ["name", "company", "orderNo", "amount", "contact", "payment"],
  topup_paid: ["name", "company", "orderNo", "amount", "balance", "method", "time", "link", "document"],
  topup_refunded: ["name", "company", "orderNo", "amount", "time"],
  auto_renewal_short: ["name", "company", "product", "orderNo", "amount", "balance", "date", "link"],
  order_refunded_to_balance: ["name", "company", "orderNo", "product", "amount", "balance", "time", "link"],
  balance_reconciliation: ["name", "company", "day", "count", "problems", "link"],
  balance_low: ["name", "company", "balance", "threshold", "basis", "link"],
} as const satisfies Record<string, readonly string[]>;

/** What the low-balance threshold is ({{basis}}): the next 30 days of renewals, or the customer's own amount. */
export const LOW_BALANCE_BASIS: Record<"renewals" | "amount", Record<Language, string>> = {
  renewals: {
    en: "what your packages renewing from it cost in the next 30 days",
    "zh-CN": "即未来 30 天内从余额自动续费的套餐所需金额",
    "zh-TW": "即未來 30 天內以餘額自動續約的方案所需金額",
    id: "yaitu biaya paket yang diperpanjang dari saldo dalam 30 hari ke depan",
    vi: "tức số tiền gia hạn các gói tự động gia hạn bằng số dư trong 30 ngày tới",
  },
  amount: {
    en: "the amount you chose for this alert",
    "zh-CN": "即您为此提醒设定的金额",
    "zh-TW": "即您為此提醒設定的金額",
    id: "yaitu jumlah yang Anda tetapkan untuk pemberitahuan ini",
    vi: "tức mức bạn đã chọn cho cảnh báo này",
  },
};

export const BALANCE_MAIL_TEXTS: Record<keyof typeof BALANCE_MAIL_EVENTS, Record<Language, MailText>> = {
  topup_placed_offline: {
    en: {
      subject: "Top-up {{orderNo}} is waiting for your transfer — {{company}}",
      heading: "Your top-up is waiting for payment",
      body: "Hello {{name}},\n\nYou asked to top up your account balance on {{company}}.\n\nTop-up: {{orderNo}}\nAmount: {{amount}}\n\nHow to pay:\n{{payment}}\n\nPlease quote {{orderNo}} with your transfer; the amount is added to your balance as soon as we have confirmed it. Questions: {{contact}}",
    },
    "zh-CN": {
      subject: "充值 {{orderNo}} 待转账 — {{company}}",
      heading: "您的充值待付款",
      body: "{{name}}，您好：\n\n您已在 {{company}} 申请账户余额充值。\n\n充值单号：{{orderNo}}\n金额：{{amount}}\n\n付款方式：\n{{payment}}\n\n转账时请备注 {{orderNo}}；我们确认收款后，款项将立即存入您的余额。如有疑问，请联系：{{contact}}",
    },
    "zh-TW": {
      subject: "儲值 {{orderNo}} 待匯款 — {{company}}",
      heading: "您的儲值尚待付款",
      body: "{{name}}，您好：\n\n您已在 {{company}} 申請帳戶餘額儲值。\n\n儲值單號：{{orderNo}}\n金額：{{amount}}\n\n付款方式：\n{{payment}}\n\n匯款時請在備註欄填寫 {{orderNo}}，我們確認款項後會立即存入您的餘額。如有任何問題，歡迎與我們聯絡：{{contact}}",
    },
    id: {
      subject: "Isi ulang {{orderNo}} menunggu transfer Anda — {{company}}",
      heading: "Isi ulang Anda menunggu pembayaran",
      body: "Halo {{name}},\n\nAnda meminta isi ulang saldo akun di {{company}}.\n\nNomor isi ulang: {{orderNo}}\nJumlah: {{amount}}\n\nCara pembayaran:\n{{payment}}\n\nMohon cantumkan {{orderNo}} pada berita transfer. Jumlahnya langsung ditambahkan ke saldo Anda setelah pembayaran kami konfirmasi. Jika ada pertanyaan, silakan hubungi kami di {{contact}}.",
    },
    vi: {
      subject: "Lệnh nạp tiền {{orderNo}} đang chờ chuyển khoản — {{company}}",
      heading: "Lệnh nạp tiền của bạn đang chờ thanh toán",
      body: "Xin chào {{name}},\n\nBạn đã yêu cầu nạp tiền vào số dư tài khoản tại {{company}}.\n\nMã nạp tiền: {{orderNo}}\nSố tiền: {{amount}}\n\nCách thanh toán:\n{{payment}}\n\nVui lòng ghi mã {{orderNo}} trong nội dung chuyển khoản; số tiền sẽ được cộng vào số dư ngay khi chúng tôi xác nhận đã nhận được tiền. Nếu có thắc mắc, vui lòng liên hệ: {{contact}}",
    },
  },
  topup_paid: {
    en: {
      subject: "{{document}} for your top-up {{orderNo}} — {{company}}",
      heading: "Your balance was topped up",
      body: "Hello {{name}},\n\nWe have received your payment and added it to your account balance. Thank you.\n\nTop-up: {{orderNo}}\nAmount added: {{amount}}\nBalance now: {{balance}}\nPaid by: {{method}}\nPaid on: {{time}}\n\nYour balance pays renewals and new orders in the console without a trip to the cashier. The attached {{document}} records this payment; each order your balance pays gets its own document.",
      action: "Open my balance",
    },
    "zh-CN": {
      subject: "充值 {{orderNo}} 的{{document}} — {{company}}",
      heading: "余额充值成功",
      body: "{{name}}，您好：\n\n我们已收到您的付款，并已存入您的账户余额，谢谢。\n\n充值单号：{{orderNo}}\n充值金额：{{amount}}\n当前余额：{{balance}}\n支付方式：{{method}}\n支付时间：{{time}}\n\n余额可直接用于续费和新订单，无需再到收银台付款。附件中的{{document}}是本次充值的付款凭证；用余额支付的每笔订单会另行开具单据。",
      action: "查看我的余额",
    },
    "zh-TW": {
      subject: "儲值 {{orderNo}} 的{{document}} — {{company}}",
      heading: "餘額儲值成功",
      body: "{{name}}，您好：\n\n我們已確認收到您的款項，並已存入您的帳戶餘額，謝謝。\n\n儲值單號：{{orderNo}}\n儲值金額：{{amount}}\n目前餘額：{{balance}}\n付款方式：{{method}}\n付款時間：{{time}}\n\n餘額可直接用於續約及新訂單，無需另行付款。附件的{{document}}為本次儲值的付款證明；以餘額支付的每筆訂單將另行開立單據。",
      action: "查看我的餘額",
    },
    id: {
      subject: "{{document}} isi ulang {{orderNo}} — {{company}}",
      heading: "Saldo Anda berhasil diisi ulang",
      body: "Halo {{name}},\n\nPembayaran Anda telah kami terima dan ditambahkan ke saldo akun Anda. Terima kasih.\n\nNomor isi ulang: {{orderNo}}\nJumlah ditambahkan: {{amount}}\nSaldo saat ini: {{balance}}\nMetode pembayaran: {{method}}\nWaktu pembayaran: {{time}}\n\nSaldo dapat langsung dipakai untuk perpanjangan dan pesanan baru di konsol tanpa perlu membayar lagi di kasir. {{document}} terlampir adalah bukti pembayaran isi ulang ini; setiap pesanan yang dibayar dengan saldo mendapat dokumennya sendiri.",
      action: "Buka saldo saya",
    },
    vi: {
      subject: "{{document}} cho lệnh nạp tiền {{orderNo}} — {{company}}",
      heading: "Đã nạp tiền vào số dư",
      body: "Xin chào {{name}},\n\nChúng tôi đã nhận được thanh toán của bạn và cộng vào số dư tài khoản. Xin cảm ơn.\n\nMã nạp tiền: {{orderNo}}\nSố tiền nạp: {{amount}}\nSố dư hiện tại: {{balance}}\nHình thức thanh toán: {{method}}\nThời gian thanh toán: {{time}}\n\nSố dư được dùng trực tiếp để gia hạn và thanh toán đơn hàng mới trên bảng điều khiển mà không cần qua trang thanh toán. {{document}} đính kèm là chứng từ của lần nạp này; mỗi đơn hàng thanh toán bằng số dư sẽ có chứng từ riêng.",
      action: "Mở số dư của tôi",
    },
  },
  topup_refunded: {
    en: {
      subject: "Refund of top-up {{orderNo}} — {{company}}",
      heading: "Your top-up was refunded",
      body: "Hello {{name}},\n\nWe have refunded top-up {{orderNo}} on {{time}}.\n\nAmount refunded: {{amount}}\n\nThe amount has been taken from your account balance and goes back the way it was paid; your bank or payment service may take a few working days to show it.",
    },
    "zh-CN": {
      subject: "充值 {{orderNo}} 已退款 — {{company}}",
      heading: "充值已退款",
      body: "{{name}}，您好：\n\n我们已于 {{time}} 为充值 {{orderNo}} 办理退款。\n\n退款金额：{{amount}}\n\n该金额已从您的账户余额中扣回，并将按原支付方式退回，银行或支付机构可能需要几个工作日到账。",
    },
    "zh-TW": {
      subject: "儲值 {{orderNo}} 已退款 — {{company}}",
      heading: "儲值已退款",
      body: "{{name}}，您好：\n\n我們已於 {{time}} 為儲值 {{orderNo}} 辦理退款。\n\n退款金額：{{amount}}\n\n此金額已從您的帳戶餘額扣回，並將依原付款方式退回，實際入帳時間依銀行或支付業者的作業而定，通常需要數個工作天。",
    },
    id: {
      subject: "Pengembalian dana isi ulang {{orderNo}} — {{company}}",
      heading: "Isi ulang Anda telah dikembalikan",
      body: "Halo {{name}},\n\nPada {{time}}, kami telah mengembalikan dana isi ulang {{orderNo}}.\n\nJumlah dikembalikan: {{amount}}\n\nJumlah tersebut telah dipotong dari saldo akun Anda dan dikembalikan melalui metode pembayaran semula. Tergantung bank atau penyedia pembayaran Anda, dana biasanya masuk dalam beberapa hari kerja.",
    },
    vi: {
      subject: "Hoàn tiền lệnh nạp {{orderNo}} — {{company}}",
      heading: "Đã hoàn tiền lệnh nạp của bạn",
      body: "Xin chào {{name}},\n\nLúc {{time}}, chúng tôi đã hoàn tiền cho lệnh nạp {{orderNo}}.\n\nSố tiền hoàn: {{amount}}\n\nSố tiền này đã được trừ khỏi số dư tài khoản và hoàn về theo hình thức bạn đã thanh toán; tùy ngân hàng hoặc ví điện tử, có thể mất vài ngày làm việc để tiền về tài khoản.",
    },
  },
  auto_renewal_short: {
    en: {
      subject: "Your balance does not cover the renewal of {{product}} — {{company}}",
      heading: "Top up to renew automatically",
      body: "Hello {{name}},\n\nYour {{product}} package renews automatically from your balance, but the renewal order {{orderNo}} ({{amount}}) is more than your balance ({{balance}}).\n\nTop up your balance before {{date}} and the order is paid on the next daily attempt, or pay it another way from My orders. Until it is paid, the package stays as it is.",
      action: "Top up my balance",
    },
    "zh-CN": {
      subject: "您的余额不足以自动续费{{product}} — {{company}}",
      heading: "请充值以完成自动续费",
      body: "{{name}}，您好：\n\n您的{{product}}套餐已开启余额自动续费，但续费订单 {{orderNo}}（{{amount}}）超出了您的账户余额（{{balance}}）。\n\n请在 {{date}} 前充值，系统将在下一次每日扣款时自动支付该订单；您也可以在“我的订单”中用其他方式支付。支付完成前，套餐保持不变。",
      action: "前往充值",
    },
    "zh-TW": {
      subject: "您的餘額不足以自動續約{{product}} — {{company}}",
      heading: "請儲值以完成自動續約",
      body: "{{name}}，您好：\n\n您的{{product}}方案已開啟以餘額自動續約，但續約訂單 {{orderNo}}（{{amount}}）超過您的帳戶餘額（{{balance}}）。\n\n請於 {{date}} 前儲值，系統將在下一次每日扣款時自動支付此訂單；您也可以在「我的訂單」以其他方式付款。付款完成前，方案維持不變。",
      action: "前往儲值",
    },
    id: {
      subject: "Saldo Anda tidak cukup untuk perpanjangan {{product}} — {{company}}",
      heading: "Isi saldo agar paket diperpanjang otomatis",
      body: "Halo {{name}},\n\nPaket {{product}} Anda diperpanjang otomatis dari saldo, tetapi pesanan perpanjangan {{orderNo}} ({{amount}}) melebihi saldo Anda ({{balance}}).\n\nSilakan isi saldo sebelum {{date}}; pesanan akan dibayar pada percobaan harian berikutnya. Anda juga dapat membayarnya dengan cara lain melalui menu Pesanan saya. Selama belum dibayar, paket Anda tetap seperti sekarang.",
      action: "Isi saldo",
    },
    vi: {
      subject: "Số dư không đủ để gia hạn {{product}} — {{company}}",
      heading: "Nạp thêm để gói được tự động gia hạn",
      body: "Xin chào {{name}},\n\nGói {{product}} của bạn được tự động gia hạn bằng số dư, nhưng đơn gia hạn {{orderNo}} ({{amount}}) lớn hơn số dư hiện có ({{balance}}).\n\nVui lòng nạp thêm trước {{date}}, đơn hàng sẽ được thanh toán ở lần trừ tiền hằng ngày tiếp theo; bạn cũng có thể thanh toán bằng cách khác trong mục Đơn hàng của tôi. Trong thời gian chưa thanh toán, gói của bạn vẫn giữ nguyên.",
      action: "Nạp tiền",
    },
  },
  order_refunded_to_balance: {
    en: {
      subject: "Refund for order {{orderNo}}, added to your balance — {{company}}",
      heading: "Your refund is in your balance",
      body: "Hello {{name}},\n\nWe have refunded order {{orderNo}} ({{product}}) on {{time}}, to your account balance.\n\nAmount refunded: {{amount}}\nBalance now: {{balance}}\n\nThe amount is available at once: your balance pays renewals and new orders in the console. What the order gave your service has been taken back.",
      action: "Open my balance",
    },
    "zh-CN": {
      subject: "订单 {{orderNo}} 已退款至余额 — {{company}}",
      heading: "退款已存入您的余额",
      body: "{{name}}，您好：\n\n我们已于 {{time}} 为订单 {{orderNo}}（{{product}}）办理退款，款项已退回您的账户余额。\n\n退款金额：{{amount}}\n当前余额：{{balance}}\n\n该金额即时可用，可直接支付续费和新订单。该订单为服务带来的变更已撤回。",
      action: "查看我的余额",
    },
    "zh-TW": {
      subject: "訂單 {{orderNo}} 已退款至餘額 — {{company}}",
      heading: "退款已存入您的餘額",
      body: "{{name}}，您好：\n\n我們已於 {{time}} 為訂單 {{orderNo}}（{{product}}）辦理退款，款項已退回您的帳戶餘額。\n\n退款金額：{{amount}}\n目前餘額：{{balance}}\n\n此金額立即可用，可直接支付續約及新訂單。此訂單為服務開通或延長的期限，也已一併取消。",
      action: "查看我的餘額",
    },
    id: {
      subject: "Pengembalian dana pesanan {{orderNo}} ke saldo Anda — {{company}}",
      heading: "Dana Anda telah dikembalikan ke saldo",
      body: "Halo {{name}},\n\nPada {{time}}, kami telah mengembalikan dana pesanan {{orderNo}} ({{product}}) ke saldo akun Anda.\n\nJumlah dikembalikan: {{amount}}\nSaldo saat ini: {{balance}}\n\nJumlah tersebut langsung dapat dipakai untuk perpanjangan dan pesanan baru di konsol. Aktivasi atau perpanjangan layanan dari pesanan ini telah dibatalkan.",
      action: "Buka saldo saya",
    },
    vi: {
      subject: "Hoàn tiền đơn hàng {{orderNo}} vào số dư — {{company}}",
      heading: "Tiền hoàn đã vào số dư của bạn",
      body: "Xin chào {{name}},\n\nLúc {{time}}, chúng tôi đã hoàn tiền đơn hàng {{orderNo}} ({{product}}) vào số dư tài khoản của bạn.\n\nSố tiền hoàn: {{amount}}\nSố dư hiện tại: {{balance}}\n\nSố tiền này dùng được ngay để gia hạn và thanh toán đơn hàng mới trên bảng điều khiển. Việc kích hoạt hoặc gia hạn dịch vụ từ đơn hàng này đã được hủy.",
      action: "Mở số dư của tôi",
    },
  },
  balance_reconciliation: {
    en: {
      subject: "Balances do not add up: {{count}} to look at ({{day}}) — {{company}}",
      heading: "The daily reconciliation of the balances found problems",
      body: "Hello {{name}},\n\nThe reconciliation of {{day}} checked every customer balance against its ledger and every top-up against its payment and credit. It found {{count}} things that do not add up:\n\n{{problems}}\n\nNothing was corrected: correct a balance with a reversal or an adjustment in Business → Balances, once you know what happened. The same list is in System monitoring → Server.",
      action: "Open System monitoring",
    },
    "zh-CN": {
      subject: "余额对账发现 {{count}} 处问题（{{day}}）— {{company}}",
      heading: "每日余额对账发现问题",
      body: "{{name}}，您好：\n\n{{day}} 的对账已逐一核对每位客户的余额与其明细，以及每笔充值的付款与入账，发现 {{count}} 处对不上：\n\n{{problems}}\n\n系统未做任何更正：查明原因后，请在“余额管理”中以冲正或调整更正余额。同样的清单也可在“系统监控 → 服务监控”中查看。",
      action: "打开系统监控",
    },
    "zh-TW": {
      subject: "餘額對帳發現 {{count}} 處問題（{{day}}）— {{company}}",
      heading: "每日餘額對帳發現問題",
      body: "{{name}}，您好：\n\n{{day}} 的對帳已逐一核對每位客戶的餘額與其明細，以及每筆儲值的付款與入帳，發現 {{count}} 處對不上：\n\n{{problems}}\n\n系統未做任何更正：查明原因後，請在「餘額管理」以沖正或調整更正餘額。相同的清單也可在「系統監控 → 服務監控」中查看。",
      action: "開啟系統監控",
    },
    id: {
      subject: "Saldo tidak cocok: {{count}} hal perlu diperiksa ({{day}}) — {{company}}",
      heading: "Rekonsiliasi saldo harian menemukan masalah",
      body: "Halo {{name}},\n\nRekonsiliasi {{day}} mencocokkan setiap saldo pelanggan dengan mutasinya, dan setiap isi ulang dengan pembayaran serta kreditnya. Ada {{count}} hal yang tidak cocok:\n\n{{problems}}\n\nTidak ada yang dikoreksi otomatis: setelah penyebabnya jelas, koreksi saldo dengan pembalikan atau penyesuaian di Saldo pelanggan. Daftar yang sama ada di Pemantauan sistem → Server.",
      action: "Buka Pemantauan sistem",
    },
    vi: {
      subject: "Số dư không khớp: {{count}} mục cần kiểm tra ({{day}}) — {{company}}",
      heading: "Đối soát số dư hằng ngày phát hiện sai lệch",
      body: "Xin chào {{name}},\n\nĐợt đối soát ngày {{day}} đã so từng số dư của khách hàng với sao kê của nó, và từng lệnh nạp với khoản thanh toán và khoản cộng tiền. Có {{count}} mục không khớp:\n\n{{problems}}\n\nHệ thống không tự sửa gì: khi đã rõ nguyên nhân, hãy sửa số dư bằng bút toán đảo hoặc điều chỉnh trong mục Số dư khách hàng. Danh sách này cũng có trong Giám sát hệ thống → Máy chủ.",
      action: "Mở Giám sát hệ thống",
    },
  },
  balance_low: {
    en: {
      subject: "Your balance is low: {{balance}} — {{company}}",
      heading: "Your balance is running low",
      body: "Hello {{name}},\n\nYour account balance is {{balance}}, below {{threshold}}: {{basis}}.\n\nTop it up so that your renewals are paid on time. We write once each time the balance falls below; you can change the threshold, or turn this alert off, on your Balance page.",
      action: "Top up my balance",
    },
    "zh-CN": {
      subject: "您的余额不足：{{balance}} — {{company}}",
      heading: "您的余额即将不足",
      body: "{{name}}，您好：\n\n您的账户余额为 {{balance}}，已低于 {{threshold}}（{{basis}}）。\n\n请及时充值，以免续费扣款失败。余额每次低于该金额时我们只提醒一次；您可以在“余额”页面修改提醒金额或关闭此提醒。",
      action: "前往充值",
    },
    "zh-TW": {
      subject: "您的餘額不足：{{balance}} — {{company}}",
      heading: "您的餘額即將不足",
      body: "{{name}}，您好：\n\n您的帳戶餘額為 {{balance}}，已低於 {{threshold}}（{{basis}}）。\n\n請及時儲值，以免續約扣款失敗。餘額每次低於該金額時我們只提醒一次；您可以在「餘額」頁面修改提醒金額或關閉此提醒。",
      action: "前往儲值",
    },
    id: {
      subject: "Saldo Anda menipis: {{balance}} — {{company}}",
      heading: "Saldo Anda hampir habis",
      body: "Halo {{name}},\n\nSaldo akun Anda {{balance}}, di bawah {{threshold}}, {{basis}}.\n\nSilakan isi saldo agar perpanjangan Anda terbayar tepat waktu. Kami mengirim pemberitahuan ini sekali setiap kali saldo turun di bawah batas tersebut; Anda dapat mengubah batasnya atau mematikan pemberitahuan ini di halaman Saldo.",
      action: "Isi saldo",
    },
    vi: {
      subject: "Số dư của bạn sắp hết: {{balance}} — {{company}}",
      heading: "Số dư của bạn đang thấp",
      body: "Xin chào {{name}},\n\nSố dư tài khoản của bạn là {{balance}}, thấp hơn {{threshold}}, {{basis}}.\n\nVui lòng nạp thêm để các lần gia hạn được thanh toán đúng hạn. Mỗi lần số dư xuống dưới mức này, chúng tôi chỉ báo một lần; bạn có thể đổi mức cảnh báo hoặc tắt cảnh báo trên trang Số dư.",
      action: "Nạp tiền",
    },
  },
};
