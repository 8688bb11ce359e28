import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  DollarOutlined,
  EditOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HistoryOutlined,
  HomeOutlined,
  LineChartOutlined,
  MailOutlined,
  MessageOutlined,
  MonitorOutlined,
  OrderedListOutlined,
  PartitionOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WalletOutlined,
  WifiOutlined,
} from "@ant-design/icons";
import type { ComponentType } from "react";

/** The icon names the menus use (those of the console this one descends from) as antd icons. */
const ICONS: Record<string, ComponentType> = {
  system: SettingOutlined,
  user: UserOutlined,
  peoples: TeamOutlined,
  "tree-table": PartitionOutlined,
  dict: ReadOutlined,
  edit: EditOutlined,
  international: GlobalOutlined,
  monitor: MonitorOutlined,
  online: WifiOutlined,
  logininfor: HistoryOutlined,
  form: FileTextOutlined,
  server: CloudServerOutlined,
  tool: ToolOutlined,
  swagger: BookOutlined,
  dashboard: DashboardOutlined,
  home: HomeOutlined,
  order: ShoppingCartOutlined,
  service: SafetyCertificateOutlined,
  shopping: ShoppingOutlined,
  chart: BarChartOutlined,
  message: MessageOutlined,
  documentation: ProfileOutlined,
  list: UnorderedListOutlined,
  money: DollarOutlined,
  log: AuditOutlined,
  tab: OrderedListOutlined,
  email: MailOutlined,
  uptime: LineChartOutlined,
  certificate: SafetyOutlined,
  wallet: WalletOutlined,
  support: QuestionCircleOutlined,
  help: FileSearchOutlined,
};

/** A menu entry's icon: decoration only (the entry's title names it), so hidden from screen readers. */
export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return (
    <span className="menu-icon" aria-hidden="true">
      <Icon />
    </span>
  );
}
