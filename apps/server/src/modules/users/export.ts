import type { Language, UserAdminView } from "@rampart/contracts";
import type { SheetData } from "write-excel-file/node";

const HEADERS: Record<Language, string[]> = {
  en: [
    "User ID",
    "User name",
    "Display name",
    "Email",
    "Phone",
    "Status",
    "Roles",
    "Site",
    "Last login address",
    "Last login",
    "Created",
  ],
  "zh-CN": [
    "用户编号",
    "用户名称",
    "用户昵称",
    "邮箱",
    "手机号码",
    "状态",
    "角色",
    "站点",
    "最后登录地址",
    "最后登录时间",
    "创建时间",
  ],
  "zh-TW": [
    "使用者編號",
    "使用者名稱",
    "使用者暱稱",
    "電子郵件",
    "手機號碼",
    "狀態",
    "角色",
    "網站",
    "最後登入位址",
    "最後登入時間",
    "建立時間",
  ],
  id: [
    "ID pengguna",
    "Nama pengguna",
    "Nama tampilan",
    "Email",
    "Telepon",
    "Status",
    "Peran",
    "Situs",
    "Alamat masuk terakhir",
    "Masuk terakhir",
    "Dibuat",
  ],
  vi: [
    "Mã người dùng",
    "Tên đăng nhập",
    "Tên hiển thị",
    "Email",
    "Số điện thoại",
    "Trạng thái",
    "Vai trò",
    "Trang web",
    "Địa chỉ đăng nhập gần nhất",
    "Đăng nhập gần nhất",
    "Ngày tạo",
  ],
};

const STATUS: Record<Language, [string, string]> = {
  en: ["Enabled", "Disabled"],
  "zh-CN": ["正常", "停用"],
  "zh-TW": ["正常", "停用"],
  id: ["Aktif", "Nonaktif"],
  vi: ["Đang hoạt động", "Đã vô hiệu hóa"],
};

const DATE_FORMAT = "yyyy-mm-dd hh:mm:ss";

/**
 * The users as a spreadsheet (.xlsx) with headers in the operator's language; every text is
 * written as text (a name starting with "=" stays a name, never a formula).
 */
export async function usersWorkbook(
  users: UserAdminView[],
  language: Language,
  siteNames: Map<number, string>,
): Promise<Buffer> {
  const text = (value: string) => ({ value, type: String });
  const date = (iso: string | null) => (iso ? { value: new Date(iso), type: Date, format: DATE_FORMAT } : null);
  const rows: SheetData = [
    HEADERS[language].map((header) => ({ value: header, fontWeight: "bold" as const })),
    ...users.map((user) => [
      { value: user.userId, type: Number },
      text(user.userName),
      text(user.nickName),
      text(user.email),
      text(user.phonenumber),
      text(STATUS[language][user.status === "1" ? 1 : 0]),
      text(user.roleKeys.join(", ")),
      text(user.siteId === null ? "" : (siteNames.get(user.siteId) ?? String(user.siteId))),
      text(user.loginIp),
      date(user.loginDate),
      date(user.createTime),
    ]),
  ];
  // Loaded on the first export, not at the server's start.
  const { default: writeExcelFile } = await import("write-excel-file/node");
  return writeExcelFile(rows, {
    columns: [10, 18, 20, 28, 18, 12, 24, 22, 20, 20, 20].map((width) => ({ width })),
  }).toBuffer();
}
