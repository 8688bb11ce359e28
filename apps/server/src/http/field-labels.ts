import type { Language } from "@rampart/contracts";
import type { FastifyRequest } from "fastify";

/** A field named for the reader, in each language ("Origin port", "源站端口"). */
export type FieldWords = Readonly<Record<Language, string>>;

/** Words in the order en, zh-CN, zh-TW, id, vi. */
const words = (en: string, zhCN: string, zhTW: string, id: string, vi: string): FieldWords => ({
  en,
  "zh-CN": zhCN,
  "zh-TW": zhTW,
  id,
  vi,
});

const DISPLAY_ORDER = words("Display order", "显示顺序", "顯示順序", "Urutan tampilan", "Thứ tự hiển thị");
const FILE_NAME = words("File name", "文件名", "檔案名稱", "Nama berkas", "Tên tệp");
const LANGUAGE = words("Language", "语言", "語言", "Bahasa", "Ngôn ngữ");
const MINIMUM_ORDER = words(
  "Minimum order amount",
  "最低订单金额",
  "最低訂單金額",
  "Jumlah pesanan minimum",
  "Giá trị đơn hàng tối thiểu",
);
const ORDER_NUMBER = words("Order number", "订单号", "訂單編號", "Nomor pesanan", "Mã đơn hàng");
const PHONE = words("Phone number", "电话号码", "電話號碼", "Nomor telepon", "Số điện thoại");
const PURCHASE_DURATIONS = words("Purchase durations", "购买时长", "購買期間", "Durasi pembelian", "Thời gian sử dụng");
const TAX_ID = words("Tax ID", "税号", "統一編號", "NPWP", "Mã số thuế");
const USER_NAME = words("User name", "用户名", "使用者名稱", "Nama pengguna", "Tên đăng nhập");

/**
 * The label of every property a route's schema declares (body, query string, path parameters), by
 * its wire name. Where one name means different things in different forms, its label fits them
 * all, or NESTED_LABELS and ROUTE_LABELS give the more specific one. The field-labels test walks
 * every route's schema and fails on a property missing here.
 */
const LABELS = {
  account: words(
    "User name or e-mail",
    "用户名或邮箱",
    "使用者名稱或電子郵件",
    "Nama pengguna atau email",
    "Tên đăng nhập hoặc email",
  ),
  action: words("Order type", "订单类型", "訂單類型", "Jenis pesanan", "Loại đơn hàng"),
  actions: words("Order types", "订单类型", "訂單類型", "Jenis pesanan", "Loại đơn hàng"),
  address: words("Address", "地址", "地址", "Alamat", "Địa chỉ"),
  adjustmentId: words("Adjustment number", "调整编号", "調整編號", "Nomor penyesuaian", "Mã điều chỉnh"),
  aftersales: words("After-sales", "售后", "售後", "Purnajual", "Hỗ trợ hậu mãi"),
  agentCode: words("Agent code", "代理编码", "代理商代碼", "Kode agen", "Mã đại lý"),
  agentCodes: words(
    "Channels (agent codes)",
    "渠道（代理编码）",
    "通路（代理商代碼）",
    "Kanal (kode agen)",
    "Kênh (mã đại lý)",
  ),
  amount: words("Amount", "金额", "金額", "Jumlah", "Số tiền"),
  appKey: words("App key", "应用标识", "應用程式識別碼", "Kunci aplikasi", "Khóa ứng dụng"),
  articleId: words("Article", "文章", "文章", "Artikel", "Bài viết"),
  attachments: words("Attachments", "附件", "附件", "Lampiran", "Tệp đính kèm"),
  autoRenew: words("Renew from balance", "余额自动续费", "餘額自動續約", "Perpanjang dari saldo", "Gia hạn bằng số dư"),
  categoryId: words("Category", "分类", "分類", "Kategori", "Danh mục"),
  dryRun: words("Only work it out", "仅试算", "僅試算", "Hanya hitung", "Chỉ tính thử"),
  helpful: words("Helpful", "是否有帮助", "是否有幫助", "Membantu", "Hữu ích"),
  ids: words("Notices", "通知", "通知", "Pemberitahuan", "Thông báo"),
  mailOff: words(
    "Kinds not mailed",
    "不发邮件的类型",
    "不寄電子郵件的類型",
    "Jenis yang tidak dikirim lewat email",
    "Loại không gửi email",
  ),
  slug: words("Address", "地址", "網址", "Alamat", "Địa chỉ"),
  summary: words("Summary", "摘要", "摘要", "Ringkasan", "Tóm tắt"),
  unread: words("Unread only", "仅未读", "僅未讀", "Hanya yang belum dibaca", "Chỉ chưa đọc"),
  useBalance: words("Use my balance", "使用余额抵扣", "以餘額折抵", "Gunakan saldo", "Dùng số dư"),
  autoRenewNew: words(
    "Renew new packages from balance",
    "新套餐使用余额自动续费",
    "新方案以餘額自動續約",
    "Perpanjang paket baru dari saldo",
    "Gia hạn gói mới bằng số dư",
  ),
  avatar: words("Avatar", "头像", "頭像", "Foto profil", "Ảnh đại diện"),
  beginTime: words("Start date", "开始日期", "開始日期", "Tanggal mulai", "Ngày bắt đầu"),
  billing: words(
    "Receipts and invoices",
    "收据与商业发票设置",
    "收據與帳單設定",
    "Kuitansi dan faktur",
    "Cài đặt chứng từ",
  ),
  billingAddress: words("Billing address", "账单地址", "帳單地址", "Alamat penagihan", "Địa chỉ thanh toán"),
  billingName: words(
    "Name or company",
    "个人或公司名称",
    "個人或公司名稱",
    "Nama atau perusahaan",
    "Tên cá nhân hoặc công ty",
  ),
  billingTaxId: TAX_ID,
  body: words("Body", "正文", "內文", "Isi", "Nội dung"),
  cacheRules: words("Cache rules", "缓存规则", "快取規則", "Aturan cache", "Quy tắc cache"),
  cancel: words(
    "Cancel at the end of the term",
    "到期后取消",
    "到期後取消",
    "Batalkan di akhir masa berlaku",
    "Hủy khi hết hạn",
  ),
  catalogue: words("Price list", "价格表", "價目表", "Daftar harga", "Bảng giá"),
  certificate: words("Certificate", "证书", "憑證", "Sertifikat", "Chứng chỉ"),
  certificateId: words("Certificate ID", "证书编号", "憑證編號", "ID sertifikat", "ID chứng chỉ"),
  chain: words("Certificate chain", "证书链", "憑證鏈", "Rantai sertifikat", "Chuỗi chứng chỉ"),
  code: words("Code", "代码", "代碼", "Kode", "Mã"),
  company: words("Company name", "公司名称", "公司名稱", "Nama perusahaan", "Tên công ty"),
  component: words("View component", "组件路径", "元件路徑", "Komponen tampilan", "Thành phần giao diện"),
  configKey: words("Parameter key", "参数键名", "參數鍵名", "Kunci parameter", "Khóa tham số"),
  configName: words("Parameter name", "参数名称", "參數名稱", "Nama parameter", "Tên tham số"),
  configValue: words("Parameter value", "参数键值", "參數值", "Nilai parameter", "Giá trị tham số"),
  configuration: words("Configuration", "配置", "規格設定", "Konfigurasi", "Cấu hình"),
  consoleDomain: words("Console domain", "控制台域名", "主控台網域", "Domain konsol", "Tên miền bảng điều khiển"),
  contactWay: words("Contact details", "联系方式", "聯絡方式", "Cara menghubungi", "Cách liên hệ"),
  contacts: words("Contact page", "联系页面", "聯絡頁面", "Halaman kontak", "Trang liên hệ"),
  content: words("Content", "内容", "內容", "Isi", "Nội dung"),
  count: words("Number of units", "数量", "數量", "Jumlah", "Số lượng"),
  couponCode: words("Coupon code", "优惠码", "優惠碼", "Kode kupon", "Mã giảm giá"),
  couponId: words("Coupon ID", "优惠券编号", "優惠券編號", "ID kupon", "ID mã giảm giá"),
  csr: words(
    "Certificate signing request (CSR)",
    "证书签名请求（CSR）",
    "憑證簽署要求（CSR）",
    "Permintaan penandatanganan sertifikat (CSR)",
    "Yêu cầu ký chứng chỉ (CSR)",
  ),
  cssClass: words("CSS class", "样式属性", "CSS 類別", "Kelas CSS", "Lớp CSS"),
  currency: words("Currency", "币种", "幣別", "Mata uang", "Tiền tệ"),
  customer: words("Customer", "客户", "客戶", "Pelanggan", "Khách hàng"),
  days: words("Number of days", "天数", "天數", "Jumlah hari", "Số ngày"),
  description: words("Note", "备注", "備註", "Catatan", "Ghi chú"),
  dictCode: words("Dictionary entry ID", "字典数据编号", "字典資料編號", "ID data kamus", "ID dữ liệu từ điển"),
  dictLabel: words("Data label", "数据标签", "資料標籤", "Label data", "Nhãn dữ liệu"),
  dictName: words("Dictionary name", "字典名称", "字典名稱", "Nama kamus", "Tên từ điển"),
  dictSort: DISPLAY_ORDER,
  dictType: words("Dictionary type", "字典类型", "字典類型", "Jenis kamus", "Loại từ điển"),
  dictValue: words("Data value", "数据键值", "資料值", "Nilai data", "Giá trị dữ liệu"),
  discountPercent: words("Discount (%)", "折扣（%）", "折扣（%）", "Diskon (%)", "Chiết khấu (%)"),
  documentTitle: words(
    "Document issued for each payment",
    "每笔付款开具的单据",
    "每筆付款開立的單據",
    "Dokumen untuk setiap pembayaran",
    "Chứng từ cho mỗi lần thanh toán",
  ),
  domain: words("Domain", "域名", "網域", "Domain", "Tên miền"),
  domainId: words("Domain ID", "域名编号", "網域編號", "ID domain", "ID tên miền"),
  domainName: words("Domain name", "域名", "網域名稱", "Nama domain", "Tên miền"),
  domains: words("Domains", "域名", "網域", "Domain", "Tên miền"),
  durationUnits: PURCHASE_DURATIONS,
  durations: PURCHASE_DURATIONS,
  editions: words("Packages", "套餐", "方案", "Paket", "Gói"),
  email: words("E-mail", "邮箱", "電子郵件", "Email", "Email"),
  emergency: words(
    "24/7 emergency line",
    "7x24 应急热线",
    "全年無休緊急專線",
    "Saluran darurat 24/7",
    "Đường dây khẩn cấp 24/7",
  ),
  enabled: words("Enabled", "启用", "啟用", "Aktif", "Bật"),
  endTime: words("End date", "结束日期", "結束日期", "Tanggal akhir", "Ngày kết thúc"),
  event: words("Event", "事件", "事件", "Peristiwa", "Sự kiện"),
  events: words("Events", "事件", "事件", "Peristiwa", "Sự kiện"),
  expectedStatus: words(
    "Expected status code",
    "预期状态码",
    "預期狀態碼",
    "Kode status yang diharapkan",
    "Mã trạng thái mong đợi",
  ),
  expiringWithin: words(
    "Expires within (days)",
    "到期天数",
    "到期天數",
    "Berakhir dalam (hari)",
    "Hết hạn trong vòng (ngày)",
  ),
  extras: words("Extended configuration", "扩展配置", "擴充設定", "Konfigurasi tambahan", "Cấu hình mở rộng"),
  from: words("First day", "开始日期", "開始日期", "Hari pertama", "Ngày đầu"),
  features: words("Features", "功能", "功能", "Fitur", "Tính năng"),
  /** Not a schema's: the name of a file uploaded as the multipart field `file`. */
  fileName: FILE_NAME,
  funded: words(
    "With a balance only",
    "仅显示有余额的客户",
    "僅顯示有餘額的客戶",
    "Hanya yang bersaldo",
    "Chỉ khách hàng có số dư",
  ),
  heading: words("Heading", "标题", "標題", "Judul", "Tiêu đề nội dung"),
  hidden: words("Hidden from the menu", "在菜单中隐藏", "在選單中隱藏", "Disembunyikan dari menu", "Ẩn khỏi menu"),
  host: words("Host name", "主机名", "主機名稱", "Nama host", "Tên máy chủ"),
  hours: words("Working hours", "工作时间", "服務時間", "Jam kerja", "Giờ làm việc"),
  icon: words("Icon", "图标", "圖示", "Ikon", "Biểu tượng"),
  icpNumber: words("ICP filing number", "ICP 备案号", "ICP 備案號", "Nomor pendaftaran ICP", "Số đăng ký ICP"),
  idempotencyKey: words("Request key", "请求标识", "請求識別碼", "Kunci permintaan", "Mã yêu cầu"),
  included: words("Included quantity", "包含数量", "內含數量", "Jumlah yang termasuk", "Số lượng đã bao gồm"),
  intervalSeconds: words("Check interval", "检查频率", "檢查頻率", "Interval pemeriksaan", "Tần suất kiểm tra"),
  invite: words(
    "Mail an invitation",
    "发送邀请邮件",
    "寄送邀請郵件",
    "Kirim undangan lewat email",
    "Gửi lời mời qua email",
  ),
  invoiceEmail: words(
    "E-mail for receipts and invoices",
    "单据接收邮箱",
    "單據收件信箱",
    "Email untuk kuitansi dan faktur",
    "Email nhận chứng từ",
  ),
  invoiceNo: words("Invoice number", "单据号码", "單據號碼", "Nomor faktur", "Số chứng từ"),
  invoicePrefix: words(
    "Invoice number prefix",
    "单据号码前缀",
    "單據號碼前綴",
    "Awalan nomor faktur",
    "Tiền tố số chứng từ",
  ),
  ip: words("IP address", "IP 地址", "IP 位址", "Alamat IP", "Địa chỉ IP"),
  isAsc: words("Sort direction", "排序方向", "排序方向", "Arah urutan", "Chiều sắp xếp"),
  isCache: words(
    "Kept when switching tabs",
    "切换标签时保留",
    "切換分頁時保留",
    "Dipertahankan saat berpindah tab",
    "Giữ lại khi chuyển thẻ",
  ),
  isDefault: words("Default value", "默认值", "預設值", "Nilai bawaan", "Giá trị mặc định"),
  isExternal: words("Opens in a new tab", "在新标签页打开", "在新分頁開啟", "Buka di tab baru", "Mở trong thẻ mới"),
  key: words("Key", "键名", "鍵名", "Kunci", "Khóa"),
  keyPrefix: words("Key prefix", "键名前缀", "鍵名前綴", "Awalan kunci", "Tiền tố khóa"),
  keyword: words("Keyword", "关键词", "關鍵字", "Kata kunci", "Từ khóa"),
  kind: words("Type", "类型", "類型", "Jenis", "Loại"),
  lang: LANGUAGE,
  language: LANGUAGE,
  leadId: words("Lead ID", "线索编号", "潛在客戶編號", "ID prospek", "ID khách hàng tiềm năng"),
  listClass: words("Colour in tables", "回显样式", "顯示樣式", "Warna di tabel", "Màu trong bảng"),
  listed: words(
    "Offered on the price pages",
    "在价格页展示",
    "在價格頁顯示",
    "Ditawarkan di halaman harga",
    "Hiển thị trên trang giá",
  ),
  logo1: words("Logo", "标志", "標誌", "Logo", "Logo"),
  lowBalance: words(
    "Low-balance alert",
    "余额不足提醒",
    "餘額不足提醒",
    "Pemberitahuan saldo menipis",
    "Cảnh báo số dư thấp",
  ),
  mail: words("Mail settings", "邮件设置", "郵件設定", "Pengaturan email", "Cài đặt email"),
  mailId: words("Mail ID", "邮件编号", "郵件編號", "ID email", "ID email"),
  marketingFigures: words("Marketing figures", "宣传数据", "宣傳數據", "Angka pemasaran", "Số liệu quảng bá"),
  max: words("Maximum", "最大值", "最大值", "Maksimum", "Tối đa"),
  maxUses: words("Total uses", "总使用次数", "總使用次數", "Total pemakaian", "Tổng số lượt dùng"),
  menuId: words("Menu ID", "菜单编号", "選單編號", "ID menu", "ID menu"),
  menuIds: words("Menu permissions", "菜单权限", "選單權限", "Izin menu", "Quyền truy cập menu"),
  menuType: words("Menu type", "菜单类型", "選單類型", "Jenis menu", "Loại menu"),
  messageId: words("Message ID", "消息编号", "訊息編號", "ID pesan", "ID tin nhắn"),
  method: words("Request method", "请求方法", "請求方法", "Metode permintaan", "Phương thức yêu cầu"),
  min: words("Minimum", "最小值", "最小值", "Minimum", "Tối thiểu"),
  minimumAmount: MINIMUM_ORDER,
  mode: words("Alert when", "提醒方式", "提醒方式", "Beri tahu saat", "Cảnh báo khi"),
  module: words("Module", "系统模块", "系統模組", "Modul", "Phân hệ"),
  monitorId: words("Monitor ID", "监控编号", "監控編號", "ID pemantau", "ID giám sát"),
  month: words("Month", "月份", "月份", "Bulan", "Tháng"),
  name: words("Name", "名称", "名稱", "Nama", "Tên"),
  names: words("Domain names", "域名", "網域名稱", "Nama domain", "Tên miền"),
  newCustomersOnly: words(
    "New customers only",
    "仅限新客户",
    "僅限新客戶",
    "Khusus pelanggan baru",
    "Chỉ khách hàng mới",
  ),
  newPassword: words("New password", "新密码", "新密碼", "Kata sandi baru", "Mật khẩu mới"),
  nickName: words("Display name", "用户昵称", "使用者暱稱", "Nama tampilan", "Tên hiển thị"),
  note: words("Note", "备注", "備註", "Catatan", "Ghi chú"),
  noticeId: words("Notice ID", "公告编号", "公告編號", "ID pengumuman", "ID thông báo"),
  noticeType: words("Notice type", "公告类型", "公告類型", "Jenis pengumuman", "Loại thông báo"),
  number: words(
    "Number or order number",
    "编号或订单号",
    "編號或訂單編號",
    "Nomor atau nomor pesanan",
    "Số hoặc mã đơn hàng",
  ),
  oid: ORDER_NUMBER,
  oldPassword: words("Current password", "当前密码", "目前的密碼", "Kata sandi saat ini", "Mật khẩu hiện tại"),
  onRequest: words(
    "Priced by sales",
    "由销售报价",
    "由業務報價",
    "Harga melalui tim penjualan",
    "Bộ phận kinh doanh báo giá",
  ),
  orderByColumn: words("Sort by", "排序字段", "排序欄位", "Urutkan menurut", "Sắp xếp theo"),
  orderNo: ORDER_NUMBER,
  orderNum: DISPLAY_ORDER,
  originAddresses: words("Origin addresses", "源站地址", "來源伺服器位址", "Alamat server asal", "Địa chỉ máy chủ gốc"),
  originPort: words("Origin port", "源站端口", "來源伺服器連接埠", "Port server asal", "Cổng máy chủ gốc"),
  originProtocol: words(
    "Protocol to the origin",
    "回源协议",
    "連線至來源伺服器的通訊協定",
    "Protokol ke server asal",
    "Giao thức đến máy chủ gốc",
  ),
  otp: words("Verification code", "验证码", "驗證碼", "Kode verifikasi", "Mã xác minh"),
  outcome: words("Result", "结果", "結果", "Hasil", "Kết quả"),
  overageRate: words(
    "Overage per Mbps-month",
    "超额带宽单价（每 Mbps·月）",
    "超額頻寬單價（每 Mbps·月）",
    "Kelebihan per Mbps-bulan",
    "Vượt mức mỗi Mbps-tháng",
  ),
  pageNum: words("Page number", "页码", "頁碼", "Nomor halaman", "Số trang"),
  pageSize: words("Rows per page", "每页条数", "每頁筆數", "Baris per halaman", "Số dòng mỗi trang"),
  parentId: words("Parent menu", "上级菜单", "上層選單", "Menu induk", "Menu cha"),
  part: words("File to download", "下载内容", "下載內容", "Berkas yang diunduh", "Tệp cần tải"),
  passphrase: words("Key password", "私钥密码", "私密金鑰密碼", "Kata sandi kunci", "Mật khẩu khóa"),
  password: words("Password", "密码", "密碼", "Kata sandi", "Mật khẩu"),
  path: words("Path", "路径", "路徑", "Jalur", "Đường dẫn"),
  paymentInstructions: words(
    "Bank transfer instructions",
    "银行转账说明",
    "銀行轉帳說明",
    "Petunjuk transfer bank",
    "Hướng dẫn chuyển khoản",
  ),
  payMethod: words("Payment method", "支付方式", "付款方式", "Metode pembayaran", "Phương thức thanh toán"),
  perCustomer: words(
    "Uses per customer",
    "每位客户可用次数",
    "每位客戶可用次數",
    "Pemakaian per pelanggan",
    "Số lượt mỗi khách hàng",
  ),
  perms: words("Permission", "权限字符", "權限代碼", "Kode izin", "Mã quyền"),
  phone: PHONE,
  phonenumber: PHONE,
  port: words("Port", "端口", "連接埠", "Port", "Cổng"),
  presales: words("Pre-sales", "售前", "售前", "Pra-penjualan", "Tư vấn bán hàng"),
  previewId: words("Preview ID", "预览编号", "預覽編號", "ID pratinjau", "ID bản xem trước"),
  privateKey: words("Private key", "私钥", "私密金鑰", "Kunci privat", "Khóa riêng"),
  product: words("Product", "产品", "產品", "Produk", "Sản phẩm"),
  products: words("Products", "产品", "產品", "Produk", "Sản phẩm"),
  provisioning: words("Set-up status", "开通状态", "開通狀態", "Status penyiapan", "Trạng thái khởi tạo"),
  quantities: words("Quantities", "数量规格", "數量規格", "Kuantitas", "Thông số số lượng"),
  query: words("Route query", "路由参数", "路由參數", "Parameter rute", "Tham số định tuyến"),
  range: words("Time range", "时间范围", "時間範圍", "Rentang waktu", "Khoảng thời gian"),
  reason: words("Reason", "原因", "原因", "Alasan", "Lý do"),
  recipient: words("Recipient", "收件人", "收件人", "Penerima", "Người nhận"),
  redirect: words("Page to return to", "返回的页面", "返回的頁面", "Halaman tujuan kembali", "Trang quay lại"),
  region: words("Region", "地区", "地區", "Wilayah", "Khu vực"),
  regions: words("Region prices", "区域价格", "地區價格", "Harga per wilayah", "Giá theo khu vực"),
  replyTo: words("Reply-to address", "回复地址", "回覆地址", "Alamat balasan", "Địa chỉ trả lời"),
  required: words(
    "Two-step verification required",
    "必须使用两步验证",
    "必須使用兩步驟驗證",
    "Wajib verifikasi dua langkah",
    "Bắt buộc xác minh hai bước",
  ),
  roleId: words("Role ID", "角色编号", "角色編號", "ID peran", "ID vai trò"),
  roleKey: words("Role key", "权限字符", "角色代碼", "Kunci peran", "Mã vai trò"),
  roleKeys: words("Roles", "角色", "角色", "Peran", "Vai trò"),
  roleName: words("Role name", "角色名称", "角色名稱", "Nama peran", "Tên vai trò"),
  onCallEmails: words("On-call addresses", "值班邮箱", "值班信箱", "Alamat tim siaga", "Địa chỉ đội trực"),
  salesEmails: words(
    "Sales alert addresses",
    "销售提醒邮箱",
    "業務通知信箱",
    "Alamat pemberitahuan penjualan",
    "Địa chỉ nhận thông báo bán hàng",
  ),
  scope: words("What to purge", "刷新范围", "清除範圍", "Cakupan pembersihan", "Phạm vi xóa"),
  scene: words("Verification scene", "验证场景", "驗證情境", "Skenario verifikasi", "Ngữ cảnh xác minh"),
  senderName: words("Sender name", "发件人名称", "寄件人名稱", "Nama pengirim", "Tên người gửi"),
  serviceId: words("Service ID", "服务编号", "服務編號", "ID layanan", "ID dịch vụ"),
  serviceOrderNo: words(
    "Order number of the service",
    "服务的订单号",
    "服務的訂單編號",
    "Nomor pesanan layanan",
    "Mã đơn hàng của dịch vụ",
  ),
  sessionId: words("Session", "会话", "工作階段", "Sesi", "Phiên"),
  sig: words("Signature", "签名", "簽章", "Tanda tangan", "Chữ ký"),
  siteId: words("Site", "站点", "網站", "Situs", "Trang web"),
  sort: DISPLAY_ORDER,
  state: words("State", "状态", "狀態", "Status", "Trạng thái"),
  status: words("Status", "状态", "狀態", "Status", "Trạng thái"),
  step: words("Step", "步长", "級距", "Kelipatan", "Bước nhảy"),
  subject: words("Subject", "邮件主题", "郵件主旨", "Subjek", "Tiêu đề thư"),
  taxId: TAX_ID,
  taxRateBp: words(
    "Tax rate included in prices",
    "价格所含税率",
    "價格所含稅率",
    "Tarif pajak dalam harga",
    "Thuế suất đã gồm trong giá",
  ),
  themeColor: words("Theme colour", "主题色", "主題色", "Warna tema", "Màu chủ đạo"),
  targets: words("Addresses", "地址", "網址", "Alamat", "Địa chỉ"),
  threshold: MINIMUM_ORDER,
  ticket: words("Preview ticket", "预览凭证", "預覽憑證", "Tiket pratinjau", "Mã xem trước"),
  timeZone: words("Time zone", "时区", "時區", "Zona waktu", "Múi giờ"),
  title: words("Title", "标题", "標題", "Judul", "Tiêu đề"),
  to: words("Last day", "结束日期", "結束日期", "Hari terakhir", "Ngày cuối"),
  token: words("Verification token", "验证令牌", "驗證權杖", "Token verifikasi", "Mã xác thực"),
  trialDays: words("Trial days", "试用天数", "試用天數", "Hari uji coba", "Số ngày dùng thử"),
  ttlSeconds: words(
    "Cache time (seconds)",
    "缓存时间（秒）",
    "快取時間（秒）",
    "Durasi cache (detik)",
    "Thời gian cache (giây)",
  ),
  two_factor_token: words(
    "Two-step verification token",
    "两步验证凭证",
    "兩步驟驗證憑證",
    "Token verifikasi dua langkah",
    "Mã phiên xác minh hai bước",
  ),
  type: words("Type", "类型", "類型", "Jenis", "Loại"),
  unit: words("Unit", "单位", "單位", "Satuan", "Đơn vị"),
  unitPrice: words("Unit price", "单价", "單價", "Harga satuan", "Đơn giá"),
  updatedAt: words(
    "Last changed",
    "最近修改时间",
    "最近修改時間",
    "Waktu perubahan terakhir",
    "Thời điểm sửa gần nhất",
  ),
  url: words("URL", "网址", "網址", "Alamat URL", "Địa chỉ URL"),
  userId: words("User ID", "用户编号", "使用者編號", "ID pengguna", "ID người dùng"),
  userName: USER_NAME,
  username: USER_NAME,
  utcOffset: words("Time zone offset", "时区偏移", "時區偏移", "Selisih zona waktu", "Độ lệch múi giờ"),
  validation: words(
    "Validation method",
    "控制权验证方式",
    "控制權驗證方式",
    "Cara membuktikan kendali",
    "Cách chứng minh quyền kiểm soát",
  ),
  validFrom: words("Valid from", "生效时间", "生效時間", "Berlaku mulai", "Hiệu lực từ"),
  validUntil: words("Valid until", "失效时间", "失效時間", "Berlaku hingga", "Hiệu lực đến"),
  value: words("Value", "数值", "數值", "Nilai", "Giá trị"),
  verifyInfo: words("Captcha", "人机验证", "人機驗證", "Verifikasi captcha", "Xác minh captcha"),
  wafMode: words("Protection mode", "防护模式", "防護模式", "Mode perlindungan", "Chế độ bảo vệ"),
  watchId: words(
    "Watched endpoint ID",
    "监控端点编号",
    "監控端點編號",
    "ID endpoint yang dipantau",
    "ID điểm cuối được giám sát",
  ),
  webDomain: words("Website domain", "官网域名", "官網網域", "Domain situs web", "Tên miền trang web"),
  webhookId: words("Webhook ID", "Webhook 编号", "Webhook 編號", "ID webhook", "ID webhook"),
  assignee: words("Assigned to", "处理人", "處理人員", "Ditugaskan ke", "Người phụ trách"),
  assigneeId: words("Assigned to", "处理人", "處理人員", "Ditugaskan ke", "Người phụ trách"),
  comment: words("Comment", "评价内容", "評語", "Komentar", "Nhận xét"),
  departmentId: words("Department", "部门", "部門", "Departemen", "Bộ phận"),
  file: FILE_NAME,
  firstReplyMinutes: words(
    "First answer within (minutes)",
    "首次回复时限（分钟）",
    "首次回覆時限（分鐘）",
    "Balasan pertama dalam (menit)",
    "Trả lời đầu tiên trong (phút)",
  ),
  inboundId: words("Received mail", "收到的邮件", "收到的郵件", "Email masuk", "Email đã nhận"),
  internal: words("Internal note", "内部备注", "內部備註", "Catatan internal", "Ghi chú nội bộ"),
  intoTicketNo: words("Merge into ticket", "合并到工单", "合併到工單", "Gabungkan ke tiket", "Gộp vào phiếu"),
  message: words("Message", "内容", "內容", "Pesan", "Nội dung"),
  messageIds: words("Messages", "消息", "訊息", "Pesan", "Tin nhắn"),
  priority: words("Priority", "优先级", "優先順序", "Prioritas", "Mức ưu tiên"),
  rating: words("Rating", "评分", "評分", "Penilaian", "Đánh giá"),
  replyId: words("Canned reply", "快捷回复", "快速回覆", "Balasan siap pakai", "Câu trả lời mẫu"),
  resolutionMinutes: words(
    "Resolved within (minutes)",
    "解决时限（分钟）",
    "解決時限（分鐘）",
    "Selesai dalam (menit)",
    "Giải quyết trong (phút)",
  ),
  rules: words("Service levels", "服务时限", "服務時限", "Target layanan", "Thời hạn xử lý"),
  ticketNo: words("Ticket number", "工单号", "工單編號", "Nomor tiket", "Mã phiếu"),
};

/** A field's label by its wire name: for a service naming the field it refuses. */
export type LabelledField = keyof typeof LABELS;
export function fieldLabel(name: LabelledField): FieldWords {
  return LABELS[name];
}

/** A name that means something else under a parent: "parent.name" (array items in between left out). */
const NESTED_LABELS: Record<string, FieldWords> = {
  "attachments.name": FILE_NAME,
  "billing.address": words("Company address", "公司地址", "公司地址", "Alamat perusahaan", "Địa chỉ công ty"),
  "cacheRules.path": words("Path prefix", "路径前缀", "路徑前綴", "Awalan jalur", "Tiền tố đường dẫn"),
  "editions.code": words("Package code", "套餐代码", "方案代碼", "Kode paket", "Mã gói"),
  "extras.code": words("Option code", "配置项代码", "設定項目代碼", "Kode opsi", "Mã tùy chọn"),
  "extras.max": words("Maximum units", "最多数量", "最多數量", "Unit maksimum", "Số đơn vị tối đa"),
};

/** A name that means something else on some routes: by the start of the route's URL. */
const ROUTE_LABELS: [string, Record<string, FieldWords>][] = [
  ["/prod-api/lead/apply", { name: words("Name", "姓名", "姓名", "Nama", "Họ tên") }],
  ["/prod-api/control/services/:orderNo/domains", { name: LABELS.domainName }],
  ["/prod-api/file/", { name: FILE_NAME }],
  ["/prod-api/support/", { subject: words("Subject", "标题", "標題", "Subjek", "Tiêu đề") }],
  ["/prod-api/business/tickets/", { subject: words("Subject", "标题", "標題", "Subjek", "Tiêu đề") }],
  [
    "/prod-api/business/help/",
    {
      body: words("Article", "正文", "內文", "Isi artikel", "Nội dung"),
      q: LABELS.keyword,
      scope: words("Shown on", "显示于", "顯示於", "Tampil di", "Hiển thị trên"),
    },
  ],
  [
    "/prod-api/notifications",
    { kind: words("Kind of notice", "通知类型", "通知類型", "Jenis pemberitahuan", "Loại thông báo") },
  ],
  ["/prod-api/help/search", { q: LABELS.keyword, limit: words("How many", "数量", "數量", "Jumlah", "Số lượng") }],
  ["/prod-api/order/pay/", { method: LABELS.payMethod }],
  [
    "/prod-api/order/coupon",
    { code: LABELS.couponCode, value: words("Discount", "优惠额度", "優惠額度", "Diskon", "Mức giảm") },
  ],
  [
    "/prod-api/system/mailTemplate/",
    { action: words("Button label", "按钮文字", "按鈕文字", "Label tombol", "Nhãn nút") },
  ],
  ["/prod-api/system/dict/data/type/", { type: LABELS.dictType }],
  ["/prod-api/system/config/configKey/", { key: LABELS.configKey }],
];

/**
 * Fields whose keys are data (a product's code, a region, a quantity's name), not field names: an
 * error under one of those keys is named after the field that holds them. The field-labels test
 * fails on a schema with such keys under a name missing here.
 */
export const KEYED_FIELDS: ReadonlySet<string> = new Set([
  "products",
  "regions",
  "quantities",
  "features",
  "marketingFigures",
]);

/** The keys of a text given in each language ("roleName.zh-TW"): named after the field, with the language. */
const LANGUAGE_NAMES: Record<string, FieldWords> = {
  en: words("English", "英文", "英文", "Inggris", "tiếng Anh"),
  "zh-CN": words("Simplified Chinese", "简体中文", "簡體中文", "Tionghoa Sederhana", "tiếng Trung giản thể"),
  "zh-TW": words("Traditional Chinese", "繁体中文", "繁體中文", "Tionghoa Tradisional", "tiếng Trung phồn thể"),
  id: words("Indonesian", "印尼文", "印尼文", "Indonesia", "tiếng Indonesia"),
  vi: words("Vietnamese", "越南文", "越南文", "Vietnam", "tiếng Việt"),
};

/** A whole part of the request, when it is wrong as a whole (a body that is not an object). */
const PART_LABELS: Record<string, FieldWords> = {
  body: words("Request body", "请求内容", "請求內容", "Isi permintaan", "Nội dung yêu cầu"),
  querystring: words("Query parameters", "查询参数", "查詢參數", "Parameter kueri", "Tham số truy vấn"),
  params: words("Path parameters", "路径参数", "路徑參數", "Parameter jalur", "Tham số đường dẫn"),
  headers: words("Request headers", "请求头", "請求標頭", "Header permintaan", "Tiêu đề yêu cầu"),
};

/** What a field is called when it has no label: never its wire name. */
const UNNAMED = words(
  "A field of the form",
  "表单中的某个字段",
  "表單中的某個欄位",
  "Salah satu kolom formulir",
  "Một trường trong biểu mẫu",
);

const per = (make: (language: Language) => string): FieldWords => ({
  en: make("en"),
  "zh-CN": make("zh-CN"),
  "zh-TW": make("zh-TW"),
  id: make("id"),
  vi: make("vi"),
});

/** "item 2", "第 2 项": the place of an item in a list. */
const ITEM: Record<Language, (n: number) => string> = {
  en: (n) => `item ${n}`,
  "zh-CN": (n) => `第 ${n} 项`,
  "zh-TW": (n) => `第 ${n} 項`,
  id: (n) => `entri ke-${n}`,
  vi: (n) => `mục thứ ${n}`,
};

/** "Path prefix (Cache rules, item 1)", "路径前缀（缓存规则第 1 项）". */
function withContext(
  leaf: FieldWords,
  parent: FieldWords | undefined,
  parentItem: number | undefined,
  leafItem: number | undefined,
): FieldWords {
  if (!parent && leafItem === undefined) return leaf;
  return per((language) => {
    const chinese = language === "zh-CN" || language === "zh-TW";
    const notes: string[] = [];
    if (parent) {
      const item = parentItem === undefined ? "" : ITEM[language](parentItem);
      notes.push(chinese ? `${parent[language]}${item}` : item ? `${parent[language]}, ${item}` : parent[language]);
    }
    if (leafItem !== undefined) notes.push(ITEM[language](leafItem));
    return chinese ? `${leaf[language]}（${notes.join("，")}）` : `${leaf[language]} (${notes.join("; ")})`;
  });
}

/** "Role name (English)", "角色名称（英文）". */
const inLanguage = (field: FieldWords, language: FieldWords): FieldWords =>
  per((reader) =>
    reader === "zh-CN" || reader === "zh-TW"
      ? `${field[reader]}（${language[reader]}）`
      : `${field[reader]} (${language[reader]})`,
  );

const INDEX = /^\d+$/;
const own = (table: Record<string, FieldWords>, key: string): FieldWords | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

interface Segment {
  /** The segment's own label, if it names a labelled field. */
  label?: FieldWords | undefined;
  /** It is a language's key in a text given in each language. */
  language?: boolean;
  /** It is a key of a keyed field (KEYED_FIELDS): data, not a field. */
  key?: boolean;
}

/** Each segment of a path read in turn, each named in the light of the nearest named one before it. */
function segmentsOf(path: readonly string[], route: string | undefined): Segment[] {
  const scoped = route === undefined ? [] : ROUTE_LABELS.filter(([prefix]) => route.startsWith(prefix));
  const segments: Segment[] = [];
  let parent: { name: string; language: boolean; keyed: boolean; keyTaken: boolean } | undefined;
  for (const name of path) {
    if (INDEX.test(name)) {
      segments.push({});
      continue;
    }
    if (parent?.keyed && !parent.keyTaken) {
      parent.keyTaken = true;
      segments.push({ key: true });
      continue;
    }
    const nested = parent ? `${parent.name}.${name}` : undefined;
    let label: FieldWords | undefined;
    for (const [, table] of scoped) label ??= (nested && own(table, nested)) || own(table, name);
    label ??= nested ? own(NESTED_LABELS, nested) : undefined;
    const language = !label && parent !== undefined && !parent.language && Object.hasOwn(LANGUAGE_NAMES, name);
    if (language) label = LANGUAGE_NAMES[name];
    label ??= own(LABELS, name);
    segments.push({ label, language });
    if (label) parent = { name, language, keyed: !language && KEYED_FIELDS.has(name), keyTaken: false };
  }
  return segments;
}

/**
 * The words for the labelled segment at `end`: its label, with the label of the nearest labelled
 * segment before it and the items' places ("Path prefix (Cache rules, item 1)"); a language's key
 * is the field's words with the language ("Role name (English)").
 */
function named(path: readonly string[], segments: Segment[], end: number): FieldWords {
  const segment = segments[end]!;
  const parentAt = nearestNamed(segments, end);
  if (segment.language) return inLanguage(named(path, segments, parentAt), segment.label!);
  const parent = parentAt >= 0 ? segments[parentAt]!.label : undefined;
  const next = path[parentAt + 1];
  const parentItem = parent && parentAt + 1 < end && INDEX.test(next ?? "") ? Number(next) + 1 : undefined;
  const last = path[end + 1];
  const leafItem = last !== undefined && INDEX.test(last) ? Number(last) + 1 : undefined;
  return withContext(segment.label!, parent, parentItem, leafItem);
}

/** The index of the nearest segment before `end` that has a label, or -1. */
function nearestNamed(segments: Segment[], end: number): number {
  for (let index = end - 1; index >= 0; index -= 1) if (segments[index]!.label) return index;
  return -1;
}

/**
 * The label of the field at `path` (the wire path's segments: "cacheRules", "0", "ttlSeconds") on
 * the route (its URL as declared), with what tells it apart ("Cache time (seconds) (Cache rules,
 * item 1)"); undefined when the field's own name has no label.
 */
export function labelOf(path: readonly string[], route?: string): FieldWords | undefined {
  const segments = segmentsOf(path, route);
  let end = path.length - 1;
  // An item of a list is named after the list ("Origin addresses (item 2)").
  if (end > 0 && INDEX.test(path[end]!)) end -= 1;
  // A key of a keyed field is named after the field ("Region prices (Packages, item 1)").
  if (end >= 0 && segments[end]!.key) end = nearestNamed(segments, end);
  if (end < 0 || !segments[end]!.label) return undefined;
  return named(path.slice(0, end + 2), segments, end);
}

/**
 * Words for the field at `path`, never its wire name: its label; else, for a field with no label,
 * "a field of" the nearest labelled one around it, or of the form. `labelled` says which. An empty
 * path is the request's part itself (the body, the query string).
 */
export function fieldWords(
  path: readonly string[],
  { route, part }: { route?: string | undefined; part?: string | undefined } = {},
): { words: FieldWords; labelled: boolean } {
  if (path.length === 0) {
    const words = (part && own(PART_LABELS, part)) || PART_LABELS.body!;
    return { words, labelled: true };
  }
  const label = labelOf(path, route);
  if (label) return { words: label, labelled: true };
  const segments = segmentsOf(path, route);
  const around = nearestNamed(segments, path.length);
  if (around < 0) return { words: UNNAMED, labelled: false };
  const parent = labelOf(path.slice(0, around + 1), route)!;
  return {
    words: per((language) => {
      switch (language) {
        case "en":
          return `A field of ${parent.en}`;
        case "zh-CN":
          return `${parent["zh-CN"]}中的某个字段`;
        case "zh-TW":
          return `${parent["zh-TW"]}中的某個欄位`;
        case "id":
          return `Salah satu kolom di ${parent.id}`;
        case "vi":
          return `Một trường trong ${parent.vi}`;
      }
    }),
    labelled: false,
  };
}

/**
 * The words for a field of this request (its path in the request's `part`), for a message to its
 * caller; a field with no label is logged (at debug: the field-labels test keeps the declared ones
 * labelled, so what is left is input no route declares).
 */
export function requestFieldWords(request: FastifyRequest, path: readonly string[], part?: string): FieldWords {
  const route = request.routeOptions?.url;
  const { words, labelled } = fieldWords(path, { route, part });
  if (!labelled) request.log.debug({ field: path.join(".").slice(0, 200), part, route }, "a field without a label");
  return words;
}
