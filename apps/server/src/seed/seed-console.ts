import {
  ADMIN_ROLE,
  CERTIFICATES_PER_CUSTOMER,
  DEFAULT_ROLE,
  MONITORS_PER_CUSTOMER,
  OPERATOR_ROLE,
  type Permission,
} from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  type LocalizedText,
  sysConfig,
  sysDictData,
  sysDictType,
  sysMenu,
  sysRole,
  sysRoleMenu,
  sysUser,
  sysUserRole,
} from "../db/schema.ts";
import { EMAIL_VERIFICATION_SETTING } from "../modules/auth/email-verification.ts";
import { PURGE_SETTING_SEEDS } from "../modules/cache-purge/purge-settings.ts";
import { CERTIFICATE_LIMIT_SETTING } from "../modules/certificates/acme-orders.ts";
import { CNAME_PATTERN_DEFAULTS, CNAME_PATTERN_SETTINGS, type DomainProduct } from "../modules/domains/domain-rules.ts";
import { MONITOR_LIMIT_SETTING } from "../modules/uptime/monitor-rules.ts";
import { USAGE_SETTING_SEEDS } from "../modules/usage-alerts/at-full-setting.ts";

/** A text in the five interface languages, in their order: en, zh-CN, zh-TW, id, vi. */
const t = (en: string, zhCN: string, zhTW: string, id: string, vi: string): LocalizedText => ({
  en,
  "zh-CN": zhCN,
  "zh-TW": zhTW,
  id,
  vi,
});

interface MenuSeed {
  type: "M" | "C" | "F";
  title: LocalizedText;
  path?: string;
  component?: string;
  perms?: Permission;
  icon?: string;
  hidden?: boolean;
  isExternal?: boolean;
  /** Which seeded roles get the entry besides admin (who gets everything). */
  roles?: readonly string[];
  children?: MenuSeed[];
}

const button = (perms: Permission, title: LocalizedText, roles?: readonly string[]): MenuSeed => ({
  type: "F",
  perms,
  title,
  ...(roles ? { roles } : {}),
});

const ADD = t("Add", "新增", "新增", "Tambah", "Thêm");
const EDIT = t("Edit", "修改", "修改", "Ubah", "Sửa");
const REMOVE = t("Delete", "删除", "刪除", "Hapus", "Xóa");
const QUERY = t("Query", "查询", "查詢", "Cari", "Tra cứu");
const EXPORT = t("Export", "导出", "匯出", "Ekspor", "Xuất");
const TEST_SEND = t("Send a test", "发送测试邮件", "寄送測試郵件", "Kirim uji", "Gửi thử");

const OPS = [OPERATOR_ROLE] as const;
const EVERYONE = [OPERATOR_ROLE, DEFAULT_ROLE] as const;

/**
 * The console's menus, seeded on first start. Root directories are the top menu: the control
 * center for everyone, the others only with their `*:manage:query`-style permission.
 */
export const CONSOLE_MENUS: MenuSeed[] = [
  {
    type: "M",
    path: "control",
    icon: "dashboard",
    title: t("Control center", "控制中心", "控制中心", "Pusat kontrol", "Trung tâm điều khiển"),
    roles: EVERYONE,
    children: [
      {
        type: "C",
        path: "customer",
        component: "control/customer/index",
        icon: "home",
        title: t("Overview", "概览", "總覽", "Ikhtisar", "Tổng quan"),
        roles: EVERYONE,
      },
      {
        type: "C",
        path: "orders",
        component: "control/orders/index",
        icon: "order",
        title: t("My orders", "我的订单", "我的訂單", "Pesanan saya", "Đơn hàng của tôi"),
        roles: EVERYONE,
      },
      {
        type: "C",
        path: "services",
        component: "control/services/index",
        icon: "service",
        title: t("My services", "我的服务", "我的服務", "Layanan saya", "Dịch vụ của tôi"),
        roles: EVERYONE,
      },
      {
        type: "C",
        path: "balance",
        component: "control/balance/index",
        icon: "wallet",
        title: t("Balance", "余额", "餘額", "Saldo", "Số dư"),
        roles: EVERYONE,
      },
      {
        type: "C",
        path: "monitors",
        component: "control/monitors/index",
        icon: "uptime",
        title: t("Monitoring", "网站监控", "網站監控", "Pemantauan", "Giám sát"),
        roles: EVERYONE,
      },
      {
        type: "C",
        path: "certificates",
        component: "control/certificates/index",
        icon: "certificate",
        title: t("Certificates", "证书管理", "憑證管理", "Sertifikat", "Chứng chỉ"),
        roles: EVERYONE,
      },
      {
        type: "C",
        path: "support",
        component: "control/support/index",
        icon: "support",
        title: t("Support", "工单支持", "客服工單", "Dukungan", "Hỗ trợ"),
        roles: EVERYONE,
      },
      {
        type: "C",
        path: "services/domains",
        component: "control/domains/index",
        icon: "international",
        hidden: true,
        title: t("Package domains", "套餐域名", "方案網域", "Domain paket", "Tên miền của gói"),
        roles: EVERYONE,
      },
      {
        type: "C",
        path: "services/usage",
        component: "control/usage/index",
        icon: "chart",
        hidden: true,
        title: t("Package usage", "套餐用量", "方案用量", "Pemakaian paket", "Mức sử dụng của gói"),
        roles: EVERYONE,
      },
      {
        type: "C",
        path: "customers/edit",
        component: "control/customers/edit",
        hidden: true,
        perms: "system:user:edit",
        title: t("Edit customer", "编辑客户", "編輯客戶", "Ubah pelanggan", "Sửa khách hàng"),
        roles: OPS,
      },
    ],
  },
  {
    type: "M",
    path: "system",
    icon: "system",
    perms: "system:manage:query",
    title: t("System management", "系统管理", "系統管理", "Manajemen sistem", "Quản lý hệ thống"),
    roles: OPS,
    children: [
      {
        type: "C",
        path: "user",
        component: "system/user/index",
        icon: "user",
        perms: "system:user:list",
        title: t("Users", "用户管理", "使用者管理", "Pengguna", "Người dùng"),
        roles: OPS,
        children: [
          button("system:user:query", QUERY, OPS),
          button("system:user:add", ADD),
          button("system:user:edit", EDIT, OPS),
          button("system:user:remove", REMOVE),
          button("system:user:export", EXPORT, OPS),
          button(
            "system:user:resetPwd",
            t("Reset password", "重置密码", "重設密碼", "Atur ulang kata sandi", "Đặt lại mật khẩu"),
          ),
        ],
      },
      {
        type: "C",
        path: "role",
        component: "system/role/index",
        icon: "peoples",
        perms: "system:role:list",
        title: t("Roles", "角色管理", "角色管理", "Peran", "Vai trò"),
        children: [
          button("system:role:add", ADD),
          button("system:role:edit", EDIT),
          button("system:role:remove", REMOVE),
        ],
      },
      {
        type: "C",
        path: "menu",
        component: "system/menu/index",
        icon: "tree-table",
        perms: "system:menu:list",
        title: t("Menus", "菜单管理", "選單管理", "Menu", "Menu"),
        children: [
          button("system:menu:add", ADD),
          button("system:menu:edit", EDIT),
          button("system:menu:remove", REMOVE),
        ],
      },
      {
        type: "C",
        path: "dict",
        component: "system/dict/index",
        icon: "dict",
        perms: "system:dict:list",
        title: t("Dictionaries", "字典管理", "字典管理", "Kamus data", "Từ điển"),
        roles: OPS,
        children: [
          button("system:dict:add", ADD),
          button("system:dict:edit", EDIT),
          button("system:dict:remove", REMOVE),
        ],
      },
      {
        type: "C",
        path: "config",
        component: "system/config/index",
        icon: "edit",
        perms: "system:config:list",
        title: t("Settings", "参数设置", "參數設定", "Pengaturan", "Tham số"),
        children: [
          button("system:config:add", ADD),
          button("system:config:edit", EDIT),
          button("system:config:remove", REMOVE),
        ],
      },
      {
        type: "C",
        path: "notice",
        component: "system/notice/index",
        icon: "message",
        perms: "system:notice:list",
        title: t("Notices", "通知公告", "通知公告", "Pengumuman", "Thông báo"),
        roles: OPS,
        children: [
          button("system:notice:add", ADD, OPS),
          button("system:notice:edit", EDIT, OPS),
          button("system:notice:remove", REMOVE, OPS),
        ],
      },
      {
        type: "C",
        path: "site",
        component: "system/site/index",
        icon: "international",
        perms: "system:site:list",
        title: t("Sites", "站点管理", "網站管理", "Situs", "Trang web"),
        roles: OPS,
        children: [
          button("system:site:add", ADD),
          button("system:site:edit", EDIT, OPS),
          button("system:site:remove", REMOVE),
        ],
      },
      {
        type: "C",
        path: "mailTemplate",
        component: "system/mailTemplate/index",
        icon: "email",
        perms: "system:mailTemplate:list",
        title: t("Mail templates", "邮件模板", "郵件範本", "Templat email", "Mẫu email"),
        roles: OPS,
        children: [
          button("system:mailTemplate:query", QUERY, OPS),
          button("system:mailTemplate:edit", EDIT),
          button("system:mailTemplate:test", TEST_SEND, OPS),
        ],
      },
      {
        type: "C",
        path: "webhook",
        component: "system/webhook/index",
        icon: "international",
        perms: "system:webhook:list",
        title: t("Webhooks", "Webhook 通知", "Webhook 通知", "Webhook", "Webhook"),
        children: [
          button("system:webhook:add", ADD),
          button("system:webhook:edit", EDIT),
          button("system:webhook:remove", REMOVE),
          button("system:webhook:replay", t("Replay deliveries", "重新投递", "重新傳送", "Kirim ulang", "Gửi lại")),
        ],
      },
    ],
  },
  {
    type: "M",
    path: "business",
    icon: "shopping",
    perms: "business:manage:query",
    title: t("Business", "业务运营", "業務營運", "Operasi bisnis", "Vận hành kinh doanh"),
    roles: OPS,
    children: [
      {
        type: "C",
        path: "dashboard",
        component: "business/dashboard/index",
        icon: "chart",
        perms: "business:dashboard:view",
        title: t("Dashboard", "经营看板", "經營看板", "Dasbor", "Bảng điều khiển"),
        roles: OPS,
      },
      {
        type: "C",
        path: "lead",
        component: "business/lead/index",
        icon: "message",
        perms: "business:lead:list",
        title: t("Leads", "客户线索", "潛在客戶", "Prospek", "Khách hàng tiềm năng"),
        roles: OPS,
        children: [button("business:lead:edit", EDIT, OPS)],
      },
      {
        type: "C",
        path: "support",
        component: "business/support/index",
        icon: "support",
        perms: "business:ticket:list",
        title: t("Support desk", "工单处理", "客服工單處理", "Meja dukungan", "Bàn hỗ trợ"),
        roles: OPS,
        children: [
          button("business:ticket:reply", t("Reply", "回复", "回覆", "Balas", "Trả lời"), OPS),
          button(
            "business:ticket:edit",
            t(
              "Assign, merge and set up",
              "分派、合并与设置",
              "指派、合併與設定",
              "Tugaskan, gabung, dan atur",
              "Phân công, gộp và thiết lập",
            ),
            OPS,
          ),
        ],
      },
      {
        type: "C",
        path: "help",
        component: "business/help/index",
        icon: "help",
        perms: "business:help:list",
        title: t("Help centre", "帮助中心", "說明中心", "Pusat bantuan", "Trung tâm trợ giúp"),
        roles: OPS,
        children: [
          button("business:help:edit", t("Write articles", "编写文章", "撰寫文章", "Tulis artikel", "Viết bài"), OPS),
        ],
      },
      {
        type: "C",
        path: "order",
        component: "business/order/index",
        icon: "documentation",
        perms: "business:order:list",
        title: t("Orders", "订单管理", "訂單管理", "Pesanan", "Đơn hàng"),
        roles: OPS,
        children: [
          button(
            "business:order:confirm",
            t("Confirm payment", "确认收款", "確認收款", "Konfirmasi pembayaran", "Xác nhận thanh toán"),
            OPS,
          ),
          button("business:order:refund", t("Refund", "退款", "退款", "Pengembalian dana", "Hoàn tiền")),
          button("business:order:close", t("Close", "关闭", "關閉", "Tutup", "Đóng"), OPS),
        ],
      },
      {
        type: "C",
        path: "service",
        component: "business/service/index",
        icon: "service",
        perms: "business:service:list",
        title: t("Services", "服务管理", "服務管理", "Layanan", "Dịch vụ"),
        roles: OPS,
        children: [
          button(
            "business:service:suspend",
            t("Suspend and unsuspend", "暂停与恢复", "暫停與恢復", "Tangguhkan dan pulihkan", "Tạm ngưng và khôi phục"),
            OPS,
          ),
          button("business:service:extend", t("Extend", "延期", "延期", "Perpanjang", "Gia hạn thêm"), OPS),
          button("business:service:terminate", t("Terminate", "终止", "終止", "Hentikan", "Chấm dứt")),
        ],
      },
      {
        type: "C",
        path: "invoice",
        component: "business/invoice/index",
        icon: "form",
        perms: "business:invoice:list",
        title: t("Billing documents", "单据管理", "單據管理", "Dokumen tagihan", "Chứng từ thanh toán"),
        roles: OPS,
        children: [button("business:invoice:export", EXPORT, OPS)],
      },
      {
        type: "C",
        path: "usage",
        component: "business/usage/index",
        icon: "chart",
        perms: "business:usage:list",
        title: t("Usage", "用量计费", "用量計費", "Pemakaian", "Mức sử dụng"),
        roles: OPS,
      },
      {
        type: "C",
        path: "balance",
        component: "business/balance/index",
        icon: "wallet",
        perms: "business:balance:list",
        title: t("Balances", "余额管理", "餘額管理", "Saldo pelanggan", "Số dư khách hàng"),
        roles: OPS,
        children: [button("business:balance:adjust", t("Adjust", "调整", "調整", "Sesuaikan", "Điều chỉnh"), OPS)],
      },
      {
        type: "C",
        path: "catalog",
        component: "business/catalog/index",
        icon: "list",
        perms: "business:catalog:list",
        title: t("Prices", "价格目录", "價格目錄", "Katalog harga", "Bảng giá"),
        roles: OPS,
        children: [button("business:catalog:edit", EDIT)],
      },
      {
        type: "C",
        path: "coupon",
        component: "business/coupon/index",
        icon: "money",
        perms: "business:coupon:list",
        title: t("Coupons", "优惠券", "優惠券", "Kupon", "Mã giảm giá"),
        roles: OPS,
        children: [
          button("business:coupon:add", ADD, OPS),
          button("business:coupon:edit", EDIT, OPS),
          button("business:coupon:remove", REMOVE),
        ],
      },
    ],
  },
  {
    type: "M",
    path: "monitor",
    icon: "monitor",
    perms: "system:monitor:query",
    title: t("System monitoring", "系统监控", "系統監控", "Pemantauan sistem", "Giám sát hệ thống"),
    roles: OPS,
    children: [
      {
        type: "C",
        path: "online",
        component: "monitor/online/index",
        icon: "online",
        perms: "monitor:online:list",
        title: t("Online users", "在线用户", "線上使用者", "Pengguna daring", "Người dùng trực tuyến"),
        roles: OPS,
        children: [
          button(
            "monitor:online:forceLogout",
            t("Force logout", "强制退出", "強制登出", "Paksa keluar", "Buộc đăng xuất"),
            OPS,
          ),
        ],
      },
      {
        type: "C",
        path: "logininfor",
        component: "monitor/logininfor/index",
        icon: "logininfor",
        perms: "monitor:logininfor:list",
        title: t("Login log", "登录日志", "登入日誌", "Log masuk", "Nhật ký đăng nhập"),
        roles: OPS,
      },
      {
        type: "C",
        path: "operlog",
        component: "monitor/operlog/index",
        icon: "form",
        perms: "monitor:operlog:list",
        title: t("Operation log", "操作日志", "操作日誌", "Log operasi", "Nhật ký thao tác"),
        roles: OPS,
      },
      {
        type: "C",
        path: "mail",
        component: "monitor/mail/index",
        icon: "email",
        perms: "monitor:mail:list",
        title: t("Mail log", "邮件日志", "郵件日誌", "Log email", "Nhật ký email"),
        roles: OPS,
        children: [button("monitor:mail:resend", t("Resend", "重新发送", "重新寄送", "Kirim ulang", "Gửi lại"), OPS)],
      },
      {
        type: "C",
        path: "server",
        component: "monitor/server/index",
        icon: "server",
        perms: "monitor:server:list",
        title: t("Server status", "服务监控", "服務監控", "Status server", "Trạng thái máy chủ"),
        roles: OPS,
      },
    ],
  },
  {
    type: "M",
    path: "tool",
    icon: "tool",
    perms: "system:tool:query",
    title: t("System tools", "系统工具", "系統工具", "Alat sistem", "Công cụ hệ thống"),
    children: [
      {
        type: "C",
        path: "build",
        component: "tool/build/index",
        icon: "swagger",
        perms: "tool:build:view",
        title: t("API documentation", "接口文档", "介面文件", "Dokumentasi API", "Tài liệu API"),
      },
    ],
  },
];

const ROLES = [
  {
    roleKey: ADMIN_ROLE,
    sort: 1,
    roleName: t("Administrator", "超级管理员", "超級管理員", "Administrator", "Quản trị viên"),
  },
  {
    roleKey: OPERATOR_ROLE,
    sort: 2,
    roleName: t("Operator", "运营人员", "營運人員", "Operator", "Nhân viên vận hành"),
  },
  { roleKey: DEFAULT_ROLE, sort: 3, roleName: t("Customer", "客户", "客戶", "Pelanggan", "Khách hàng") },
];

const DICTS: { dictType: string; dictName: LocalizedText; data: [string, LocalizedText, string][] }[] = [
  {
    dictType: "sys_normal_disable",
    dictName: t("Status", "系统开关", "系統開關", "Status", "Trạng thái"),
    data: [
      ["0", t("Normal", "正常", "正常", "Normal", "Bình thường"), "primary"],
      ["1", t("Disabled", "停用", "停用", "Nonaktif", "Vô hiệu"), "danger"],
    ],
  },
  {
    dictType: "sys_show_hide",
    dictName: t("Menu visibility", "菜单状态", "選單狀態", "Visibilitas menu", "Hiển thị menu"),
    data: [
      ["0", t("Shown", "显示", "顯示", "Tampil", "Hiện"), "primary"],
      ["1", t("Hidden", "隐藏", "隱藏", "Tersembunyi", "Ẩn"), "danger"],
    ],
  },
  {
    dictType: "sys_yes_no",
    dictName: t("Yes or no", "系统是否", "系統是否", "Ya atau tidak", "Có hoặc không"),
    data: [
      ["Y", t("Yes", "是", "是", "Ya", "Có"), "primary"],
      ["N", t("No", "否", "否", "Tidak", "Không"), "danger"],
    ],
  },
  {
    dictType: "sys_common_status",
    dictName: t("Result", "系统状态", "系統狀態", "Hasil", "Kết quả"),
    data: [
      ["0", t("Success", "成功", "成功", "Berhasil", "Thành công"), "primary"],
      ["1", t("Failure", "失败", "失敗", "Gagal", "Thất bại"), "danger"],
    ],
  },
];

const CONFIGS = [
  {
    configKey: "sys.lifecycle.reminderDays",
    configName: t(
      "Expiry reminders (days before, comma-separated)",
      "到期提醒（提前天数，逗号分隔）",
      "到期提醒（提前天數，逗號分隔）",
      "Pengingat kedaluwarsa (hari sebelumnya, dipisah koma)",
      "Nhắc hết hạn (số ngày trước, phân cách bằng dấu phẩy)",
    ),
    configValue: "30,7,1",
  },
  {
    configKey: "sys.lifecycle.renewalDays",
    configName: t(
      "Renewal order created (days before expiry)",
      "续费订单生成时间（到期前天数）",
      "續約訂單產生時間（到期前天數）",
      "Pesanan perpanjangan dibuat (hari sebelum kedaluwarsa)",
      "Tạo đơn gia hạn (số ngày trước khi hết hạn)",
    ),
    configValue: "7",
  },
  {
    configKey: "sys.lifecycle.graceDays",
    configName: t(
      "Grace period after expiry (days, still served)",
      "到期后宽限期（天，服务照常）",
      "到期後寬限期（天，服務照常）",
      "Masa tenggang setelah kedaluwarsa (hari, tetap dilayani)",
      "Thời gian ân hạn sau khi hết hạn (ngày, vẫn phục vụ)",
    ),
    configValue: "3",
  },
  {
    configKey: "sys.lifecycle.terminateDays",
    configName: t(
      "Termination after suspension (days)",
      "暂停后终止（天）",
      "暫停後終止（天）",
      "Penghentian setelah ditangguhkan (hari)",
      "Chấm dứt sau khi tạm ngưng (ngày)",
    ),
    configValue: "30",
  },
  {
    configKey: "sys.lifecycle.provisioningMinutes",
    configName: t(
      "Set-up confirmation from the platform expected within (minutes)",
      "平台确认开通的期限（分钟）",
      "平台確認開通的期限（分鐘）",
      "Konfirmasi penyiapan dari platform diharapkan dalam (menit)",
      "Thời hạn nền tảng xác nhận khởi tạo (phút)",
    ),
    configValue: "30",
  },
  {
    configKey: "sys.usage.keep5mDays",
    configName: t(
      "Usage: 5-minute figures kept (days, 32 or more)",
      "用量：5 分钟数据保留天数（至少 32）",
      "用量：5 分鐘資料保留天數（至少 32）",
      "Pemakaian: data 5 menit disimpan (hari, minimal 32)",
      "Sử dụng: lưu số liệu 5 phút (ngày, tối thiểu 32)",
    ),
    configValue: "35",
  },
  {
    configKey: "sys.usage.keepHourlyMonths",
    configName: t(
      "Usage: hourly figures kept (months)",
      "用量：小时数据保留月数",
      "用量：小時資料保留月數",
      "Pemakaian: data per jam disimpan (bulan)",
      "Sử dụng: lưu số liệu theo giờ (tháng)",
    ),
    configValue: "13",
  },
  {
    configKey: "sys.usage.keepDailyYears",
    configName: t(
      "Usage: daily figures kept (years)",
      "用量：每日数据保留年数",
      "用量：每日資料保留年數",
      "Pemakaian: data harian disimpan (tahun)",
      "Sử dụng: lưu số liệu theo ngày (năm)",
    ),
    configValue: "5",
  },
  {
    configKey: "sys.balance.topupMin",
    configName: t(
      "Balance: least top-up (minor units, e.g. cents)",
      "余额：单次最低充值金额（最小货币单位，如分）",
      "餘額：單次最低儲值金額（最小貨幣單位，如分）",
      "Saldo: isi ulang minimum (satuan terkecil mata uang, mis. sen)",
      "Số dư: mức nạp tối thiểu (đơn vị tiền nhỏ nhất, ví dụ xu)",
    ),
    configValue: "1000",
  },
  {
    configKey: "sys.balance.topupMax",
    configName: t(
      "Balance: largest top-up (minor units, e.g. cents)",
      "余额：单次最高充值金额（最小货币单位，如分）",
      "餘額：單次最高儲值金額（最小貨幣單位，如分）",
      "Saldo: isi ulang maksimum (satuan terkecil mata uang, mis. sen)",
      "Số dư: mức nạp tối đa (đơn vị tiền nhỏ nhất, ví dụ xu)",
    ),
    configValue: "10000000",
  },
  {
    configKey: "sys.balance.adjustConfirmAbove",
    configName: t(
      "Balance: adjustments above this need a second operator (minor units, e.g. cents)",
      "余额：超过此金额的调整须另一名操作员确认（最小货币单位，如分）",
      "餘額：超過此金額的調整須由另一位操作人員確認（最小貨幣單位，如分）",
      "Saldo: penyesuaian di atas jumlah ini perlu dikonfirmasi operator kedua (satuan terkecil mata uang, mis. sen)",
      "Số dư: điều chỉnh lớn hơn mức này cần người vận hành thứ hai xác nhận (đơn vị tiền nhỏ nhất, ví dụ xu)",
    ),
    configValue: "100000",
  },
  {
    configKey: EMAIL_VERIFICATION_SETTING,
    configName: t(
      "Customers confirm their e-mail address before ordering",
      "客户下单前须验证邮箱",
      "客戶下單前須驗證電子郵件",
      "Pelanggan mengonfirmasi email sebelum memesan",
      "Khách hàng xác nhận email trước khi đặt hàng",
    ),
    configValue: "true",
  },
  {
    configKey: "sys.account.registerUser",
    configName: t(
      "Customer self-registration",
      "账号自助注册",
      "帳號自助註冊",
      "Pendaftaran mandiri",
      "Tự đăng ký tài khoản",
    ),
    configValue: "true",
  },
  {
    configKey: "sys.support.reopenDays",
    configName: t(
      "Support: days a customer may reopen a closed ticket",
      "工单：关闭后客户可重新打开的天数",
      "客服工單：關閉後客戶可重新開啟的天數",
      "Dukungan: batas hari pelanggan dapat membuka kembali tiket yang ditutup",
      "Hỗ trợ: số ngày khách hàng có thể mở lại phiếu đã đóng",
    ),
    configValue: "14",
  },
  {
    configKey: "sys.support.attachmentMaxMb",
    configName: t(
      "Support: largest attachment (MB)",
      "工单：单个附件大小上限（MB）",
      "客服工單：單一附件大小上限（MB）",
      "Dukungan: ukuran lampiran maksimum (MB)",
      "Hỗ trợ: dung lượng tệp đính kèm tối đa (MB)",
    ),
    configValue: "10",
  },
  {
    configKey: "sys.support.attachmentsPerMessage",
    configName: t(
      "Support: attachments per message",
      "工单：每条消息的附件数量上限",
      "客服工單：每則訊息的附件數量上限",
      "Dukungan: jumlah lampiran per pesan",
      "Hỗ trợ: số tệp đính kèm mỗi tin nhắn",
    ),
    configValue: "5",
  },
  {
    configKey: "sys.upload.quotaMb",
    configName: t(
      "Storage per customer (MB)",
      "每位客户的存储空间（MB）",
      "每位客戶的儲存空間（MB）",
      "Penyimpanan per pelanggan (MB)",
      "Dung lượng lưu trữ mỗi khách hàng (MB)",
    ),
    configValue: "50",
  },
  {
    configKey: MONITOR_LIMIT_SETTING,
    configName: t(
      "Website monitors per customer",
      "每位客户的网站监控数",
      "每位客戶的網站監控數",
      "Pemantau situs per pelanggan",
      "Số giám sát website mỗi khách hàng",
    ),
    configValue: String(MONITORS_PER_CUSTOMER),
  },
  {
    configKey: CERTIFICATE_LIMIT_SETTING,
    configName: t(
      "Certificates per customer",
      "每位客户的证书数",
      "每位客戶的憑證數",
      "Sertifikat per pelanggan",
      "Số chứng chỉ mỗi khách hàng",
    ),
    configValue: String(CERTIFICATES_PER_CUSTOMER),
  },
  ...(Object.keys(CNAME_PATTERN_SETTINGS) as DomainProduct[]).map((product) => ({
    configKey: CNAME_PATTERN_SETTINGS[product],
    configName: t(
      `${product.toUpperCase()} domains' CNAME target ({hash}: each domain's label)`,
      `${product.toUpperCase()} 域名的 CNAME 目标（{hash} 为各域名的标签）`,
      `${product.toUpperCase()} 網域的 CNAME 目標（{hash} 為各網域的標籤）`,
      `Target CNAME domain ${product.toUpperCase()} ({hash}: label tiap domain)`,
      `Đích CNAME của tên miền ${product.toUpperCase()} ({hash}: nhãn riêng của mỗi tên miền)`,
    ),
    configValue: CNAME_PATTERN_DEFAULTS[product],
  })),
  ...USAGE_SETTING_SEEDS,
  ...PURGE_SETTING_SEEDS,
  ...(
    [
      [
        "contact.presales.phone",
        "+86 400 820 6688",
        t("Pre-sales phone", "售前电话", "售前電話", "Telepon pra-penjualan", "Điện thoại tư vấn bán hàng"),
      ],
      [
        "contact.presales.email",
        "sales@rampart.example",
        t("Pre-sales e-mail", "售前邮箱", "售前電子郵件", "Email pra-penjualan", "Email tư vấn bán hàng"),
      ],
      [
        "contact.presales.address",
        "18F, 1000 Century Avenue, Pudong, Shanghai",
        t("Pre-sales address", "售前地址", "售前地址", "Alamat pra-penjualan", "Địa chỉ tư vấn bán hàng"),
      ],
      [
        "contact.presales.hours",
        "Mon–Fri 09:00–18:00 (UTC+8)",
        t("Pre-sales hours", "售前工作时间", "售前服務時間", "Jam pra-penjualan", "Giờ tư vấn bán hàng"),
      ],
      [
        "contact.aftersales.phone",
        "+86 400 820 6699",
        t("After-sales phone", "售后电话", "售後電話", "Telepon purnajual", "Điện thoại hỗ trợ hậu mãi"),
      ],
      [
        "contact.aftersales.email",
        "support@rampart.example",
        t("After-sales e-mail", "售后邮箱", "售後電子郵件", "Email purnajual", "Email hỗ trợ hậu mãi"),
      ],
      [
        "contact.aftersales.address",
        "18F, 1000 Century Avenue, Pudong, Shanghai",
        t("After-sales address", "售后地址", "售後地址", "Alamat purnajual", "Địa chỉ hỗ trợ hậu mãi"),
      ],
      [
        "contact.aftersales.hours",
        "24/7",
        t("After-sales hours", "售后工作时间", "售後服務時間", "Jam purnajual", "Giờ hỗ trợ hậu mãi"),
      ],
      [
        "contact.security.email",
        "security@rampart.example",
        t(
          "Security contact e-mail (security.txt)",
          "安全联络邮箱（security.txt）",
          "資安聯絡電子郵件（security.txt）",
          "Email kontak keamanan (security.txt)",
          "Email liên hệ bảo mật (security.txt)",
        ),
      ],
      [
        "contact.emergency",
        "+86 400 820 6600",
        t(
          "24/7 emergency line",
          "7×24 小时应急热线",
          "7×24 小時緊急專線",
          "Saluran darurat 24/7",
          "Đường dây khẩn cấp 24/7",
        ),
      ],
    ] as const
  ).map(([configKey, configValue, configName]) => ({ configKey, configValue, configName })),
  {
    configKey: "sys.index.sideTheme",
    configName: t("Sidebar theme", "侧边栏主题", "側邊欄主題", "Tema bilah samping", "Giao diện thanh bên"),
    configValue: "theme-dark",
  },
];

async function insertMenus(db: Db, menus: MenuSeed[], parentId: number, grants: Map<string, number[]>): Promise<void> {
  let order = 1;
  for (const menu of menus) {
    const [row] = await db
      .insert(sysMenu)
      .values({
        parentId,
        menuType: menu.type,
        title: menu.title,
        orderNum: order++,
        path: menu.path ?? "",
        component: menu.component ?? "",
        perms: menu.perms ?? "",
        icon: menu.icon ?? "",
        hidden: menu.hidden ?? false,
        isExternal: menu.isExternal ?? false,
      })
      .returning({ menuId: sysMenu.menuId });
    for (const role of menu.roles ?? []) grants.set(role, [...(grants.get(role) ?? []), row!.menuId]);
    if (menu.children) await insertMenus(db, menu.children, row!.menuId, grants);
  }
}

/**
 * The console's roles, menus, dictionaries and settings, when there are none yet. Members of
 * `admin` sign in with a second factor and customers confirm their address before ordering until
 * the first start's choices say otherwise (see `applyFirstStartChoices`).
 */
export async function seedConsole(db: Db): Promise<void> {
  const existing = await db.select({ id: sysRole.roleId }).from(sysRole).limit(1);
  if (existing.length > 0) return;
  const roles = await db
    .insert(sysRole)
    .values(ROLES.map((role) => ({ ...role, requireTwoFactor: role.roleKey === ADMIN_ROLE })))
    .returning({ roleId: sysRole.roleId, roleKey: sysRole.roleKey });
  const roleId = new Map(roles.map((r) => [r.roleKey, r.roleId]));

  const grants = new Map<string, number[]>();
  await insertMenus(db, CONSOLE_MENUS, 0, grants);
  const roleMenus = [...grants].flatMap(([role, menuIds]) =>
    menuIds.map((menuId) => ({ roleId: roleId.get(role)!, menuId })),
  );
  if (roleMenus.length > 0) await db.insert(sysRoleMenu).values(roleMenus);

  for (const dict of DICTS) {
    await db.insert(sysDictType).values({ dictType: dict.dictType, dictName: dict.dictName });
    await db.insert(sysDictData).values(
      dict.data.map(([dictValue, dictLabel, listClass], index) => ({
        dictType: dict.dictType,
        dictValue,
        dictLabel,
        listClass,
        dictSort: index + 1,
        isDefault: index === 0,
      })),
    );
  }
  await db.insert(sysConfig).values(CONFIGS);
}

/**
 * The first start's choices, made while `admin` has no member yet (a new installation, the
 * template's copy included; or one whose console was never finished): the administrator joins it;
 * its members must sign in with a second factor unless `adminTwoFactor` is false (ADMIN_TWO_FACTOR);
 * customers confirm their address before ordering unless `emailVerification` is false
 * (EMAIL_VERIFICATION). Once `admin` has a member these are the operator's, in System → Roles and
 * System → Settings, and nothing here touches them.
 */
export async function applyFirstStartChoices(
  db: Db,
  administratorName: string,
  options: { adminTwoFactor: boolean; emailVerification: boolean },
): Promise<void> {
  const [admin] = await db.select({ roleId: sysRole.roleId }).from(sysRole).where(eq(sysRole.roleKey, ADMIN_ROLE));
  const [administrator] = await db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(eq(sysUser.userName, administratorName));
  if (!admin || !administrator) return;
  const [member] = await db
    .select({ userId: sysUserRole.userId })
    .from(sysUserRole)
    .where(eq(sysUserRole.roleId, admin.roleId))
    .limit(1);
  if (member) return;
  const updatedAt = new Date();
  await db
    .update(sysRole)
    .set({ requireTwoFactor: options.adminTwoFactor, updatedAt })
    .where(eq(sysRole.roleId, admin.roleId));
  await db
    .update(sysConfig)
    .set({ configValue: String(options.emailVerification), updatedAt })
    .where(eq(sysConfig.configKey, EMAIL_VERIFICATION_SETTING));
  await db.insert(sysUserRole).values({ userId: administrator.userId, roleId: admin.roleId });
}
