/**
 * The component strings a menu entry can name, each drawn by one view of the registry
 * (shell/view-registry.tsx maps every one of them, which the compiler checks); the menus page offers them.
 */
export const VIEW_COMPONENTS = [
  "InnerLink",
  "business/balance/index",
  "business/catalog/index",
  "business/coupon/index",
  "business/dashboard/index",
  "business/invoice/index",
  "business/lead/index",
  "business/order/index",
  "business/service/index",
  "business/usage/index",
  "control/balance/index",
  "control/certificates/index",
  "control/customer/index",
  "control/domains/index",
  "control/monitors/index",
  "control/orders/index",
  "control/services/index",
  "control/usage/index",
  "error/404",
  "monitor/logininfor/index",
  "monitor/mail/index",
  "monitor/online/index",
  "monitor/operlog/index",
  "monitor/server/index",
  "system/config/index",
  "system/dict/index",
  "system/mailTemplate/index",
  "system/menu/index",
  "system/notice/index",
  "system/role/index",
  "system/site/index",
  "system/user/index",
  "system/webhook/index",
  "tool/build/index",
  "user/profile",
  "userCenter/set/routine",
] as const;

export type ViewName = (typeof VIEW_COMPONENTS)[number];
