import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { ViewName } from "../routing/view-names";
import type { ViewProps } from "../routing/view-props";

type View = LazyExoticComponent<ComponentType<ViewProps>>;

/**
 * The one map from the menus' component strings to the console's views, each loaded on first
 * use. A component string not listed here shows the "not available" page (and is logged), never
 * a crash: the menus are data that operators edit.
 */
const VIEWS: Record<ViewName, View> = {
  "control/customer/index": lazy(() => import("../views/control/control-center")),
  "business/dashboard/index": lazy(() => import("../views/control/dashboard-view")),
  "business/order/index": lazy(() => import("../views/orders/orders-view")),
  "business/service/index": lazy(() => import("../views/services/services-view")),
  "business/invoice/index": lazy(() => import("../views/invoices/invoices-view")),
  "business/usage/index": lazy(() => import("../views/usage-billing/usage-billing-view")),
  "business/balance/index": lazy(() => import("../views/balances/balances-view")),
  "business/catalog/index": lazy(() => import("../views/catalogue/price-lists-view")),
  "business/coupon/index": lazy(() => import("../views/coupons/coupons-view")),
  "business/lead/index": lazy(() => import("../views/leads/leads-view")),
  "control/orders/index": lazy(() => import("../views/orders/my-orders-view")),
  "control/services/index": lazy(() => import("../views/services/my-services-view")),
  "control/monitors/index": lazy(() => import("../views/uptime/monitors-view")),
  "control/certificates/index": lazy(() => import("../views/certificates/certificates-view")),
  "control/domains/index": lazy(() => import("../views/domains/domains-view")),
  "control/usage/index": lazy(() => import("../views/usage/usage-view")),
  "control/balance/index": lazy(() => import("../views/balance/balance-view")),
  "control/support/index": lazy(() => import("../views/support/my-tickets-view")),
  "business/support/index": lazy(() => import("../views/support/desk-view")),
  "business/help/index": lazy(() => import("../views/help/help-view")),
  "system/user/index": lazy(() => import("../views/users/users-view")),
  "system/role/index": lazy(() => import("../views/roles/roles-view")),
  "system/site/index": lazy(() => import("../views/sites/sites-view")),
  "system/notice/index": lazy(() => import("../views/notices/notices-view")),
  "system/menu/index": lazy(() => import("../views/menus/menus-view")),
  "system/dict/index": lazy(() => import("../views/dicts/dicts-view")),
  "system/config/index": lazy(() => import("../views/configs/configs-view")),
  "system/mailTemplate/index": lazy(() => import("../views/mail/mail-templates-view")),
  "system/webhook/index": lazy(() => import("../views/webhooks/webhooks-view")),
  "monitor/online/index": lazy(() => import("../views/monitor/online-view")),
  "monitor/logininfor/index": lazy(() => import("../views/monitor/login-log-view")),
  "monitor/mail/index": lazy(() => import("../views/mail/mail-log-view")),
  "monitor/operlog/index": lazy(() => import("../views/monitor/oper-log-view")),
  "monitor/server/index": lazy(() => import("../views/monitor/server-view")),
  "tool/build/index": lazy(() => import("../views/general/api-docs-view")),
  InnerLink: lazy(() => import("../views/general/inner-link")),
  "user/profile": lazy(() => import("../views/users/profile")),
  "userCenter/set/routine": lazy(() => import("../views/users/personal-settings")),
  "userCenter/notifications": lazy(() => import("../views/notifications/notifications-view")),
  "error/404": lazy(() => import("../views/general/error-404")),
};

/**
 * The views drawn without antd (the console's landing page above all, so that the first view does
 * not wait for antd); every other view is drawn inside the console's antd scope.
 */
const WITHOUT_ANTD = new Set(["control/customer/index", "InnerLink", "tool/build/index"]);

export function usesAntd(component: string): boolean {
  return !WITHOUT_ANTD.has(component);
}

const NotAvailable = lazy(() => import("../views/general/not-available"));

export function viewFor(component: string): View {
  const view = VIEWS[component as ViewName] as View | undefined;
  if (view) return view;
  console.warn(`console: no view is registered for the component "${component}"`);
  return NotAvailable;
}

/** Pages of the console that every signed-in user has, whatever the menus say. */
export const STATIC_PAGES = [
  { path: "/user/profile", component: "user/profile", titleKey: "console.profile" },
  { path: "/userCenter/set/routine", component: "userCenter/set/routine", titleKey: "console.personalSettings" },
  { path: "/userCenter/notifications", component: "userCenter/notifications", titleKey: "notifications.title" },
] as const;
