import { CloseOutlined } from "@ant-design/icons";
import { Dropdown } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { afterClosing, type CloseKind } from "./tab-rules";
import { useTabs } from "./tabs-store";

/** Width of the context menu (spec section 9). */
const MENU_WIDTH = 105;

/**
 * One tab per visited page (spec section 2, Tabs): click to go back, × to close, and a context
 * menu to refresh or close this, the others, those to the left or right, or all (affix tabs stay).
 */
export function TagsView({ activePath, homeTitle }: { activePath: string; homeTitle: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabs((s) => s.tabs);
  const close = useTabs((s) => s.close);
  const refresh = useTabs((s) => s.refresh);
  const [menuFor, setMenuFor] = useState<string | null>(null);

  // The context menu closes on a click elsewhere (the dropdown's own) and on scroll.
  useEffect(() => {
    if (!menuFor) return;
    const hide = () => setMenuFor(null);
    window.addEventListener("scroll", hide, true);
    return () => window.removeEventListener("scroll", hide, true);
  }, [menuFor]);

  const closeTabs = (path: string, kind: CloseKind) => {
    const remaining = close(path, kind);
    const next = afterClosing(remaining, activePath);
    if (next) void navigate(next);
  };

  return (
    <nav className="tags-view" aria-label={t("console.tabs")}>
      {tabs.map((tab) => {
        const active = tab.path === activePath;
        const index = tabs.indexOf(tab);
        const title = tab.affix && !tab.title ? homeTitle : tab.title;
        return (
          <Dropdown
            key={tab.path}
            trigger={["contextMenu"]}
            open={menuFor === tab.path}
            onOpenChange={(open) => setMenuFor(open ? tab.path : null)}
            menu={{
              style: { minWidth: MENU_WIDTH },
              items: [
                { key: "refresh", label: t("console.tabRefresh"), disabled: tab.affix },
                { key: "current", label: t("console.tabClose"), disabled: tab.affix },
                { key: "others", label: t("console.tabCloseOthers") },
                { key: "left", label: t("console.tabCloseLeft"), disabled: index <= 1 },
                { key: "right", label: t("console.tabCloseRight"), disabled: index === tabs.length - 1 },
                { key: "all", label: t("console.tabCloseAll") },
              ],
              onClick: ({ key }) => {
                setMenuFor(null);
                if (key === "refresh") {
                  refresh(tab.path);
                  if (!active) void navigate(tab.fullPath);
                } else closeTabs(tab.path, key as CloseKind);
              },
            }}
          >
            <span className={`tags-view__tab${active ? " tags-view__tab--active" : ""}`} data-path={tab.path}>
              {tab.affix ? (
                <a href={tab.fullPath}>{title}</a>
              ) : (
                <Link to={tab.fullPath} aria-current={active ? "page" : undefined}>
                  {title}
                </Link>
              )}
              {tab.affix ? null : (
                <button
                  type="button"
                  className="tags-view__close"
                  aria-label={`${t("console.tabClose")}: ${title}`}
                  onClick={() => closeTabs(tab.path, "current")}
                >
                  <CloseOutlined />
                </button>
              )}
            </span>
          </Dropdown>
        );
      })}
    </nav>
  );
}
