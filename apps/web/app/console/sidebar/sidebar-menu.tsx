import { Menu, type MenuProps, Tooltip } from "antd";
import { useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import type { MenuItem } from "../routing/menu-routes";
import { MenuIcon } from "../shell/menu-icon";

/** Titles longer than this get a tooltip (spec section 2, Sidebar). */
const TOOLTIP_AFTER = 5;

type AntdItem = Required<MenuProps>["items"][number];

function toAntd(items: MenuItem[]): AntdItem[] {
  return items.map((item) => {
    const label =
      item.title.length > TOOLTIP_AFTER ? (
        <Tooltip key={item.key} title={item.title} placement="right" mouseEnterDelay={0.6}>
          <span>{item.title}</span>
        </Tooltip>
      ) : (
        item.title
      );
    return item.children
      ? { key: item.key, icon: <MenuIcon name={item.icon} />, label, children: toAntd(item.children) }
      : { key: item.key, icon: <MenuIcon name={item.icon} />, label };
  });
}

/** Every ancestor key of a path ("/a/b/c" → "/a", "/a/b"), to open the submenus of the page shown. */
const ancestors = (path: string) =>
  path
    .split("/")
    .filter(Boolean)
    .slice(0, -1)
    .map((_, i, parts) => `/${parts.slice(0, i + 1).join("/")}`);

/** The sidebar's menu: the page shown is selected, its directories open; external links open a tab. */
export function SidebarMenu({
  items,
  theme,
  collapsed,
  onNavigate,
}: {
  items: MenuItem[];
  theme: "dark" | "light";
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const antdItems = useMemo(() => toAntd(items), [items]);
  const external = useMemo(() => {
    const keys = new Set<string>();
    const walk = (list: MenuItem[]) => {
      for (const item of list) {
        if (item.external) keys.add(item.key);
        if (item.children) walk(item.children);
      }
    };
    walk(items);
    return keys;
  }, [items]);
  return (
    <Menu
      mode="inline"
      theme={theme}
      items={antdItems}
      selectedKeys={[pathname]}
      defaultOpenKeys={collapsed ? [] : ancestors(pathname)}
      inlineCollapsed={collapsed}
      onClick={({ key }) => {
        if (external.has(key)) window.open(key, "_blank", "noopener");
        else void navigate(key);
        onNavigate?.();
      }}
    />
  );
}
