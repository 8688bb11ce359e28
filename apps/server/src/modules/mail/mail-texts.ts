import type { Language } from "@rampart/contracts";
import { BALANCE_MAIL_EVENTS, BALANCE_MAIL_TEXTS } from "./balance-mail-texts.ts";
import { NOTIFICATION_MAIL_EVENTS, NOTIFICATION_MAIL_TEXTS } from "./notification-mail-texts.ts";
import { SUPPORT_MAIL_EVENTS, SUPPORT_MAIL_TEXTS } from "./support-mail-texts.ts";
import { USAGE_MAIL_EVENTS, USAGE_MAIL_TEXTS } from "./usage-mail-texts.ts";

/**
 * The texts of every mail, per event and language: a subject, a heading, paragraphs (blank lines
 * between them) and, when the mail leads somewhere, the label of its button (to `{{link}}`).
 * Placeholders are `{{name}}`; each event names the ones it fills, and a text using another is a
 * mistake the tests catch. Texts are plain: the layout escapes them.
 */
export interface MailText {
  subject: string;
  heading: string;
  body: string;
  action?: string;
}

export const MAIL_EVENTS = {
  password_reset: ["name", "link", "minutes", "company"],
  password_changed: ["name", "company", "time", "ip"],
  lead_alert: ["name", "contact", "product", "content", "link", "company"],
  two_factor_reset: ["name", "company", "time"],
  two_factor_changed: ["name", "company", "time", "ip"],
  account_locked: ["name", "company", "minutes", "ip"],
  lead_received: ["name", "company", "contact"],
  order_placed: ["name", "company", "orderNo", "product", "amount", "link"],
  order_placed_offline: ["name", "company", "orderNo", "product", "amount", "contact", "payment"],
  order_offline_alert: ["company", "orderNo", "customer", "product", "amount", "link"],
  order_overage_reminder: ["name", "company", "orderNo", "product", "month", "amount", "days", "link"],
  order_overage: [
    "name",
    "company",
    "orderNo",
    "product",
    "month",
    "percentile",
    "committed",
    "over",
    "rate",
    "days",
    "monthDays",
    "amount",
    "payment",
    "link",
  ],
  order_overage_parts: ["name", "company", "orderNo", "product", "month", "parts", "amount", "payment", "link"],
  order_paid: ["name", "company", "orderNo", "product", "amount", "method", "time", "link", "document"],
  order_refunded: ["name", "company", "orderNo", "product", "amount", "time"],
  order_closed: ["name", "company", "orderNo", "product", "amount", "link"],
  email_verification: ["name", "company", "email", "link", "hours"],
  email_change: ["name", "company", "email", "link", "hours"],
  email_changed: ["name", "company", "email", "time"],
  invitation: ["name", "company", "userName", "link", "hours"],
  service_expiring: ["name", "company", "product", "date", "days", "link"],
  service_suspended: ["name", "company", "product", "link"],
  service_suspended_overage: ["name", "company", "product", "orderNo", "amount", "days", "link"],
  service_terminated: ["name", "company", "product", "link"],
  service_held: ["name", "company", "product", "reason", "link"],
  service_resumed: ["name", "company", "product", "date", "link"],
  webhook_disabled: ["name", "company", "url", "since", "link"],
  provisioning_overdue: ["name", "company", "product", "orderNo", "customer", "minutes", "link"],
  monitor_down: ["name", "company", "monitor", "url", "since", "reason", "link"],
  monitor_up: ["name", "company", "monitor", "url", "since", "minutes", "link"],
  certificate_issued: ["name", "company", "names", "date", "link"],
  certificate_failed: ["name", "company", "names", "reason", "link"],
  certificate_expiring: ["name", "company", "names", "date", "days", "link"],
  certificate_renewal_action: ["name", "company", "names", "records", "link"],
  ...USAGE_MAIL_EVENTS,
  ...BALANCE_MAIL_EVENTS,
  ...SUPPORT_MAIL_EVENTS,
  ...NOTIFICATION_MAIL_EVENTS,
} as const satisfies Record<string, readonly string[]>;

export type MailEvent = keyof typeof MAIL_EVENTS;
export type MailValues<E extends MailEvent> = Record<(typeof MAIL_EVENTS)[E][number], string>;

export const MAIL_TEXTS: Record<MailEvent, Record<Language, MailText>> = {
  password_reset: {
    en: {
      subject: "Reset your {{company}} password",
      heading: "Reset your password",
      body: "Hello {{name}},\n\nWe received a request to reset the password of your {{company}} account. Choose a new one with the button below; the link works once, within {{minutes}} minutes.\n\nIf you did not make this request, ignore this mail: your password stays as it is.",
      action: "Choose a new password",
    },
    "zh-CN": {
      subject: "重置您的 {{company}} 密码",
      heading: "重置密码",
      body: "{{name}}，您好：\n\n我们收到了重置您 {{company}} 账号密码的请求。请点击下方按钮设置新密码；该链接只能使用一次，{{minutes}} 分钟内有效。\n\n如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。",
      action: "设置新密码",
    },
    "zh-TW": {
      subject: "重設您的 {{company}} 密碼",
      heading: "重設密碼",
      body: "{{name}}，您好：\n\n我們收到了重設您 {{company}} 帳號密碼的要求。請點選下方按鈕設定新密碼；此連結只能使用一次，{{minutes}} 分鐘內有效。\n\n如果這不是您本人的操作，請忽略此郵件，您的密碼不會變更。",
      action: "設定新密碼",
    },
    id: {
      subject: "Atur ulang kata sandi akun {{company}} Anda",
      heading: "Atur ulang kata sandi",
      body: "Halo {{name}},\n\nKami menerima permintaan untuk mengatur ulang kata sandi akun {{company}} Anda. Silakan klik tombol di bawah ini untuk membuat kata sandi baru. Tautan ini hanya dapat digunakan satu kali dan berlaku selama {{minutes}} menit.\n\nJika Anda tidak merasa meminta pengaturan ulang kata sandi, mohon abaikan email ini. Kata sandi Anda tidak akan berubah.",
      action: "Buat kata sandi baru",
    },
    vi: {
      subject: "Đặt lại mật khẩu {{company}} của bạn",
      heading: "Đặt lại mật khẩu",
      body: "Xin chào {{name}},\n\nChúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản {{company}} của bạn. Hãy bấm nút bên dưới để chọn mật khẩu mới; liên kết này chỉ sử dụng được một lần và có hiệu lực trong {{minutes}} phút.\n\nNếu bạn không gửi yêu cầu này, hãy bỏ qua email: mật khẩu của bạn vẫn giữ nguyên.",
      action: "Chọn mật khẩu mới",
    },
  },
  password_changed: {
    en: {
      subject: "Your {{company}} password was changed",
      heading: "Your password was changed",
      body: "Hello {{name}},\n\nThe password of your {{company}} account was changed on {{time}} from the address {{ip}}, and every session signed in with the old one has ended.\n\nIf this was not you, reset your password at once and contact us.",
    },
    "zh-CN": {
      subject: "您的 {{company}} 密码已修改",
      heading: "密码已修改",
      body: "{{name}}，您好：\n\n您在 {{company}} 的账号密码已于 {{time}} 从 IP {{ip}} 修改，使用旧密码登录的所有会话均已结束。\n\n如果不是您本人操作，请立即重置密码并联系我们。",
    },
    "zh-TW": {
      subject: "您的 {{company}} 密碼已變更",
      heading: "密碼已變更",
      body: "{{name}}，您好：\n\n您在 {{company}} 的帳號密碼已於 {{time}} 從 IP {{ip}} 變更，使用舊密碼登入的所有工作階段均已結束。\n\n如果不是您本人操作，請立即重設密碼並與我們聯絡。",
    },
    id: {
      subject: "Kata sandi {{company}} Anda telah diubah",
      heading: "Kata sandi Anda telah diubah",
      body: "Halo {{name}},\n\nKata sandi akun {{company}} Anda telah diubah pada {{time}} dari alamat IP {{ip}}. Semua sesi yang masuk dengan kata sandi lama telah kami akhiri.\n\nJika Anda tidak merasa mengubahnya, mohon segera atur ulang kata sandi Anda dan hubungi kami.",
    },
    vi: {
      subject: "Mật khẩu {{company}} của bạn đã được thay đổi",
      heading: "Mật khẩu của bạn đã được thay đổi",
      body: "Xin chào {{name}},\n\nMật khẩu tài khoản {{company}} của bạn đã được thay đổi lúc {{time}} từ địa chỉ IP {{ip}}. Mọi phiên đăng nhập bằng mật khẩu cũ đã được kết thúc.\n\nNếu bạn không thực hiện thay đổi này, vui lòng đặt lại mật khẩu ngay và liên hệ với chúng tôi.",
    },
  },
  account_locked: {
    en: {
      subject: "Sign-in to your {{company}} account is locked for {{minutes}} minutes",
      heading: "Too many wrong passwords",
      body: "Hello {{name}},\n\nFive wrong passwords in a row were tried for your {{company}} account, the last from the address {{ip}}. Sign-in is locked for {{minutes}} minutes; then it works again with the right password.\n\nIf this was not you, someone may be guessing your password: choose a longer one, or turn on two-factor sign-in in the personal center.",
    },
    "zh-CN": {
      subject: "您的 {{company}} 账号已锁定登录 {{minutes}} 分钟",
      heading: "密码错误次数过多",
      body: "{{name}}，您好：\n\n您的 {{company}} 账号连续五次输入错误密码，最后一次来自 IP {{ip}}。登录已锁定 {{minutes}} 分钟，之后使用正确密码即可登录。\n\n如果不是您本人操作，可能有人在猜测您的密码：请设置更长的密码，或在个人中心开启两步验证登录。",
    },
    "zh-TW": {
      subject: "您的 {{company}} 帳號已暫時鎖定 {{minutes}} 分鐘",
      heading: "密碼錯誤次數過多",
      body: "{{name}}，您好：\n\n您的 {{company}} 帳號連續五次輸入錯誤密碼，最後一次來自 IP {{ip}}。為保護您的帳號，登入功能已暫時鎖定 {{minutes}} 分鐘，之後即可使用正確密碼登入。\n\n如果這些登入嘗試不是您本人，可能有人在猜測您的密碼：建議改用更長的密碼，或在「帳戶設定」中啟用兩步驟驗證。",
    },
    id: {
      subject: "Akun {{company}} Anda dikunci sementara selama {{minutes}} menit",
      heading: "Terlalu banyak percobaan kata sandi yang salah",
      body: "Halo {{name}},\n\nKami mencatat lima kali percobaan masuk berturut-turut dengan kata sandi yang salah pada akun {{company}} Anda, yang terakhir dari alamat IP {{ip}}. Demi keamanan, akun Anda dikunci sementara selama {{minutes}} menit. Setelah itu, Anda dapat masuk kembali dengan kata sandi yang benar.\n\nJika percobaan tersebut bukan dari Anda, kemungkinan ada pihak lain yang mencoba menebak kata sandi Anda. Mohon gunakan kata sandi yang lebih panjang, atau aktifkan verifikasi dua langkah di Profil saya.",
    },
    vi: {
      subject: "Tài khoản {{company}} của bạn tạm thời bị khóa đăng nhập trong {{minutes}} phút",
      heading: "Nhập sai mật khẩu quá nhiều lần",
      body: "Xin chào {{name}},\n\nTài khoản {{company}} của bạn vừa bị nhập sai mật khẩu năm lần liên tiếp, lần cuối từ địa chỉ IP {{ip}}. Để bảo vệ tài khoản, chúng tôi tạm khóa đăng nhập trong {{minutes}} phút; sau đó bạn có thể đăng nhập lại bằng mật khẩu đúng.\n\nNếu không phải bạn đăng nhập, có thể ai đó đang dò mật khẩu của bạn. Vui lòng đặt mật khẩu dài hơn, hoặc bật xác minh hai bước trong Trang cá nhân.",
    },
  },
  two_factor_reset: {
    en: {
      subject: "Two-factor sign-in was removed from your {{company}} account",
      heading: "Your second factor was reset",
      body: "Hello {{name}},\n\nAn administrator removed the two-factor sign-in of your {{company}} account on {{time}}, with its recovery codes. Your next sign-in asks for your password only; set up an authenticator again in the personal center.\n\nIf you did not ask for this, contact us at once.",
    },
    "zh-CN": {
      subject: "您的 {{company}} 账号已移除两步验证登录",
      heading: "两步验证已被重置",
      body: "{{name}}，您好：\n\n管理员已于 {{time}} 移除您在 {{company}} 账号的两步验证登录及其恢复码。下次登录只需输入密码；请在个人中心重新设置身份验证器。\n\n如果这不是您申请的，请立即联系我们。",
    },
    "zh-TW": {
      subject: "您的 {{company}} 帳號已移除兩步驟驗證登入",
      heading: "兩步驟驗證已移除",
      body: "{{name}}，您好：\n\n管理員已於 {{time}} 移除您在 {{company}} 帳號的兩步驟驗證登入及其復原碼。下次登入只需輸入密碼；請在「帳戶設定」中重新設定驗證器。\n\n如果這不是您申請的，請立即與我們聯絡。",
    },
    id: {
      subject: "Verifikasi dua langkah dihapus dari akun {{company}} Anda",
      heading: "Verifikasi dua langkah Anda telah dinonaktifkan",
      body: "Halo {{name}},\n\nPada {{time}}, administrator kami menonaktifkan verifikasi dua langkah akun {{company}} Anda beserta kode pemulihannya. Untuk sementara, Anda cukup memasukkan kata sandi saat masuk. Silakan atur kembali aplikasi autentikator di Profil saya.\n\nJika Anda tidak mengajukan permintaan ini, mohon segera hubungi kami.",
    },
    vi: {
      subject: "Xác minh hai bước đã bị gỡ khỏi tài khoản {{company}} của bạn",
      heading: "Xác minh hai bước của bạn đã được đặt lại",
      body: "Xin chào {{name}},\n\nLúc {{time}}, quản trị viên đã gỡ xác minh hai bước của tài khoản {{company}} của bạn, cùng các mã khôi phục. Lần đăng nhập tới bạn chỉ cần nhập mật khẩu; vui lòng thiết lập lại ứng dụng xác thực trong Trang cá nhân.\n\nNếu bạn không yêu cầu việc này, vui lòng liên hệ với chúng tôi ngay.",
    },
  },
  two_factor_changed: {
    en: {
      subject: "A new authenticator for your {{company}} account",
      heading: "Your authenticator was replaced",
      body: "Hello {{name}},\n\nTwo-factor sign-in of your {{company}} account was moved to a new authenticator app on {{time}}, from the address {{ip}}. The old one no longer gives valid codes, and your recovery codes were replaced by new ones.\n\nIf this was not you, someone knows your password and had one of your codes: reset your password at once and contact us.",
    },
    "zh-CN": {
      subject: "您的 {{company}} 账号已更换身份验证器",
      heading: "身份验证器已更换",
      body: "{{name}}，您好：\n\n您在 {{company}} 的账号已于 {{time}} 从 IP {{ip}} 将两步验证登录更换到新的身份验证器应用。旧身份验证器生成的验证码已不再有效，恢复码也已全部换新。\n\n如果不是您本人操作，说明有人知道您的密码并拿到了您的验证码：请立即重置密码并联系我们。",
    },
    "zh-TW": {
      subject: "您的 {{company}} 帳號已更換驗證器",
      heading: "驗證器已更換",
      body: "{{name}}，您好：\n\n您在 {{company}} 的帳號已於 {{time}} 從 IP {{ip}} 將兩步驟驗證登入更換到新的驗證器應用程式。舊驗證器產生的驗證碼已失效，復原碼也已全部換新。\n\n如果不是您本人操作，表示有人知道您的密碼並取得了您的驗證碼：請立即重設密碼並與我們聯絡。",
    },
    id: {
      subject: "Autentikator baru untuk akun {{company}} Anda",
      heading: "Autentikator Anda telah diganti",
      body: "Halo {{name}},\n\nPada {{time}}, verifikasi dua langkah akun {{company}} Anda dipindahkan ke aplikasi autentikator baru dari alamat IP {{ip}}. Kode dari autentikator lama tidak berlaku lagi, dan kode pemulihan Anda telah diganti dengan yang baru.\n\nJika Anda tidak melakukan perubahan ini, kemungkinan ada pihak lain yang mengetahui kata sandi dan kode verifikasi Anda. Mohon segera atur ulang kata sandi Anda dan hubungi kami.",
    },
    vi: {
      subject: "Ứng dụng xác thực mới cho tài khoản {{company}} của bạn",
      heading: "Ứng dụng xác thực của bạn đã được thay đổi",
      body: "Xin chào {{name}},\n\nLúc {{time}}, xác minh hai bước của tài khoản {{company}} của bạn đã được chuyển sang một ứng dụng xác thực mới, từ địa chỉ IP {{ip}}. Ứng dụng cũ không còn tạo mã hợp lệ, và các mã khôi phục của bạn đã được thay bằng mã mới.\n\nNếu bạn không thực hiện thay đổi này, có người đã biết mật khẩu và mã xác minh của bạn. Vui lòng đặt lại mật khẩu ngay và liên hệ với chúng tôi.",
    },
  },
  lead_alert: {
    en: {
      subject: "New enquiry from {{name}} — {{product}}",
      heading: "A new enquiry on {{company}}",
      body: "Name: {{name}}\nContact: {{contact}}\nProduct: {{product}}\n\n{{content}}\n\nIt waits in Business → Leads: mark it contacted once you have spoken.",
      action: "Open the leads",
    },
    "zh-CN": {
      subject: "新的咨询：{{name}} — {{product}}",
      heading: "{{company}} 收到一条新咨询",
      body: "姓名：{{name}}\n联系方式：{{contact}}\n产品：{{product}}\n\n{{content}}\n\n该线索在“业务管理 → 线索”中等待处理，联系客户后请标记为已联系。",
      action: "查看线索",
    },
    "zh-TW": {
      subject: "新的諮詢：{{name}} — {{product}}",
      heading: "{{company}} 收到一則新諮詢",
      body: "姓名：{{name}}\n聯絡方式：{{contact}}\n產品：{{product}}\n\n{{content}}\n\n這筆諮詢已列在「業務營運 → 潛在客戶」中等待處理，與客戶聯絡後，請將它標示為「已聯絡」。",
      action: "查看潛在客戶",
    },
    id: {
      subject: "Permintaan baru dari {{name}} — {{product}}",
      heading: "Ada permintaan baru di {{company}}",
      body: "Nama: {{name}}\nKontak: {{contact}}\nProduk: {{product}}\n\n{{content}}\n\nPermintaan ini menunggu tindak lanjut di Operasi bisnis → Prospek. Setelah Anda menghubungi calon pelanggan ini, mohon tandai sebagai Sudah dihubungi.",
      action: "Buka Prospek",
    },
    vi: {
      subject: "Yêu cầu mới từ {{name}} — {{product}}",
      heading: "Yêu cầu mới trên {{company}}",
      body: "Tên: {{name}}\nLiên hệ: {{contact}}\nSản phẩm: {{product}}\n\n{{content}}\n\nYêu cầu đang chờ xử lý trong Vận hành kinh doanh → Khách hàng tiềm năng. Sau khi liên hệ với khách, vui lòng đánh dấu là Đã liên hệ.",
      action: "Mở danh sách khách hàng tiềm năng",
    },
  },
  lead_received: {
    en: {
      subject: "We have your enquiry — {{company}}",
      heading: "Thank you, {{name}}",
      body: "We have received your enquiry and will contact you at {{contact}} once it has been reviewed, usually within one working day.\n\nNothing more is needed from you meanwhile.",
    },
    "zh-CN": {
      subject: "我们已收到您的咨询 — {{company}}",
      heading: "{{name}}，感谢您的咨询",
      body: "我们已收到您的咨询，审核通过后将通过 {{contact}} 与您联系，通常在一个工作日内。\n\n在此期间您无需做任何操作。",
    },
    "zh-TW": {
      subject: "我們已收到您的諮詢 — {{company}}",
      heading: "{{name}}，感謝您的諮詢",
      body: "我們已收到您的諮詢，將盡快透過 {{contact}} 與您聯絡，通常在一個工作天內。\n\n您不需要另外進行任何操作。",
    },
    id: {
      subject: "Permintaan Anda sudah kami terima — {{company}}",
      heading: "Terima kasih, {{name}}",
      body: "Terima kasih, permintaan Anda sudah kami terima. Tim kami akan segera menghubungi Anda melalui {{contact}}, biasanya dalam satu hari kerja.\n\nAnda tidak perlu melakukan apa pun lagi untuk saat ini.",
    },
    vi: {
      subject: "Chúng tôi đã nhận được yêu cầu của bạn — {{company}}",
      heading: "Cảm ơn bạn, {{name}}",
      body: "Chúng tôi đã nhận được yêu cầu của bạn và sẽ sớm liên hệ với bạn qua {{contact}}, thường trong vòng một ngày làm việc.\n\nBạn không cần làm gì thêm.",
    },
  },
  order_placed: {
    en: {
      subject: "Order {{orderNo}} placed — {{company}}",
      heading: "Your order is waiting for payment",
      body: "Hello {{name}},\n\nThank you for your order on {{company}}.\n\nOrder: {{orderNo}}\nProduct: {{product}}\nAmount: {{amount}}\n\nPay it from My orders in the console; the service starts as soon as the payment arrives. An order left unpaid closes by itself after a while, and you can place it again at any time.",
      action: "Pay the order",
    },
    "zh-CN": {
      subject: "订单 {{orderNo}} 已提交 — {{company}}",
      heading: "您的订单等待支付",
      body: "{{name}}，您好：\n\n感谢您在 {{company}} 下单。\n\n订单号：{{orderNo}}\n产品：{{product}}\n金额：{{amount}}\n\n请在控制台“我的订单”中完成支付，到账后服务立即开通。未支付的订单会在一段时间后自动关闭，您可以随时重新下单。",
      action: "支付订单",
    },
    "zh-TW": {
      subject: "訂單 {{orderNo}} 已送出 — {{company}}",
      heading: "您的訂單尚待付款",
      body: "{{name}}，您好：\n\n感謝您在 {{company}} 訂購。\n\n訂單編號：{{orderNo}}\n產品：{{product}}\n金額：{{amount}}\n\n請在主控台的「我的訂單」完成付款，款項入帳後服務即會開通。未付款的訂單會在一段時間後自動關閉，您隨時可以重新下單。",
      action: "前往付款",
    },
    id: {
      subject: "Pesanan {{orderNo}} telah kami terima — {{company}}",
      heading: "Pesanan Anda menunggu pembayaran",
      body: "Halo {{name}},\n\nTerima kasih telah memesan di {{company}}.\n\nNomor pesanan: {{orderNo}}\nProduk: {{product}}\nJumlah: {{amount}}\n\nSilakan selesaikan pembayaran melalui menu Pesanan saya di konsol. Layanan akan langsung aktif setelah pembayaran kami terima. Pesanan yang belum dibayar akan ditutup otomatis setelah beberapa waktu; Anda dapat memesan kembali kapan saja.",
      action: "Bayar sekarang",
    },
    vi: {
      subject: "Đơn hàng {{orderNo}} đã được tạo — {{company}}",
      heading: "Đơn hàng của bạn đang chờ thanh toán",
      body: "Xin chào {{name}},\n\nCảm ơn bạn đã đặt hàng tại {{company}}.\n\nĐơn hàng: {{orderNo}}\nSản phẩm: {{product}}\nSố tiền: {{amount}}\n\nVui lòng thanh toán trong mục Đơn hàng của tôi trên bảng điều khiển; dịch vụ sẽ được kích hoạt ngay khi chúng tôi nhận được tiền. Đơn hàng chưa thanh toán sẽ tự động đóng sau một thời gian, và bạn có thể đặt lại bất cứ lúc nào.",
      action: "Thanh toán đơn hàng",
    },
  },
  order_placed_offline: {
    en: {
      subject: "Order {{orderNo}} placed — {{company}}",
      heading: "Your order is waiting for payment",
      body: "Hello {{name}},\n\nThank you for your order on {{company}}.\n\nOrder: {{orderNo}}\nProduct: {{product}}\nAmount: {{amount}}\n\nHow to pay:\n{{payment}}\n\nPlease quote the order number {{orderNo}} with your payment; the service starts as soon as we have confirmed it. Questions: {{contact}}",
    },
    "zh-CN": {
      subject: "订单 {{orderNo}} 已提交 — {{company}}",
      heading: "您的订单待付款",
      body: "{{name}}，您好：\n\n感谢您在 {{company}} 下单。\n\n订单号：{{orderNo}}\n产品：{{product}}\n金额：{{amount}}\n\n付款方式：\n{{payment}}\n\n付款时请备注订单号 {{orderNo}}；我们确认收款后立即开通服务。如有疑问，请联系：{{contact}}",
    },
    "zh-TW": {
      subject: "訂單 {{orderNo}} 已送出 — {{company}}",
      heading: "您的訂單尚待付款",
      body: "{{name}}，您好：\n\n感謝您在 {{company}} 訂購。\n\n訂單編號：{{orderNo}}\n產品：{{product}}\n金額：{{amount}}\n\n付款方式：\n{{payment}}\n\n匯款時請在備註欄填寫訂單編號 {{orderNo}}，我們確認款項後會立即為您開通服務。如有任何問題，歡迎與我們聯絡：{{contact}}",
    },
    id: {
      subject: "Pesanan {{orderNo}} telah kami terima — {{company}}",
      heading: "Pesanan Anda menunggu pembayaran",
      body: "Halo {{name}},\n\nTerima kasih telah memesan di {{company}}.\n\nNomor pesanan: {{orderNo}}\nProduk: {{product}}\nJumlah: {{amount}}\n\nCara pembayaran:\n{{payment}}\n\nMohon cantumkan nomor pesanan {{orderNo}} pada berita transfer. Layanan akan langsung aktif setelah pembayaran kami konfirmasi. Jika ada pertanyaan, silakan hubungi kami di {{contact}}.",
    },
    vi: {
      subject: "Đơn hàng {{orderNo}} đã được tạo — {{company}}",
      heading: "Đơn hàng của bạn đang chờ thanh toán",
      body: "Xin chào {{name}},\n\nCảm ơn bạn đã đặt hàng tại {{company}}.\n\nĐơn hàng: {{orderNo}}\nSản phẩm: {{product}}\nSố tiền: {{amount}}\n\nCách thanh toán:\n{{payment}}\n\nVui lòng ghi mã đơn hàng {{orderNo}} trong nội dung chuyển khoản; dịch vụ sẽ được kích hoạt ngay khi chúng tôi xác nhận đã nhận được tiền. Nếu có thắc mắc, vui lòng liên hệ: {{contact}}",
    },
  },
  order_overage: {
    en: {
      subject: "Bandwidth beyond your package in {{month}}: order {{orderNo}} — {{company}}",
      heading: "Bandwidth beyond your package in {{month}}",
      body: "Hello {{name}},\n\nIn {{month}} your {{product}} package reached {{percentile}} Mbps at the 95th percentile of its 5-minute peaks, above the {{committed}} Mbps it includes. The {{over}} Mbps beyond it are billed at {{rate}} per Mbps-month, for the {{days}} of {{monthDays}} days it was in service that month.\n\nOrder: {{orderNo}}\nAmount: {{amount}}\n\nHow to pay:\n{{payment}}\n\nPaying this order does not change your package. To stay within it, upgrade its bandwidth from My services.",
      action: "Open the order",
    },
    "zh-CN": {
      subject: "{{month}}超出套餐的带宽：订单 {{orderNo}} — {{company}}",
      heading: "{{month}}超出套餐的带宽",
      body: "{{name}}，您好：\n\n{{month}}，您的{{product}}套餐 5 分钟峰值带宽的第 95 百分位为 {{percentile}} Mbps，超出了套餐包含的 {{committed}} Mbps。超出的 {{over}} Mbps 按每 Mbps·月 {{rate}} 计费，并按当月在用的 {{days}} 天（共 {{monthDays}} 天）折算。\n\n订单号：{{orderNo}}\n金额：{{amount}}\n\n付款方式：\n{{payment}}\n\n支付此订单不会改变您的套餐。如需避免超额，请在“我的服务”中升级带宽。",
      action: "查看订单",
    },
    "zh-TW": {
      subject: "{{month}}超出方案的頻寬：訂單 {{orderNo}} — {{company}}",
      heading: "{{month}}超出方案的頻寬",
      body: "{{name}}，您好：\n\n{{month}}，您的{{product}}方案 5 分鐘峰值頻寬的第 95 百分位為 {{percentile}} Mbps，超出了方案包含的 {{committed}} Mbps。超出的 {{over}} Mbps 依每 Mbps·月 {{rate}} 計費，並依當月使用的 {{days}} 天（共 {{monthDays}} 天）按比例計算。\n\n訂單編號：{{orderNo}}\n金額：{{amount}}\n\n付款方式：\n{{payment}}\n\n支付此訂單不會變更您的方案。若想避免超額，請在「我的服務」中升級頻寬。",
      action: "查看訂單",
    },
    id: {
      subject: "Bandwidth di atas paket Anda pada {{month}}: pesanan {{orderNo}} — {{company}}",
      heading: "Bandwidth di atas paket Anda pada {{month}}",
      body: "Halo {{name}},\n\nPada {{month}}, paket {{product}} Anda mencapai {{percentile}} Mbps pada persentil ke-95 dari puncak 5 menitnya, di atas {{committed}} Mbps yang termasuk dalam paket. Kelebihan {{over}} Mbps ditagih {{rate}} per Mbps-bulan, untuk {{days}} dari {{monthDays}} hari paket aktif pada bulan itu.\n\nNomor pesanan: {{orderNo}}\nJumlah: {{amount}}\n\nCara pembayaran:\n{{payment}}\n\nMembayar pesanan ini tidak mengubah paket Anda. Agar tetap dalam batas paket, tingkatkan bandwidth-nya melalui Layanan saya.",
      action: "Buka pesanan",
    },
    vi: {
      subject: "Băng thông vượt gói trong {{month}}: đơn hàng {{orderNo}} — {{company}}",
      heading: "Băng thông vượt gói trong {{month}}",
      body: "Xin chào {{name}},\n\nTrong {{month}}, gói {{product}} của bạn đạt {{percentile}} Mbps ở phân vị thứ 95 của các đỉnh 5 phút, vượt {{committed}} Mbps có trong gói. Phần vượt {{over}} Mbps được tính {{rate}} mỗi Mbps-tháng, cho {{days}} trên {{monthDays}} ngày gói được sử dụng trong tháng.\n\nĐơn hàng: {{orderNo}}\nSố tiền: {{amount}}\n\nCách thanh toán:\n{{payment}}\n\nThanh toán đơn hàng này không thay đổi gói của bạn. Để không vượt gói, hãy nâng cấp băng thông trong mục Dịch vụ của tôi.",
      action: "Mở đơn hàng",
    },
  },
  order_overage_parts: {
    en: {
      subject: "Bandwidth beyond your package in {{month}}: order {{orderNo}} — {{company}}",
      heading: "Bandwidth beyond your package in {{month}}",
      body: "Hello {{name}},\n\nThe bandwidth of your {{product}} package changed during {{month}}, so each part of the month is billed on its own: the 95th percentile of that part's 5-minute peaks above the bandwidth the package included then, for its days in service.\n\n{{parts}}\n\nOrder: {{orderNo}}\nAmount: {{amount}}\n\nHow to pay:\n{{payment}}\n\nPaying this order does not change your package. To stay within it, upgrade its bandwidth from My services.",
      action: "Open the order",
    },
    "zh-CN": {
      subject: "{{month}}超出套餐的带宽：订单 {{orderNo}} — {{company}}",
      heading: "{{month}}超出套餐的带宽",
      body: "{{name}}，您好：\n\n{{month}}期间，您的{{product}}套餐带宽有过变更，因此当月按变更前后分段计费：每段以该段 5 分钟峰值带宽的第 95 百分位，对照当时套餐包含的带宽计算超出部分，并按该段的在用天数折算。\n\n{{parts}}\n\n订单号：{{orderNo}}\n金额：{{amount}}\n\n付款方式：\n{{payment}}\n\n支付此订单不会改变您的套餐。如需避免超额，请在“我的服务”中升级带宽。",
      action: "查看订单",
    },
    "zh-TW": {
      subject: "{{month}}超出方案的頻寬：訂單 {{orderNo}} — {{company}}",
      heading: "{{month}}超出方案的頻寬",
      body: "{{name}}，您好：\n\n{{month}}期間，您的{{product}}方案頻寬有所變更，因此當月依變更前後分段計費：每段以該段 5 分鐘峰值頻寬的第 95 百分位，對照當時方案包含的頻寬計算超出部分，並依該段的使用天數按比例計算。\n\n{{parts}}\n\n訂單編號：{{orderNo}}\n金額：{{amount}}\n\n付款方式：\n{{payment}}\n\n支付此訂單不會變更您的方案。若想避免超額，請在「我的服務」中升級頻寬。",
      action: "查看訂單",
    },
    id: {
      subject: "Bandwidth di atas paket Anda pada {{month}}: pesanan {{orderNo}} — {{company}}",
      heading: "Bandwidth di atas paket Anda pada {{month}}",
      body: "Halo {{name}},\n\nBandwidth paket {{product}} Anda berubah selama {{month}}, sehingga setiap bagian bulan itu ditagih tersendiri: persentil ke-95 dari puncak 5 menit pada bagian tersebut yang melebihi bandwidth paket saat itu, untuk jumlah hari paket aktif pada bagian itu.\n\n{{parts}}\n\nNomor pesanan: {{orderNo}}\nJumlah: {{amount}}\n\nCara pembayaran:\n{{payment}}\n\nMembayar pesanan ini tidak mengubah paket Anda. Agar tetap dalam batas paket, tingkatkan bandwidth-nya melalui Layanan saya.",
      action: "Buka pesanan",
    },
    vi: {
      subject: "Băng thông vượt gói trong {{month}}: đơn hàng {{orderNo}} — {{company}}",
      heading: "Băng thông vượt gói trong {{month}}",
      body: "Xin chào {{name}},\n\nBăng thông của gói {{product}} đã thay đổi trong {{month}}, vì vậy mỗi phần của tháng được tính riêng: phần phân vị thứ 95 của các đỉnh 5 phút trong phần đó vượt quá băng thông gói có vào lúc ấy, theo số ngày gói được sử dụng trong phần đó.\n\n{{parts}}\n\nĐơn hàng: {{orderNo}}\nSố tiền: {{amount}}\n\nCách thanh toán:\n{{payment}}\n\nThanh toán đơn hàng này không thay đổi gói của bạn. Để không vượt gói, hãy nâng cấp băng thông trong mục Dịch vụ của tôi.",
      action: "Mở đơn hàng",
    },
  },
  order_overage_reminder: {
    en: {
      subject: "Reminder: order {{orderNo}} for {{month}}'s bandwidth is unpaid — {{company}}",
      heading: "Your overage order is still unpaid",
      body: "Hello {{name}},\n\nOrder {{orderNo}}, for the bandwidth your {{product}} package used beyond what it includes in {{month}}, has been waiting for payment for {{days}} days.\n\nAmount: {{amount}}\n\nPlease pay it from My orders in the console. If you have already paid, thank you: this reminder crossed your payment.",
      action: "Pay the order",
    },
    "zh-CN": {
      subject: "提醒：{{month}}超额带宽订单 {{orderNo}} 尚未支付 — {{company}}",
      heading: "您的超额带宽订单尚未支付",
      body: "{{name}}，您好：\n\n订单 {{orderNo}} 是您的{{product}}套餐在{{month}}超出套餐带宽部分的费用，已等待支付 {{days}} 天。\n\n金额：{{amount}}\n\n请在控制台“我的订单”中完成支付。如您已付款，感谢您，请忽略此提醒。",
      action: "支付订单",
    },
    "zh-TW": {
      subject: "提醒：{{month}}超額頻寬訂單 {{orderNo}} 尚未付款 — {{company}}",
      heading: "您的超額頻寬訂單尚未付款",
      body: "{{name}}，您好：\n\n訂單 {{orderNo}} 是您的{{product}}方案在{{month}}超出方案頻寬部分的費用，已等待付款 {{days}} 天。\n\n金額：{{amount}}\n\n請在主控台的「我的訂單」完成付款。如您已付款，感謝您，請忽略此提醒。",
      action: "前往付款",
    },
    id: {
      subject: "Pengingat: pesanan {{orderNo}} untuk bandwidth {{month}} belum dibayar — {{company}}",
      heading: "Pesanan kelebihan bandwidth Anda belum dibayar",
      body: "Halo {{name}},\n\nPesanan {{orderNo}}, untuk bandwidth paket {{product}} Anda yang melebihi batas paket pada {{month}}, sudah menunggu pembayaran selama {{days}} hari.\n\nJumlah: {{amount}}\n\nSilakan bayar melalui menu Pesanan saya di konsol. Jika Anda sudah membayar, terima kasih; abaikan pengingat ini.",
      action: "Bayar sekarang",
    },
    vi: {
      subject: "Nhắc nhở: đơn hàng {{orderNo}} cho băng thông {{month}} chưa thanh toán — {{company}}",
      heading: "Đơn hàng vượt gói của bạn chưa được thanh toán",
      body: "Xin chào {{name}},\n\nĐơn hàng {{orderNo}}, cho phần băng thông gói {{product}} của bạn đã dùng vượt gói trong {{month}}, đã chờ thanh toán {{days}} ngày.\n\nSố tiền: {{amount}}\n\nVui lòng thanh toán trong mục Đơn hàng của tôi trên bảng điều khiển. Nếu bạn đã thanh toán, xin cảm ơn và vui lòng bỏ qua lời nhắc này.",
      action: "Thanh toán đơn hàng",
    },
  },
  order_offline_alert: {
    en: {
      subject: "New order {{orderNo}} awaiting payment — {{amount}}",
      heading: "A new order on {{company}} is waiting for payment",
      body: "Order: {{orderNo}}\nCustomer: {{customer}}\nProduct: {{product}}\nAmount: {{amount}}\n\nThe customer chose to pay by bank transfer and was mailed the site's payment instructions (or, where the site has none, told that you will contact them). Once the money has arrived, confirm the payment in Business → Orders: the order then takes effect (a new service starts, a renewal extends one) and the customer gets the receipt.",
      action: "Open the order",
    },
    "zh-CN": {
      subject: "新订单 {{orderNo}} 待收款 — {{amount}}",
      heading: "{{company}} 有一笔新订单待收款",
      body: "订单号：{{orderNo}}\n客户：{{customer}}\n产品：{{product}}\n金额：{{amount}}\n\n客户选择了银行转账，付款说明已发送到客户邮箱（本站未填写付款说明时，则告知客户您会与其联系）。款项到账后，请在“业务运营 → 订单管理”中确认收款：订单随即生效（新服务开通，续费则延长服务期），客户会收到收款回执。",
      action: "查看订单",
    },
    "zh-TW": {
      subject: "新訂單 {{orderNo}} 待收款 — {{amount}}",
      heading: "{{company}} 有一筆新訂單待收款",
      body: "訂單編號：{{orderNo}}\n客戶：{{customer}}\n產品：{{product}}\n金額：{{amount}}\n\n客戶選擇了銀行轉帳，付款說明已寄到客戶信箱（本網站未填寫付款說明時，則告知客戶您會另行聯絡）。款項入帳後，請在「業務營運 → 訂單管理」中確認收款：訂單隨即生效（新服務開通，續約則延長服務期間），客戶也會收到付款成功通知與收據。",
      action: "查看訂單",
    },
    id: {
      subject: "Pesanan baru {{orderNo}} menunggu pembayaran — {{amount}}",
      heading: "Pesanan baru di {{company}} menunggu pembayaran",
      body: "Nomor pesanan: {{orderNo}}\nPelanggan: {{customer}}\nProduk: {{product}}\nJumlah: {{amount}}\n\nPelanggan memilih transfer bank dan telah menerima petunjuk pembayaran situs melalui email (jika situs belum memiliki petunjuk pembayaran, pelanggan diberi tahu bahwa Anda akan menghubunginya). Setelah dana masuk, silakan konfirmasi pembayarannya di Operasi bisnis → Pesanan: pesanan langsung berlaku (layanan baru aktif, perpanjangan menambah masa layanan) dan pelanggan menerima bukti pembayarannya.",
      action: "Buka pesanan",
    },
    vi: {
      subject: "Đơn hàng mới {{orderNo}} đang chờ thanh toán — {{amount}}",
      heading: "Có đơn hàng mới trên {{company}} đang chờ thanh toán",
      body: "Đơn hàng: {{orderNo}}\nKhách hàng: {{customer}}\nSản phẩm: {{product}}\nSố tiền: {{amount}}\n\nKhách hàng đã chọn chuyển khoản ngân hàng và đã nhận hướng dẫn thanh toán của trang qua email (hoặc, nếu trang chưa có hướng dẫn, được báo rằng bạn sẽ liên hệ với họ). Khi tiền đã về tài khoản, hãy xác nhận thanh toán trong Vận hành kinh doanh → Đơn hàng: đơn hàng sẽ có hiệu lực (dịch vụ mới được kích hoạt, gia hạn thì kéo dài thời hạn) và khách hàng nhận được biên nhận.",
      action: "Mở đơn hàng",
    },
  },
  order_paid: {
    en: {
      subject: "{{document}} for order {{orderNo}} — {{company}}",
      heading: "Payment received",
      body: "Hello {{name}},\n\nWe have received your payment. Thank you.\n\nOrder: {{orderNo}}\nProduct: {{product}}\nAmount paid: {{amount}}\nPaid by: {{method}}\nPaid on: {{time}}\n\nYour service is active; you can see it under My services. Keep this mail for your records.",
      action: "Open My services",
    },
    "zh-CN": {
      subject: "订单 {{orderNo}} 的{{document}} — {{company}}",
      heading: "已收到付款",
      body: "{{name}}，您好：\n\n我们已收到您的付款，谢谢。\n\n订单号：{{orderNo}}\n产品：{{product}}\n实付金额：{{amount}}\n支付方式：{{method}}\n支付时间：{{time}}\n\n您的服务已开通，可在“我的服务”中查看。请保留此邮件备查。",
      action: "查看我的服务",
    },
    "zh-TW": {
      subject: "訂單 {{orderNo}} 付款成功通知 — {{company}}",
      heading: "付款成功",
      body: "{{name}}，您好：\n\n感謝您的付款，我們已確認收到款項。\n\n訂單編號：{{orderNo}}\n產品：{{product}}\n付款金額：{{amount}}\n付款方式：{{method}}\n付款時間：{{time}}\n\n您的服務已開通，可在「我的服務」中查看。此郵件可作為付款證明，請妥善保存。",
      action: "查看我的服務",
    },
    id: {
      subject: "Bukti pembayaran pesanan {{orderNo}} — {{company}}",
      heading: "Pembayaran berhasil",
      body: "Halo {{name}},\n\nTerima kasih, pembayaran Anda telah kami terima.\n\nNomor pesanan: {{orderNo}}\nProduk: {{product}}\nJumlah dibayar: {{amount}}\nMetode pembayaran: {{method}}\nWaktu pembayaran: {{time}}\n\nLayanan Anda sudah aktif dan dapat dilihat di menu Layanan saya. Mohon simpan email ini sebagai bukti pembayaran.",
      action: "Buka Layanan saya",
    },
    vi: {
      subject: "{{document}} cho đơn hàng {{orderNo}} — {{company}}",
      heading: "Thanh toán thành công",
      body: "Xin chào {{name}},\n\nChúng tôi đã nhận được thanh toán của bạn. Xin cảm ơn.\n\nĐơn hàng: {{orderNo}}\nSản phẩm: {{product}}\nSố tiền đã thanh toán: {{amount}}\nHình thức thanh toán: {{method}}\nThời gian thanh toán: {{time}}\n\nDịch vụ của bạn đã được kích hoạt, bạn có thể xem trong mục Dịch vụ của tôi. Email này có thể dùng làm bằng chứng thanh toán, vui lòng lưu lại.",
      action: "Mở Dịch vụ của tôi",
    },
  },
  order_refunded: {
    en: {
      subject: "Refund for order {{orderNo}} — {{company}}",
      heading: "Your refund was issued",
      body: "Hello {{name}},\n\nWe have refunded order {{orderNo}} ({{product}}) on {{time}}.\n\nAmount refunded: {{amount}}\n\nThe money goes back the way it was paid; your bank or payment service may take a few working days to show it. What the order gave your service has been taken back.",
    },
    "zh-CN": {
      subject: "订单 {{orderNo}} 已退款 — {{company}}",
      heading: "退款已发起",
      body: "{{name}}，您好：\n\n我们已于 {{time}} 为订单 {{orderNo}}（{{product}}）办理退款。\n\n退款金额：{{amount}}\n\n款项将按原支付方式退回，银行或支付机构可能需要几个工作日到账。该订单为服务带来的变更已撤回。",
    },
    "zh-TW": {
      subject: "訂單 {{orderNo}} 已退款 — {{company}}",
      heading: "已為您辦理退款",
      body: "{{name}}，您好：\n\n我們已於 {{time}} 為訂單 {{orderNo}}（{{product}}）辦理退款。\n\n退款金額：{{amount}}\n\n款項將依原付款方式退回，實際入帳時間依銀行或支付業者的作業而定，通常需要數個工作天。此訂單為服務開通或延長的期限，也已一併取消。",
    },
    id: {
      subject: "Pengembalian dana pesanan {{orderNo}} — {{company}}",
      heading: "Dana Anda telah dikembalikan",
      body: "Halo {{name}},\n\nPada {{time}}, kami telah memproses pengembalian dana untuk pesanan {{orderNo}} ({{product}}).\n\nJumlah dikembalikan: {{amount}}\n\nDana dikembalikan melalui metode pembayaran semula. Tergantung bank atau penyedia pembayaran Anda, dana biasanya masuk dalam beberapa hari kerja. Aktivasi atau perpanjangan layanan dari pesanan ini juga telah dibatalkan.",
    },
    vi: {
      subject: "Hoàn tiền đơn hàng {{orderNo}} — {{company}}",
      heading: "Đã hoàn tiền cho bạn",
      body: "Xin chào {{name}},\n\nLúc {{time}}, chúng tôi đã hoàn tiền cho đơn hàng {{orderNo}} ({{product}}).\n\nSố tiền hoàn: {{amount}}\n\nTiền được hoàn về theo hình thức bạn đã thanh toán; tùy ngân hàng hoặc ví điện tử, có thể mất vài ngày làm việc để tiền về tài khoản. Việc kích hoạt hoặc gia hạn dịch vụ từ đơn hàng này cũng đã được hủy.",
    },
  },
  order_closed: {
    en: {
      subject: "Order {{orderNo}} was closed unpaid — {{company}}",
      heading: "Your order was closed",
      body: "Hello {{name}},\n\nOrder {{orderNo}} ({{product}}, {{amount}}) was closed without payment, and nothing was charged. A coupon it used can be used again.\n\nIf you still want the service, place the order again from the price page or the console.",
      action: "Open My orders",
    },
    "zh-CN": {
      subject: "订单 {{orderNo}} 未支付已关闭 — {{company}}",
      heading: "您的订单已关闭",
      body: "{{name}}，您好：\n\n订单 {{orderNo}}（{{product}}，{{amount}}）未支付，已关闭，未产生任何扣款。该订单使用的优惠券可再次使用。\n\n如仍需要该服务，请在价格页或控制台重新下单。",
      action: "查看我的订单",
    },
    "zh-TW": {
      subject: "訂單 {{orderNo}} 未付款已關閉 — {{company}}",
      heading: "您的訂單已關閉",
      body: "{{name}}，您好：\n\n訂單 {{orderNo}}（{{product}}，{{amount}}）未付款，已關閉，未產生任何扣款。該訂單使用的優惠券可再次使用。\n\n如仍需要此服務，請在價格頁或主控台重新下單。",
      action: "查看我的訂單",
    },
    id: {
      subject: "Pesanan {{orderNo}} ditutup tanpa pembayaran — {{company}}",
      heading: "Pesanan Anda telah ditutup",
      body: "Halo {{name}},\n\nPesanan {{orderNo}} ({{product}}, {{amount}}) telah ditutup karena belum dibayar, dan tidak ada biaya yang ditagihkan. Kupon yang digunakan pada pesanan ini dapat dipakai kembali.\n\nJika Anda masih memerlukan layanan ini, silakan buat pesanan baru melalui halaman harga atau konsol.",
      action: "Buka Pesanan saya",
    },
    vi: {
      subject: "Đơn hàng {{orderNo}} đã đóng do chưa thanh toán — {{company}}",
      heading: "Đơn hàng của bạn đã đóng",
      body: "Xin chào {{name}},\n\nĐơn hàng {{orderNo}} ({{product}}, {{amount}}) đã đóng do chưa thanh toán, và bạn không bị trừ tiền. Mã giảm giá đã dùng cho đơn này có thể dùng lại.\n\nNếu vẫn cần dịch vụ, hãy đặt lại đơn hàng từ trang giá hoặc bảng điều khiển.",
      action: "Mở Đơn hàng của tôi",
    },
  },
  email_verification: {
    en: {
      subject: "Confirm your e-mail address for {{company}}",
      heading: "Confirm your e-mail address",
      body: "Hello {{name}},\n\nWelcome to {{company}}. Please confirm that {{email}} is your address with the button below; it works for {{hours}} hours.\n\nUntil it is confirmed you can sign in and look around, but not place an order. If you did not create this account, ignore this mail.",
      action: "Confirm my address",
    },
    "zh-CN": {
      subject: "确认您在 {{company}} 的邮箱地址",
      heading: "确认邮箱地址",
      body: "{{name}}，您好：\n\n欢迎加入 {{company}}。请确认 {{email}} 是您的邮箱：点击下方按钮即可，{{hours}} 小时内有效。\n\n确认之前您可以登录和浏览，但不能下单。如果您没有注册此账号，请忽略此邮件。",
      action: "确认我的邮箱",
    },
    "zh-TW": {
      subject: "確認您在 {{company}} 的電子郵件地址",
      heading: "確認電子郵件地址",
      body: "{{name}}，您好：\n\n歡迎加入 {{company}}。請點選下方按鈕，確認 {{email}} 是您的電子郵件地址；連結 {{hours}} 小時內有效。\n\n確認之前您可以登入和瀏覽，但無法下單。如果您沒有註冊此帳號，請忽略此郵件。",
      action: "確認我的電子郵件",
    },
    id: {
      subject: "Konfirmasi alamat email Anda untuk {{company}}",
      heading: "Konfirmasi alamat email Anda",
      body: "Halo {{name}},\n\nSelamat datang di {{company}}. Silakan klik tombol di bawah ini untuk mengonfirmasi bahwa {{email}} adalah alamat email Anda. Tautan ini berlaku selama {{hours}} jam.\n\nSebelum alamat email dikonfirmasi, Anda sudah dapat masuk dan melihat-lihat, tetapi belum dapat melakukan pemesanan. Jika Anda tidak merasa mendaftar, mohon abaikan email ini.",
      action: "Konfirmasi email saya",
    },
    vi: {
      subject: "Xác nhận địa chỉ email của bạn tại {{company}}",
      heading: "Xác nhận địa chỉ email",
      body: "Xin chào {{name}},\n\nChào mừng bạn đến với {{company}}. Vui lòng nhấn nút bên dưới để xác nhận {{email}} là địa chỉ email của bạn; liên kết có hiệu lực trong {{hours}} giờ.\n\nTrước khi xác nhận, bạn vẫn có thể đăng nhập và xem trang, nhưng chưa thể đặt hàng. Nếu bạn không tạo tài khoản này, hãy bỏ qua email này.",
      action: "Xác nhận địa chỉ của tôi",
    },
  },
  email_change: {
    en: {
      subject: "Confirm your new e-mail address for {{company}}",
      heading: "Confirm your new address",
      body: "Hello {{name}},\n\nYou asked to use {{email}} for your {{company}} account. The button below confirms it, for {{hours}} hours; until then your account keeps its old address.\n\nIf you did not ask, ignore this mail.",
      action: "Confirm the new address",
    },
    "zh-CN": {
      subject: "确认您在 {{company}} 的新邮箱地址",
      heading: "确认新邮箱地址",
      body: "{{name}}，您好：\n\n您申请将 {{company}} 账号的邮箱改为 {{email}}。点击下方按钮即可确认，{{hours}} 小时内有效；确认之前账号仍使用原邮箱。\n\n如果不是您本人操作，请忽略此邮件。",
      action: "确认新邮箱",
    },
    "zh-TW": {
      subject: "確認您在 {{company}} 的新電子郵件地址",
      heading: "確認新電子郵件地址",
      body: "{{name}}，您好：\n\n您申請將 {{company}} 帳號的電子郵件改為 {{email}}。點選下方按鈕即可確認，{{hours}} 小時內有效；確認之前帳號仍使用原電子郵件。\n\n如果不是您本人操作，請忽略此郵件。",
      action: "確認新電子郵件",
    },
    id: {
      subject: "Konfirmasi alamat email baru Anda untuk {{company}}",
      heading: "Konfirmasi alamat baru Anda",
      body: "Halo {{name}},\n\nAnda meminta perubahan alamat email akun {{company}} Anda menjadi {{email}}. Silakan klik tombol di bawah ini untuk mengonfirmasinya; tautan berlaku selama {{hours}} jam. Sebelum dikonfirmasi, akun Anda tetap menggunakan alamat email lama.\n\nJika Anda tidak meminta perubahan ini, mohon abaikan email ini.",
      action: "Konfirmasi alamat baru",
    },
    vi: {
      subject: "Xác nhận địa chỉ email mới của bạn tại {{company}}",
      heading: "Xác nhận địa chỉ mới",
      body: "Xin chào {{name}},\n\nBạn đã yêu cầu đổi email của tài khoản {{company}} thành {{email}}. Vui lòng nhấn nút bên dưới để xác nhận (liên kết có hiệu lực trong {{hours}} giờ); trước khi xác nhận, tài khoản vẫn dùng địa chỉ cũ.\n\nNếu bạn không yêu cầu, hãy bỏ qua email này.",
      action: "Xác nhận địa chỉ mới",
    },
  },
  email_changed: {
    en: {
      subject: "The e-mail address of your {{company}} account was changed",
      heading: "Your e-mail address was changed",
      body: "Hello {{name}},\n\nOn {{time}} the e-mail address of your {{company}} account was changed to {{email}}. Mails of this account now go there, this one being the last to this address.\n\nIf this was not you, contact us at once: someone may have taken over your account.",
    },
    "zh-CN": {
      subject: "您的 {{company}} 账号邮箱已更改",
      heading: "邮箱地址已更改",
      body: "{{name}}，您好：\n\n您的 {{company}} 账号邮箱已于 {{time}} 更改为 {{email}}。此后该账号的邮件将发送到新地址，这是发往本地址的最后一封。\n\n如果不是您本人操作，请立即联系我们：您的账号可能已被他人控制。",
    },
    "zh-TW": {
      subject: "您的 {{company}} 帳號電子郵件已變更",
      heading: "電子郵件地址已變更",
      body: "{{name}}，您好：\n\n您的 {{company}} 帳號電子郵件已於 {{time}} 變更為 {{email}}。此後該帳號的郵件將寄到新地址，這是寄到此地址的最後一封郵件。\n\n如果不是您本人操作，請立即與我們聯絡：您的帳號可能已被他人控制。",
    },
    id: {
      subject: "Alamat email akun {{company}} Anda telah diubah",
      heading: "Alamat email Anda telah diubah",
      body: "Halo {{name}},\n\nPada {{time}}, alamat email akun {{company}} Anda telah diubah menjadi {{email}}. Mulai sekarang, email untuk akun ini akan dikirim ke alamat tersebut; ini adalah email terakhir yang kami kirim ke alamat ini.\n\nJika Anda tidak melakukan perubahan ini, mohon segera hubungi kami karena akun Anda mungkin telah diambil alih pihak lain.",
    },
    vi: {
      subject: "Địa chỉ email của tài khoản {{company}} đã được thay đổi",
      heading: "Địa chỉ email của bạn đã được thay đổi",
      body: "Xin chào {{name}},\n\nLúc {{time}}, địa chỉ email của tài khoản {{company}} của bạn đã được đổi thành {{email}}. Từ nay, email của tài khoản sẽ được gửi đến địa chỉ mới; đây là email cuối cùng gửi đến địa chỉ này.\n\nNếu bạn không thực hiện thay đổi này, vui lòng liên hệ với chúng tôi ngay vì tài khoản của bạn có thể đã bị người khác chiếm quyền.",
    },
  },
  invitation: {
    en: {
      subject: "You have an account on {{company}}",
      heading: "Welcome to {{company}}",
      body: 'Hello {{name}},\n\nAn account was created for you on {{company}}, with the user name {{userName}}. Choose your password with the button below; the link works once, for {{hours}} hours.\n\nIf it has expired, ask for a new one with "Forgot password?" on the sign-in page.',
      action: "Choose my password",
    },
    "zh-CN": {
      subject: "您在 {{company}} 的账号已开通",
      heading: "欢迎加入 {{company}}",
      body: "{{name}}，您好：\n\n我们已在 {{company}} 为您开通账号，用户名为 {{userName}}。请点击下方按钮设置密码；链接仅可使用一次，{{hours}} 小时内有效。\n\n如果链接已过期，可在登录页点击“忘记密码？”重新获取。",
      action: "设置我的密码",
    },
    "zh-TW": {
      subject: "您在 {{company}} 的帳號已開通",
      heading: "歡迎加入 {{company}}",
      body: "{{name}}，您好：\n\n我們已在 {{company}} 為您開通帳號，使用者名稱為 {{userName}}。請點選下方按鈕設定密碼；連結僅能使用一次，{{hours}} 小時內有效。\n\n如果連結已過期，可在登入頁點選「忘記密碼？」重新取得。",
      action: "設定我的密碼",
    },
    id: {
      subject: "Akun {{company}} Anda telah dibuat",
      heading: "Selamat datang di {{company}}",
      body: 'Halo {{name}},\n\nKami telah membuatkan akun {{company}} untuk Anda dengan nama pengguna {{userName}}. Silakan klik tombol di bawah ini untuk membuat kata sandi Anda. Tautan ini hanya dapat digunakan satu kali dan berlaku selama {{hours}} jam.\n\nJika tautan sudah kedaluwarsa, silakan minta tautan baru melalui "Lupa kata sandi?" di halaman masuk.',
      action: "Buat kata sandi saya",
    },
    vi: {
      subject: "Tài khoản {{company}} của bạn đã được tạo",
      heading: "Chào mừng bạn đến với {{company}}",
      body: 'Xin chào {{name}},\n\nChúng tôi đã tạo cho bạn một tài khoản tại {{company}} với tên đăng nhập {{userName}}. Vui lòng nhấn nút bên dưới để đặt mật khẩu; liên kết chỉ sử dụng được một lần và có hiệu lực trong {{hours}} giờ.\n\nNếu liên kết đã hết hạn, hãy yêu cầu liên kết mới bằng "Quên mật khẩu?" ở trang đăng nhập.',
      action: "Đặt mật khẩu",
    },
  },
  service_expiring: {
    en: {
      subject: "Your {{product}} expires in {{days}} days — {{company}}",
      heading: "Your service expires soon",
      body: "Hello {{name}},\n\nYour {{product}} service expires on {{date}}, in {{days}} days. Renew it from My services to keep it running without a break; a renewal order is also prepared for you a few days before the expiry.\n\nIf you no longer need it, you can let it end at the end of its period.",
      action: "Open My services",
    },
    "zh-CN": {
      subject: "您的{{product}}将在 {{days}} 天后到期 — {{company}}",
      heading: "您的服务即将到期",
      body: "{{name}}，您好：\n\n您的{{product}}服务将于 {{date}} 到期，还有 {{days}} 天。请在“我的服务”中续费，以免服务中断；到期前几天系统也会为您生成续费订单。\n\n如不再需要，可以设置在当前周期结束时停止。",
      action: "查看我的服务",
    },
    "zh-TW": {
      subject: "您的「{{product}}」將在 {{days}} 天後到期 — {{company}}",
      heading: "您的服務即將到期",
      body: "{{name}}，您好：\n\n您的「{{product}}」服務將於 {{date}} 到期，還有 {{days}} 天。請在「我的服務」中續約，以免服務中斷；到期前幾天系統也會為您產生續約訂單。\n\n如不再需要，可以設定在目前週期結束時停止。",
      action: "查看我的服務",
    },
    id: {
      subject: "{{product}} Anda berakhir dalam {{days}} hari — {{company}}",
      heading: "Layanan Anda segera berakhir",
      body: "Halo {{name}},\n\nLayanan {{product}} Anda akan berakhir pada {{date}}, {{days}} hari lagi. Silakan perpanjang melalui menu Layanan saya agar layanan tidak terputus; beberapa hari sebelum masa aktif berakhir, kami juga akan membuatkan pesanan perpanjangan untuk Anda.\n\nJika layanan ini tidak diperlukan lagi, Anda dapat mengaturnya agar berhenti di akhir periode.",
      action: "Buka Layanan saya",
    },
    vi: {
      subject: "{{product}} của bạn hết hạn sau {{days}} ngày — {{company}}",
      heading: "Dịch vụ của bạn sắp hết hạn",
      body: "Xin chào {{name}},\n\nDịch vụ {{product}} của bạn hết hạn vào {{date}}, còn {{days}} ngày. Vui lòng gia hạn trong mục Dịch vụ của tôi để dịch vụ không bị gián đoạn; vài ngày trước khi hết hạn, hệ thống cũng sẽ tạo sẵn đơn gia hạn cho bạn.\n\nNếu không còn nhu cầu, bạn có thể để dịch vụ tự dừng khi hết kỳ hiện tại.",
      action: "Mở Dịch vụ của tôi",
    },
  },
  service_suspended: {
    en: {
      subject: "Your {{product}} is suspended — {{company}}",
      heading: "Your service is suspended",
      body: "Hello {{name}},\n\nYour {{product}} service expired and its grace period has ended without a renewal, so it is suspended.\n\nPay its renewal from My services to bring it back at once, from where it stopped. A service left suspended is terminated after a while.",
      action: "Renew now",
    },
    "zh-CN": {
      subject: "您的{{product}}已暂停 — {{company}}",
      heading: "您的服务已暂停",
      body: "{{name}}，您好：\n\n您的{{product}}服务已到期，宽限期内未续费，服务已暂停。\n\n在“我的服务”中支付续费即可立即恢复，有效期从原到期日起算。长期暂停的服务将被终止。",
      action: "立即续费",
    },
    "zh-TW": {
      subject: "您的「{{product}}」已暫停 — {{company}}",
      heading: "您的服務已暫停",
      body: "{{name}}，您好：\n\n您的「{{product}}」服務已到期，寬限期內未續約，服務已暫停。\n\n在「我的服務」中完成續約付款即可立即恢復，服務期限自原到期日起算。長期暫停的服務將被終止。",
      action: "立即續約",
    },
    id: {
      subject: "{{product}} Anda ditangguhkan — {{company}}",
      heading: "Layanan Anda ditangguhkan",
      body: "Halo {{name}},\n\nMasa aktif layanan {{product}} Anda telah berakhir dan masa tenggangnya habis tanpa perpanjangan, sehingga layanan kami tangguhkan.\n\nSilakan bayar perpanjangan melalui menu Layanan saya agar layanan langsung aktif kembali; masa aktif baru dihitung dari tanggal berakhir sebelumnya. Layanan yang terlalu lama ditangguhkan akan dihentikan.",
      action: "Perpanjang sekarang",
    },
    vi: {
      subject: "{{product}} của bạn đã bị tạm ngưng — {{company}}",
      heading: "Dịch vụ của bạn đã bị tạm ngưng",
      body: "Xin chào {{name}},\n\nDịch vụ {{product}} của bạn đã hết hạn và hết thời gian ân hạn mà chưa được gia hạn, nên đã bị tạm ngưng.\n\nVui lòng thanh toán đơn gia hạn trong mục Dịch vụ của tôi để khôi phục dịch vụ ngay; thời hạn mới được tính tiếp từ ngày hết hạn cũ. Dịch vụ bị tạm ngưng quá lâu sẽ bị chấm dứt.",
      action: "Gia hạn ngay",
    },
  },
  service_suspended_overage: {
    en: {
      subject: "Your {{product}} is suspended: order {{orderNo}} is unpaid — {{company}}",
      heading: "Your service is suspended",
      body: "Hello {{name}},\n\nOrder {{orderNo}}, for the bandwidth your {{product}} package used beyond what it includes, has been unpaid for {{days}} days, so the package is suspended.\n\nAmount: {{amount}}\n\nPay it from My orders in the console and the package is back at once. A service left suspended is terminated after a while.",
      action: "Pay the order",
    },
    "zh-CN": {
      subject: "您的{{product}}已暂停：订单 {{orderNo}} 未支付 — {{company}}",
      heading: "您的服务已暂停",
      body: "{{name}}，您好：\n\n订单 {{orderNo}} 是您的{{product}}套餐超出套餐带宽部分的费用，已 {{days}} 天未支付，因此套餐已暂停。\n\n金额：{{amount}}\n\n在控制台“我的订单”中完成支付后，套餐将立即恢复。长期暂停的服务将被终止。",
      action: "支付订单",
    },
    "zh-TW": {
      subject: "您的{{product}}已暫停：訂單 {{orderNo}} 尚未付款 — {{company}}",
      heading: "您的服務已暫停",
      body: "{{name}}，您好：\n\n訂單 {{orderNo}} 是您的{{product}}方案超出方案頻寬部分的費用，已 {{days}} 天未付款，因此方案已暫停。\n\n金額：{{amount}}\n\n在主控台的「我的訂單」完成付款後，方案會立即恢復。長期暫停的服務將會終止。",
      action: "前往付款",
    },
    id: {
      subject: "{{product}} Anda ditangguhkan: pesanan {{orderNo}} belum dibayar — {{company}}",
      heading: "Layanan Anda ditangguhkan",
      body: "Halo {{name}},\n\nPesanan {{orderNo}}, untuk bandwidth paket {{product}} Anda yang melebihi batas paket, belum dibayar selama {{days}} hari, sehingga paket ditangguhkan.\n\nJumlah: {{amount}}\n\nBayar melalui menu Pesanan saya di konsol dan paket langsung aktif kembali. Layanan yang lama ditangguhkan akan dihentikan.",
      action: "Bayar sekarang",
    },
    vi: {
      subject: "{{product}} của bạn bị tạm ngưng: đơn hàng {{orderNo}} chưa thanh toán — {{company}}",
      heading: "Dịch vụ của bạn bị tạm ngưng",
      body: "Xin chào {{name}},\n\nĐơn hàng {{orderNo}}, cho phần băng thông gói {{product}} của bạn đã dùng vượt gói, chưa được thanh toán sau {{days}} ngày, nên gói đã bị tạm ngưng.\n\nSố tiền: {{amount}}\n\nThanh toán trong mục Đơn hàng của tôi trên bảng điều khiển, gói sẽ hoạt động lại ngay. Dịch vụ bị tạm ngưng lâu sẽ bị chấm dứt.",
      action: "Thanh toán đơn hàng",
    },
  },
  service_terminated: {
    en: {
      subject: "Your {{product}} has ended — {{company}}",
      heading: "Your service has ended",
      body: "Hello {{name}},\n\nYour {{product}} service has been terminated, and its configuration is no longer kept. Any unpaid renewal order of it has been closed.\n\nYou can buy a new package at any time from the price pages.",
    },
    "zh-CN": {
      subject: "您的{{product}}已终止 — {{company}}",
      heading: "您的服务已终止",
      body: "{{name}}，您好：\n\n您的{{product}}服务已终止，其配置不再保留，相关的未支付续费订单已关闭。\n\n您可以随时在价格页购买新的套餐。",
    },
    "zh-TW": {
      subject: "您的「{{product}}」已終止 — {{company}}",
      heading: "您的服務已終止",
      body: "{{name}}，您好：\n\n您的「{{product}}」服務已終止，其設定不再保留，相關的未付款續約訂單已關閉。\n\n您可以隨時在價格頁購買新的方案。",
    },
    id: {
      subject: "{{product}} Anda telah dihentikan — {{company}}",
      heading: "Layanan Anda telah dihentikan",
      body: "Halo {{name}},\n\nLayanan {{product}} Anda telah dihentikan dan pengaturannya tidak lagi kami simpan. Pesanan perpanjangan yang belum dibayar telah ditutup.\n\nAnda dapat membeli paket baru kapan saja melalui halaman harga.",
    },
    vi: {
      subject: "{{product}} của bạn đã chấm dứt — {{company}}",
      heading: "Dịch vụ của bạn đã chấm dứt",
      body: "Xin chào {{name}},\n\nDịch vụ {{product}} của bạn đã bị chấm dứt và cấu hình không còn được lưu. Đơn gia hạn chưa thanh toán của dịch vụ đã được đóng.\n\nBạn có thể mua gói mới bất cứ lúc nào từ trang giá.",
    },
  },
  service_held: {
    en: {
      subject: "Your {{product}} is suspended — {{company}}",
      heading: "We have suspended your service",
      body: "Hello {{name}},\n\nOur team has suspended your {{product}} service for this reason:\n\n{{reason}}\n\nIt stays suspended until we lift it: paying a renewal keeps its period but does not bring it back. Reply to this mail or contact us to resolve it.",
      action: "Open My services",
    },
    "zh-CN": {
      subject: "您的{{product}}已被暂停 — {{company}}",
      heading: "我们已暂停您的服务",
      body: "{{name}}，您好：\n\n我们的团队已暂停您的{{product}}服务，原因如下：\n\n{{reason}}\n\n在我们解除之前服务将保持暂停；支付续费可保留有效期，但不会恢复服务。请回复此邮件或联系我们处理。",
      action: "打开我的服务",
    },
    "zh-TW": {
      subject: "您的「{{product}}」已被暫停 — {{company}}",
      heading: "我們已暫停您的服務",
      body: "{{name}}，您好：\n\n我們的團隊已暫停您的「{{product}}」服務，原因如下：\n\n{{reason}}\n\n在我們解除之前服務將保持暫停；支付續約費用可保留服務期限，但不會恢復服務。請回覆此郵件或與我們聯絡處理。",
      action: "開啟我的服務",
    },
    id: {
      subject: "{{product}} Anda ditangguhkan — {{company}}",
      heading: "Kami menangguhkan layanan Anda",
      body: "Halo {{name}},\n\nTim kami menangguhkan layanan {{product}} Anda dengan alasan berikut:\n\n{{reason}}\n\nLayanan tetap ditangguhkan sampai kami mencabut penangguhannya. Membayar perpanjangan akan menjaga masa aktifnya, tetapi tidak mengaktifkan layanan kembali. Silakan balas email ini atau hubungi kami untuk menyelesaikannya.",
      action: "Buka Layanan saya",
    },
    vi: {
      subject: "{{product}} của bạn đã bị tạm ngưng — {{company}}",
      heading: "Chúng tôi đã tạm ngưng dịch vụ của bạn",
      body: "Xin chào {{name}},\n\nĐội ngũ của chúng tôi đã tạm ngưng dịch vụ {{product}} của bạn vì lý do sau:\n\n{{reason}}\n\nDịch vụ sẽ bị tạm ngưng cho đến khi chúng tôi mở lại. Việc thanh toán gia hạn vẫn giữ nguyên thời hạn sử dụng nhưng không khôi phục dịch vụ. Vui lòng trả lời email này hoặc liên hệ với chúng tôi để được hỗ trợ.",
      action: "Mở Dịch vụ của tôi",
    },
  },
  service_resumed: {
    en: {
      subject: "Your {{product}} is back — {{company}}",
      heading: "Your service is running again",
      body: "Hello {{name}},\n\nThe suspension of your {{product}} service has been lifted: it is served again, until {{date}}.",
      action: "Open My services",
    },
    "zh-CN": {
      subject: "您的{{product}}已恢复 — {{company}}",
      heading: "您的服务已恢复运行",
      body: "{{name}}，您好：\n\n您的{{product}}服务已解除暂停，现已恢复服务，有效期至 {{date}}。",
      action: "打开我的服务",
    },
    "zh-TW": {
      subject: "您的「{{product}}」已恢復 — {{company}}",
      heading: "您的服務已恢復運作",
      body: "{{name}}，您好：\n\n您的「{{product}}」服務已解除暫停並恢復運作，服務期限至 {{date}}。",
      action: "開啟我的服務",
    },
    id: {
      subject: "{{product}} Anda aktif kembali — {{company}}",
      heading: "Layanan Anda aktif kembali",
      body: "Halo {{name}},\n\nPenangguhan layanan {{product}} Anda telah dicabut. Layanan kembali aktif dan berlaku hingga {{date}}.",
      action: "Buka Layanan saya",
    },
    vi: {
      subject: "{{product}} của bạn đã hoạt động trở lại — {{company}}",
      heading: "Dịch vụ của bạn đã hoạt động trở lại",
      body: "Xin chào {{name}},\n\nDịch vụ {{product}} của bạn đã được mở lại và hoạt động bình thường, thời hạn sử dụng đến {{date}}.",
      action: "Mở Dịch vụ của tôi",
    },
  },
  webhook_disabled: {
    en: {
      subject: "A webhook endpoint was switched off — {{company}}",
      heading: "Your platform is no longer being told",
      body: "Hello {{name}},\n\nThe endpoint {{url}} has failed every delivery since {{since}}, so it has been switched off: your platform hears of no new orders or service changes until it is on again.\n\nCheck the endpoint, then switch it on in System → Webhooks and replay the failed messages from its delivery history.",
      action: "Open Webhooks",
    },
    "zh-CN": {
      subject: "Webhook 端点已被停用 — {{company}}",
      heading: "您的平台已不再收到通知",
      body: "{{name}}，您好：\n\n端点 {{url}} 自 {{since}} 起每次投递均失败，已被停用：在重新启用之前，您的平台不会收到新的订单或服务变更。\n\n请检查该端点，然后在“系统管理 → Webhook 通知”中重新启用，并从投递记录中重新投递失败的消息。",
      action: "打开 Webhook 通知",
    },
    "zh-TW": {
      subject: "Webhook 端點已被停用 — {{company}}",
      heading: "您的平台已不再收到通知",
      body: "{{name}}，您好：\n\n端點 {{url}} 自 {{since}} 起每次傳送皆失敗，已被停用：在重新啟用之前，您的平台不會收到新的訂單或服務變更。\n\n請檢查該端點，然後在「系統管理 → Webhook 通知」中重新啟用，並從傳送紀錄中重新傳送失敗的訊息。",
      action: "開啟 Webhook 通知",
    },
    id: {
      subject: "Endpoint webhook dinonaktifkan — {{company}}",
      heading: "Platform Anda tidak lagi menerima notifikasi",
      body: "Halo {{name}},\n\nSejak {{since}}, setiap pengiriman ke endpoint {{url}} gagal, sehingga endpoint tersebut kami nonaktifkan. Sampai diaktifkan kembali, platform Anda tidak akan menerima pesanan atau perubahan layanan baru.\n\nSilakan periksa endpoint tersebut, aktifkan kembali di Manajemen sistem → Webhook, lalu kirim ulang pesan yang gagal dari riwayat pengirimannya.",
      action: "Buka Webhook",
    },
    vi: {
      subject: "Điểm nhận webhook đã bị tắt — {{company}}",
      heading: "Nền tảng của bạn không còn nhận được thông báo",
      body: "Xin chào {{name}},\n\nKể từ {{since}}, mọi lần gửi tới điểm nhận {{url}} đều thất bại, nên điểm nhận đã bị tắt: nền tảng của bạn sẽ không nhận được đơn hàng hay thay đổi dịch vụ mới cho đến khi được bật lại.\n\nVui lòng kiểm tra điểm nhận, bật lại trong Quản lý hệ thống → Webhook, rồi gửi lại các thông điệp thất bại từ lịch sử gửi.",
      action: "Mở Webhook",
    },
  },
  provisioning_overdue: {
    en: {
      subject: "Paid, not set up: {{product}} of {{customer}} — {{company}}",
      heading: "A paid service is waiting to be set up",
      body: 'Hello {{name}},\n\n{{customer}} paid for {{product}} (order {{orderNo}}), and your platform has not confirmed setting it up within {{minutes}} minutes.\n\nCheck the platform\'s delivery history in System → Webhooks, or set the service up by hand. It is listed under "overdue set-up" in Business → Services.',
      action: "Open Services",
    },
    "zh-CN": {
      subject: "已付款未开通：{{customer}} 的{{product}} — {{company}}",
      heading: "一项已付款的服务等待开通",
      body: "{{name}}，您好：\n\n{{customer}} 已为{{product}}付款（订单 {{orderNo}}），但您的平台在 {{minutes}} 分钟内未确认开通。\n\n请在“系统管理 → Webhook 通知”中查看平台的投递记录，或手动开通该服务。它已列在“业务运营 → 服务管理”的“开通超时”中。",
      action: "打开服务管理",
    },
    "zh-TW": {
      subject: "已付款未開通：{{customer}} 的「{{product}}」 — {{company}}",
      heading: "一項已付款的服務等待開通",
      body: "{{name}}，您好：\n\n{{customer}} 已為「{{product}}」付款（訂單 {{orderNo}}），但您的平台在 {{minutes}} 分鐘內未確認開通。\n\n請在「系統管理 → Webhook 通知」中查看平台的傳送紀錄，或手動開通此服務。它已列在「業務營運 → 服務管理」的「開通逾時」中。",
      action: "開啟服務管理",
    },
    id: {
      subject: "Dibayar, belum disiapkan: {{product}} milik {{customer}} — {{company}}",
      heading: "Layanan yang sudah dibayar menunggu disiapkan",
      body: 'Halo {{name}},\n\n{{customer}} telah membayar {{product}} (pesanan {{orderNo}}), tetapi platform Anda belum mengonfirmasi penyiapannya dalam {{minutes}} menit.\n\nSilakan periksa riwayat pengiriman platform di Manajemen sistem → Webhook, atau siapkan layanan secara manual. Layanan ini tercantum di "penyiapan terlambat" pada Operasi bisnis → Layanan.',
      action: "Buka Layanan",
    },
    vi: {
      subject: "Đã thanh toán, chưa khởi tạo: {{product}} của {{customer}} — {{company}}",
      heading: "Một dịch vụ đã thanh toán đang chờ khởi tạo",
      body: 'Xin chào {{name}},\n\n{{customer}} đã thanh toán {{product}} (đơn {{orderNo}}), nhưng nền tảng của bạn chưa xác nhận khởi tạo trong vòng {{minutes}} phút.\n\nVui lòng xem lịch sử gửi của nền tảng trong Quản lý hệ thống → Webhook, hoặc khởi tạo dịch vụ thủ công. Dịch vụ được liệt kê ở mục "khởi tạo quá hạn" trong Vận hành kinh doanh → Dịch vụ.',
      action: "Mở Dịch vụ",
    },
  },
  monitor_down: {
    en: {
      subject: "Down: {{monitor}} — {{company}}",
      heading: "{{monitor}} is down",
      body: "Hello {{name}},\n\n{{url}} has failed every check since {{since}}: {{reason}}.\n\nWe keep checking it and will write again as soon as it answers. The response times and the incident are in Monitoring.",
      action: "Open Monitoring",
    },
    "zh-CN": {
      subject: "故障：{{monitor}} — {{company}}",
      heading: "{{monitor}} 无法访问",
      body: "{{name}}，您好：\n\n自 {{since}} 起，{{url}} 的每次检查均失败：{{reason}}。\n\n我们会继续检查，恢复后将立即通知您。响应时间和故障记录可在“网站监控”中查看。",
      action: "打开网站监控",
    },
    "zh-TW": {
      subject: "故障：{{monitor}} — {{company}}",
      heading: "{{monitor}} 無法連線",
      body: "{{name}}，您好：\n\n自 {{since}} 起，{{url}} 的每次檢查均失敗：{{reason}}。\n\n我們會繼續檢查，恢復後將立即通知您。回應時間和故障紀錄可在「網站監控」中查看。",
      action: "開啟網站監控",
    },
    id: {
      subject: "Gangguan: {{monitor}} — {{company}}",
      heading: "{{monitor}} tidak dapat diakses",
      body: "Halo {{name}},\n\nSejak {{since}}, {{url}} tidak dapat diakses pada setiap pemeriksaan kami. Penyebab: {{reason}}.\n\nKami akan terus memantaunya dan segera memberi tahu Anda begitu situs kembali merespons normal. Waktu respons dan riwayat gangguan dapat dilihat di menu Pemantauan.",
      action: "Buka Pemantauan",
    },
    vi: {
      subject: "Sự cố: {{monitor}} — {{company}}",
      heading: "{{monitor}} không truy cập được",
      body: "Xin chào {{name}},\n\nKể từ {{since}}, mọi lần kiểm tra {{url}} đều thất bại. Nguyên nhân: {{reason}}.\n\nChúng tôi vẫn tiếp tục theo dõi và sẽ báo cho bạn ngay khi trang hoạt động trở lại. Bạn có thể xem thời gian phản hồi và lịch sử sự cố trong mục Giám sát.",
      action: "Mở Giám sát",
    },
  },
  monitor_up: {
    en: {
      subject: "Up again: {{monitor}} — {{company}}",
      heading: "{{monitor}} is up again",
      body: "Hello {{name}},\n\n{{url}} answers as expected again. It was down from {{since}}, for about {{minutes}} minutes.\n\nThe incident is closed; its details stay in Monitoring.",
      action: "Open Monitoring",
    },
    "zh-CN": {
      subject: "已恢复：{{monitor}} — {{company}}",
      heading: "{{monitor}} 已恢复",
      body: "{{name}}，您好：\n\n{{url}} 已恢复正常响应。故障始于 {{since}}，持续约 {{minutes}} 分钟。\n\n该故障已关闭，详情仍可在“网站监控”中查看。",
      action: "打开网站监控",
    },
    "zh-TW": {
      subject: "已恢復：{{monitor}} — {{company}}",
      heading: "{{monitor}} 已恢復",
      body: "{{name}}，您好：\n\n{{url}} 已恢復正常回應。故障始於 {{since}}，持續約 {{minutes}} 分鐘。\n\n該故障已關閉，詳情仍可在「網站監控」中查看。",
      action: "開啟網站監控",
    },
    id: {
      subject: "Pulih: {{monitor}} — {{company}}",
      heading: "{{monitor}} telah pulih",
      body: "Halo {{name}},\n\n{{url}} sudah kembali merespons normal. Gangguan dimulai pada {{since}} dan berlangsung sekitar {{minutes}} menit.\n\nGangguan ini telah ditutup; rinciannya tetap dapat dilihat di menu Pemantauan.",
      action: "Buka Pemantauan",
    },
    vi: {
      subject: "Đã hoạt động lại: {{monitor}} — {{company}}",
      heading: "{{monitor}} đã hoạt động lại",
      body: "Xin chào {{name}},\n\n{{url}} đã phản hồi bình thường trở lại. Sự cố bắt đầu từ {{since}}, kéo dài khoảng {{minutes}} phút.\n\nSự cố đã được đóng; bạn vẫn có thể xem chi tiết trong mục Giám sát.",
      action: "Mở Giám sát",
    },
  },
  certificate_issued: {
    en: {
      subject: "Your certificate for {{names}} is ready — {{company}}",
      heading: "Your certificate is ready",
      body: "Hello {{name}},\n\nThe certificate for {{names}} has been issued and is valid until {{date}}.\n\nDownload it from Certificates (PEM for nginx and Apache, PFX for IIS and Tomcat). Certificates issued here renew themselves 30 days before they end; we write either way.",
      action: "Open Certificates",
    },
    "zh-CN": {
      subject: "您的 {{names}} 证书已签发 — {{company}}",
      heading: "证书已签发",
      body: "{{name}}，您好：\n\n{{names}} 的证书已签发，有效期至 {{date}}。\n\n请在“证书管理”中下载（nginx 和 Apache 使用 PEM，IIS 和 Tomcat 使用 PFX）。在此签发的证书会在到期前 30 天自动续期，结果都会通知您。",
      action: "打开证书管理",
    },
    "zh-TW": {
      subject: "您的 {{names}} 憑證已簽發 — {{company}}",
      heading: "憑證已簽發",
      body: "{{name}}，您好：\n\n{{names}} 的憑證已簽發，有效期限至 {{date}}。\n\n請在「憑證管理」中下載（nginx 與 Apache 使用 PEM，IIS 與 Tomcat 使用 PFX）。在此簽發的憑證會在到期前 30 天自動續期，無論成功與否都會通知您。",
      action: "開啟憑證管理",
    },
    id: {
      subject: "Sertifikat Anda untuk {{names}} sudah siap — {{company}}",
      heading: "Sertifikat Anda sudah siap",
      body: "Halo {{name}},\n\nSertifikat untuk {{names}} telah diterbitkan dan berlaku hingga {{date}}.\n\nSilakan unduh dari menu Sertifikat (PEM untuk nginx dan Apache, PFX untuk IIS dan Tomcat). Sertifikat yang diterbitkan di sini diperpanjang otomatis 30 hari sebelum berakhir, dan kami akan memberi tahu Anda hasilnya.",
      action: "Buka Sertifikat",
    },
    vi: {
      subject: "Chứng chỉ cho {{names}} đã sẵn sàng — {{company}}",
      heading: "Chứng chỉ của bạn đã sẵn sàng",
      body: "Xin chào {{name}},\n\nChứng chỉ cho {{names}} đã được cấp và có hiệu lực đến {{date}}.\n\nHãy tải về trong mục Chứng chỉ (PEM cho nginx và Apache, PFX cho IIS và Tomcat). Chứng chỉ cấp tại đây tự gia hạn 30 ngày trước khi hết hạn; chúng tôi sẽ báo kết quả dù thành công hay không.",
      action: "Mở Chứng chỉ",
    },
  },
  certificate_failed: {
    en: {
      subject: "The certificate for {{names}} could not be issued — {{company}}",
      heading: "The certificate could not be issued",
      body: "Hello {{name}},\n\nThe certificate authority did not issue the certificate for {{names}}: {{reason}}.\n\nCheck the records shown in Certificates and request it again. A certificate still in use keeps working until its end date.",
      action: "Open Certificates",
    },
    "zh-CN": {
      subject: "{{names}} 的证书未能签发 — {{company}}",
      heading: "证书未能签发",
      body: "{{name}}，您好：\n\n证书颁发机构未能签发 {{names}} 的证书：{{reason}}。\n\n请检查“证书管理”中显示的记录后重新申请。正在使用的证书在到期前仍然有效。",
      action: "打开证书管理",
    },
    "zh-TW": {
      subject: "{{names}} 的憑證未能簽發 — {{company}}",
      heading: "憑證未能簽發",
      body: "{{name}}，您好：\n\n憑證授權單位未能簽發 {{names}} 的憑證：{{reason}}。\n\n請檢查「憑證管理」中顯示的記錄，再重新申請。正在使用的憑證在到期前仍然有效。",
      action: "開啟憑證管理",
    },
    id: {
      subject: "Sertifikat untuk {{names}} tidak dapat diterbitkan — {{company}}",
      heading: "Sertifikat tidak dapat diterbitkan",
      body: "Halo {{name}},\n\nOtoritas sertifikat tidak dapat menerbitkan sertifikat untuk {{names}}. Penyebab: {{reason}}.\n\nSilakan periksa record yang ditampilkan di menu Sertifikat, lalu ajukan kembali. Sertifikat yang sedang digunakan tetap berlaku hingga tanggal berakhirnya.",
      action: "Buka Sertifikat",
    },
    vi: {
      subject: "Không thể cấp chứng chỉ cho {{names}} — {{company}}",
      heading: "Không thể cấp chứng chỉ",
      body: "Xin chào {{name}},\n\nTổ chức cấp chứng chỉ không thể cấp chứng chỉ cho {{names}}. Nguyên nhân: {{reason}}.\n\nVui lòng kiểm tra các bản ghi hiển thị trong mục Chứng chỉ rồi yêu cầu cấp lại. Chứng chỉ đang dùng vẫn hoạt động đến ngày hết hạn.",
      action: "Mở Chứng chỉ",
    },
  },
  certificate_expiring: {
    en: {
      subject: "The certificate for {{names}} ends in {{days}} days — {{company}}",
      heading: "A certificate ends soon",
      body: "Hello {{name}},\n\nThe certificate for {{names}} is valid until {{date}}, {{days}} days from now. Visitors see a security warning once it has ended.\n\nRenew it with your certificate authority and upload the new one, or request a free certificate in Certificates.",
      action: "Open Certificates",
    },
    "zh-CN": {
      subject: "{{names}} 的证书将在 {{days}} 天后到期 — {{company}}",
      heading: "证书即将到期",
      body: "{{name}}，您好：\n\n{{names}} 的证书有效期至 {{date}}，还剩 {{days}} 天。到期后访客将看到安全警告。\n\n请向您的证书颁发机构续期并上传新证书，或在“证书管理”中申请免费证书。",
      action: "打开证书管理",
    },
    "zh-TW": {
      subject: "{{names}} 的憑證將在 {{days}} 天後到期 — {{company}}",
      heading: "憑證即將到期",
      body: "{{name}}，您好：\n\n{{names}} 的憑證有效期限至 {{date}}，還剩 {{days}} 天。到期後訪客將看到安全警告。\n\n請向您的憑證授權單位續期並上傳新憑證，或在「憑證管理」中申請免費憑證。",
      action: "開啟憑證管理",
    },
    id: {
      subject: "Sertifikat untuk {{names}} berakhir dalam {{days}} hari — {{company}}",
      heading: "Sertifikat segera berakhir",
      body: "Halo {{name}},\n\nSertifikat untuk {{names}} berlaku hingga {{date}}, {{days}} hari lagi. Pengunjung akan melihat peringatan keamanan setelah sertifikat berakhir.\n\nSilakan perpanjang di otoritas sertifikat Anda dan unggah sertifikat yang baru, atau ajukan sertifikat gratis di menu Sertifikat.",
      action: "Buka Sertifikat",
    },
    vi: {
      subject: "Chứng chỉ cho {{names}} hết hạn sau {{days}} ngày — {{company}}",
      heading: "Chứng chỉ sắp hết hạn",
      body: "Xin chào {{name}},\n\nChứng chỉ cho {{names}} có hiệu lực đến {{date}}, còn {{days}} ngày. Sau khi hết hạn, khách truy cập sẽ thấy cảnh báo bảo mật.\n\nHãy gia hạn với tổ chức cấp chứng chỉ và tải lên chứng chỉ mới, hoặc yêu cầu chứng chỉ miễn phí trong mục Chứng chỉ.",
      action: "Mở Chứng chỉ",
    },
  },
  certificate_renewal_action: {
    en: {
      subject: "Renewing {{names}} needs your action — {{company}}",
      heading: "Your renewal needs a new proof of control",
      body: "Hello {{name}},\n\nThe certificate for {{names}} is being renewed. The certificate authority asks for a new proof of control of each name: put these in place (TXT records at your DNS provider, or files on your website, as when it was issued).\n\n{{records}}\n\nWe check them every day and finish the renewal as soon as they are there; you can also press Check in Certificates. The current certificate keeps working until it ends.",
      action: "Open Certificates",
    },
    "zh-CN": {
      subject: "续期 {{names}} 需要您操作 — {{company}}",
      heading: "续期需要新的域名控制权验证",
      body: "{{name}}，您好：\n\n{{names}} 的证书正在续期。证书颁发机构需要对每个域名重新验证控制权：请按签发时的方式添加以下内容（在 DNS 服务商处添加 TXT 记录，或在网站上放置文件）。\n\n{{records}}\n\n我们每天检查，就绪后立即完成续期；您也可以在“证书管理”中点击“检查”。当前证书在到期前仍然有效。",
      action: "打开证书管理",
    },
    "zh-TW": {
      subject: "續期 {{names}} 需要您處理 — {{company}}",
      heading: "續期需要新的網域控制權驗證",
      body: "{{name}}，您好：\n\n{{names}} 的憑證正在續期。憑證授權單位需要對每個網域重新驗證控制權：請依簽發時的方式設定以下內容（在 DNS 服務供應商處新增 TXT 記錄，或在網站上放置檔案）。\n\n{{records}}\n\n我們每天檢查，就緒後立即完成續期；您也可以在「憑證管理」中按「檢查」。目前的憑證在到期前仍然有效。",
      action: "開啟憑證管理",
    },
    id: {
      subject: "Perpanjangan {{names}} memerlukan tindakan Anda — {{company}}",
      heading: "Perpanjangan memerlukan verifikasi ulang kepemilikan domain",
      body: "Halo {{name}},\n\nSertifikat untuk {{names}} sedang diperpanjang, dan otoritas sertifikat meminta verifikasi ulang kepemilikan setiap domain. Silakan pasang record atau berkas berikut dengan cara yang sama seperti saat sertifikat diterbitkan (record TXT di penyedia DNS Anda, atau berkas di situs web Anda).\n\n{{records}}\n\nKami memeriksanya setiap hari dan akan menyelesaikan perpanjangan segera setelah semuanya siap; Anda juga dapat menekan Periksa di menu Sertifikat. Sertifikat yang sekarang tetap berlaku hingga tanggal berakhirnya.",
      action: "Buka Sertifikat",
    },
    vi: {
      subject: "Gia hạn {{names}} cần bạn thao tác — {{company}}",
      heading: "Cần xác minh lại quyền sở hữu tên miền để gia hạn",
      body: "Xin chào {{name}},\n\nChứng chỉ cho {{names}} đang được gia hạn. Tổ chức cấp chứng chỉ yêu cầu xác minh lại quyền sở hữu từng tên miền. Vui lòng thêm các nội dung sau theo cách bạn đã làm khi được cấp chứng chỉ (bản ghi TXT tại nhà cung cấp DNS, hoặc tệp trên website).\n\n{{records}}\n\nChúng tôi kiểm tra mỗi ngày và hoàn tất gia hạn ngay khi sẵn sàng; bạn cũng có thể nhấn Kiểm tra trong mục Chứng chỉ. Chứng chỉ hiện tại vẫn hoạt động đến khi hết hạn.",
      action: "Mở Chứng chỉ",
    },
  },
  ...USAGE_MAIL_TEXTS,
  ...BALANCE_MAIL_TEXTS,
  ...SUPPORT_MAIL_TEXTS,
  ...NOTIFICATION_MAIL_TEXTS,
};

/** The placeholders a text uses that its event does not fill (none in a good text). */
export function unknownPlaceholders(event: MailEvent, text: MailText): string[] {
  const known = new Set<string>(MAIL_EVENTS[event]);
  const used = [text.subject, text.heading, text.body, text.action ?? ""].flatMap((part) =>
    [...part.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1]!),
  );
  return [...new Set(used.filter((name) => !known.has(name)))];
}

/** A text with its placeholders filled from the values' own properties (plain text; the layout escapes them). */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}
