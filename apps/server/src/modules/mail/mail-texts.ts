import type { Language } from "@rampart/contracts";

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
  account_locked: ["name", "company", "minutes", "ip"],
  lead_received: ["name", "company", "contact"],
} as const satisfies Record<string, readonly string[]>;

export type MailEvent = keyof typeof MAIL_EVENTS;
export type MailValues<E extends MailEvent> = Record<(typeof MAIL_EVENTS)[E][number], string>;

export const MAIL_TEXTS: Record<MailEvent, Record<Language, MailText>> = {
  password_reset: {
    en: {
      subject: "Reset your {{company}} password",
      heading: "Reset your password",
      body: "Hello {{name}},\n\nSomeone (we hope you) asked to reset the password of your {{company}} account. The button below lets you choose a new one; it works once, for {{minutes}} minutes.\n\nIf you did not ask, ignore this mail: your password stays as it is.",
      action: "Choose a new password",
    },
    "zh-CN": {
      subject: "重置您的 {{company}} 密码",
      heading: "重置密码",
      body: "{{name}}，您好：\n\n有人（希望是您本人）申请重置您在 {{company}} 的账号密码。点击下方按钮即可设置新密码；链接仅可使用一次，{{minutes}} 分钟内有效。\n\n如果不是您本人操作，请忽略此邮件，您的密码不会改变。",
      action: "设置新密码",
    },
    "zh-TW": {
      subject: "重設您的 {{company}} 密碼",
      heading: "重設密碼",
      body: "{{name}}，您好：\n\n有人（希望是您本人）申請重設您在 {{company}} 的帳號密碼。點擊下方按鈕即可設定新密碼；連結僅能使用一次，{{minutes}} 分鐘內有效。\n\n如果不是您本人操作，請忽略此郵件，您的密碼不會改變。",
      action: "設定新密碼",
    },
    id: {
      subject: "Atur ulang kata sandi {{company}} Anda",
      heading: "Atur ulang kata sandi",
      body: "Halo {{name}},\n\nSeseorang (semoga Anda) meminta pengaturan ulang kata sandi akun {{company}} Anda. Tombol di bawah memungkinkan Anda memilih kata sandi baru; tombol ini hanya berlaku sekali, selama {{minutes}} menit.\n\nJika Anda tidak memintanya, abaikan email ini: kata sandi Anda tetap sama.",
      action: "Pilih kata sandi baru",
    },
    vi: {
      subject: "Đặt lại mật khẩu {{company}} của bạn",
      heading: "Đặt lại mật khẩu",
      body: "Xin chào {{name}},\n\nCó người (hy vọng là bạn) yêu cầu đặt lại mật khẩu tài khoản {{company}} của bạn. Nút bên dưới cho phép bạn chọn mật khẩu mới; nút chỉ dùng được một lần, trong {{minutes}} phút.\n\nNếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu của bạn vẫn giữ nguyên.",
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
      body: "Halo {{name}},\n\nKata sandi akun {{company}} Anda diubah pada {{time}} dari alamat {{ip}}, dan semua sesi yang masuk dengan kata sandi lama telah diakhiri.\n\nJika ini bukan Anda, segera atur ulang kata sandi dan hubungi kami.",
    },
    vi: {
      subject: "Mật khẩu {{company}} của bạn đã được thay đổi",
      heading: "Mật khẩu của bạn đã được thay đổi",
      body: "Xin chào {{name}},\n\nMật khẩu tài khoản {{company}} của bạn đã được thay đổi lúc {{time}} từ địa chỉ {{ip}}, và mọi phiên đăng nhập bằng mật khẩu cũ đã kết thúc.\n\nNếu đó không phải là bạn, hãy đặt lại mật khẩu ngay và liên hệ với chúng tôi.",
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
      subject: "您的 {{company}} 帳號已鎖定登入 {{minutes}} 分鐘",
      heading: "密碼錯誤次數過多",
      body: "{{name}}，您好：\n\n您的 {{company}} 帳號連續五次輸入錯誤密碼，最後一次來自 IP {{ip}}。登入已鎖定 {{minutes}} 分鐘，之後使用正確密碼即可登入。\n\n如果不是您本人操作，可能有人在猜測您的密碼：請設定更長的密碼，或在個人中心啟用兩步驟驗證登入。",
    },
    id: {
      subject: "Masuk ke akun {{company}} Anda dikunci selama {{minutes}} menit",
      heading: "Terlalu banyak kata sandi salah",
      body: "Halo {{name}},\n\nLima kata sandi salah berturut-turut dicoba untuk akun {{company}} Anda, yang terakhir dari alamat {{ip}}. Proses masuk dikunci selama {{minutes}} menit; setelah itu dapat masuk lagi dengan kata sandi yang benar.\n\nJika ini bukan Anda, mungkin ada yang menebak kata sandi Anda: pilih kata sandi yang lebih panjang, atau aktifkan verifikasi dua langkah di pusat pribadi.",
    },
    vi: {
      subject: "Đăng nhập vào tài khoản {{company}} của bạn bị khóa trong {{minutes}} phút",
      heading: "Nhập sai mật khẩu quá nhiều lần",
      body: "Xin chào {{name}},\n\nTài khoản {{company}} của bạn vừa bị nhập sai mật khẩu năm lần liên tiếp, lần cuối từ địa chỉ {{ip}}. Đăng nhập bị khóa trong {{minutes}} phút; sau đó có thể đăng nhập lại bằng mật khẩu đúng.\n\nNếu đó không phải là bạn, có thể ai đó đang đoán mật khẩu của bạn: hãy chọn mật khẩu dài hơn, hoặc bật xác minh hai bước trong trang cá nhân.",
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
      heading: "兩步驟驗證已被重設",
      body: "{{name}}，您好：\n\n管理員已於 {{time}} 移除您在 {{company}} 帳號的兩步驟驗證登入及其復原碼。下次登入只需輸入密碼；請在個人中心重新設定驗證器。\n\n如果這不是您申請的，請立即與我們聯絡。",
    },
    id: {
      subject: "Verifikasi dua langkah dihapus dari akun {{company}} Anda",
      heading: "Faktor kedua Anda telah direset",
      body: "Halo {{name}},\n\nSeorang administrator menghapus verifikasi dua langkah akun {{company}} Anda pada {{time}}, beserta kode pemulihannya. Saat masuk berikutnya hanya kata sandi yang diminta; siapkan autentikator lagi di pusat pribadi.\n\nJika Anda tidak memintanya, segera hubungi kami.",
    },
    vi: {
      subject: "Xác minh hai bước đã bị gỡ khỏi tài khoản {{company}} của bạn",
      heading: "Yếu tố thứ hai của bạn đã được đặt lại",
      body: "Xin chào {{name}},\n\nMột quản trị viên đã gỡ xác minh hai bước của tài khoản {{company}} của bạn lúc {{time}}, cùng các mã khôi phục. Lần đăng nhập tới chỉ cần mật khẩu; hãy thiết lập lại ứng dụng xác thực trong trang cá nhân.\n\nNếu bạn không yêu cầu việc này, hãy liên hệ với chúng tôi ngay.",
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
      body: "姓名：{{name}}\n聯絡方式：{{contact}}\n產品：{{product}}\n\n{{content}}\n\n此名單在「業務管理 → 潛在客戶」中等待處理，聯絡客戶後請標記為已聯絡。",
      action: "查看潛在客戶",
    },
    id: {
      subject: "Permintaan baru dari {{name}} — {{product}}",
      heading: "Permintaan baru di {{company}}",
      body: "Nama: {{name}}\nKontak: {{contact}}\nProduk: {{product}}\n\n{{content}}\n\nPermintaan ini menunggu di Bisnis → Prospek: tandai sudah dihubungi setelah Anda berbicara dengannya.",
      action: "Buka prospek",
    },
    vi: {
      subject: "Yêu cầu mới từ {{name}} — {{product}}",
      heading: "Yêu cầu mới trên {{company}}",
      body: "Tên: {{name}}\nLiên hệ: {{contact}}\nSản phẩm: {{product}}\n\n{{content}}\n\nYêu cầu đang chờ trong Kinh doanh → Khách hàng tiềm năng: hãy đánh dấu đã liên hệ sau khi trao đổi.",
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
      body: "我們已收到您的諮詢，審核通過後將透過 {{contact}} 與您聯絡，通常在一個工作天內。\n\n在此期間您無需進行任何操作。",
    },
    id: {
      subject: "Permintaan Anda sudah kami terima — {{company}}",
      heading: "Terima kasih, {{name}}",
      body: "Kami telah menerima permintaan Anda dan akan menghubungi Anda melalui {{contact}} setelah ditinjau, biasanya dalam satu hari kerja.\n\nSementara itu Anda tidak perlu melakukan apa pun.",
    },
    vi: {
      subject: "Chúng tôi đã nhận được yêu cầu của bạn — {{company}}",
      heading: "Cảm ơn bạn, {{name}}",
      body: "Chúng tôi đã nhận được yêu cầu của bạn và sẽ liên hệ qua {{contact}} sau khi xem xét, thường trong vòng một ngày làm việc.\n\nTrong thời gian này bạn không cần làm gì thêm.",
    },
  },
};

/** The placeholders a text uses that its event does not fill (none in a good text). */
export function unknownPlaceholders(event: MailEvent, text: MailText): string[] {
  const known = new Set<string>(MAIL_EVENTS[event]);
  const used = [text.subject, text.heading, text.body, text.action ?? ""].flatMap((part) =>
    [...part.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1]!),
  );
  return [...new Set(used.filter((name) => !known.has(name)))];
}

/** A moment as mails write it: "2026-11-25 15:00 UTC" (the same for every reader, whatever their zone). */
export function mailTime(at: Date): string {
  return `${at.toISOString().replace("T", " ").slice(0, 16)} UTC`;
}

/** A text with its placeholders filled (values are plain text; the layout escapes them). */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-z]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
