import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import type { RouterEntry } from "@rampart/contracts";
import { App, Avatar, Card, Dropdown, Layout, Result, Spin, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { menuApi } from "../../shared/auth/menu-api";
import { resumeSession, useSession } from "../../shared/auth/session-store";
import { getToken } from "../../shared/auth/token-cookie";
import { useSiteData } from "../../shared/branding/use-site-data";
import { ConsoleLanguageMenu } from "../layout/console-language-menu";
import "./console-home.css";

/** The full path of each visible page in a menu tree ("/system" + "user" → "/system/user"). */
function visiblePages(entries: RouterEntry[], parent = ""): { path: string; title: string; section: string }[] {
  const pages: { path: string; title: string; section: string }[] = [];
  for (const entry of entries) {
    if (entry.hidden) continue;
    const path = entry.path.startsWith("/") || /^https?:/.test(entry.path) ? entry.path : `${parent}/${entry.path}`;
    if (entry.children?.length) {
      for (const child of visiblePages(entry.children, path === "/" ? "" : path)) {
        pages.push({ ...child, section: child.section || entry.meta?.title || "" });
      }
    } else if (entry.meta) pages.push({ path, title: entry.meta.title, section: "" });
  }
  return pages;
}

/**
 * The console's landing: who is signed in, with what roles, and every page their menus open.
 * Without a session it sends the visitor to the login page and back here afterwards.
 */
export function ConsoleHome() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { branding, language } = useSiteData();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { name, avatar, roles, getInfo, logout } = useSession();
  const [menus, setMenus] = useState<RouterEntry[] | null>(null);

  // An existing session is extended now, and again before each expiry.
  useEffect(() => {
    if (getToken()) void resumeSession().catch(() => {});
  }, []);

  useEffect(() => {
    if (!getToken()) {
      void navigate(`/admin/login?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
      return;
    }
    let live = true;
    Promise.all([getInfo(), menuApi.getRouters(language)])
      .then(([, tree]) => live && setMenus(tree.data))
      .catch(() => live && setMenus([]));
    return () => {
      live = false;
    };
  }, [getInfo, language, navigate, pathname, search]);

  const confirmLogout = () =>
    modal.confirm({
      title: t("request.systemNotification"),
      content: t("console.logoutConfirm"),
      okText: t("console.confirm"),
      cancelText: t("console.cancel"),
      async onOk() {
        await logout().catch(() => {});
        await navigate("/admin/login", { replace: true });
      },
    });

  const pages = menus ? visiblePages(menus) : [];
  return (
    <Layout className="console-home">
      <Layout.Header className="console-home__header">
        <a
          className="console-home__brand"
          href={branding.webDomain ? `//${branding.webDomain}` : "/index"}
          target="_blank"
          rel="noreferrer"
        >
          {branding.logo ? <img src={branding.logo} alt="" height={28} /> : null}
          <span>{branding.company}</span>
        </a>
        <div className="console-home__tools">
          <ConsoleLanguageMenu current={language} />
          <Dropdown
            trigger={["click"]}
            menu={{
              items: [{ key: "logout", icon: <LogoutOutlined />, label: t("console.logout"), onClick: confirmLogout }],
            }}
          >
            <button type="button" className="console-home__user" aria-label={name || t("console.profile")}>
              <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} />
              <span className="console-home__user-name">{name}</span>
            </button>
          </Dropdown>
        </div>
      </Layout.Header>
      <Layout.Content className="console-home__content">
        {menus === null ? (
          <Spin description={t("console.loading")} size="large">
            <div className="console-home__loading" />
          </Spin>
        ) : (
          <>
            <Typography.Title level={3}>{t("console.welcome", { name })}</Typography.Title>
            <p>
              {t("console.roles")}:{" "}
              {roles.map((role) => (
                <Tag key={role}>{role}</Tag>
              ))}
            </p>
            <Typography.Title level={5}>{t("console.yourMenus")}</Typography.Title>
            {pages.length === 0 ? (
              <Result status="info" title={t("request.codes.403")} />
            ) : (
              <div className="console-home__grid">
                {pages.map((page) => (
                  <Card key={page.path} size="small" className="console-home__card">
                    <span className="console-home__section">{page.section}</span>
                    {page.path.startsWith("http") ? (
                      <a href={page.path} target="_blank" rel="noreferrer">
                        {page.title}
                      </a>
                    ) : (
                      <Link to={page.path}>{page.title}</Link>
                    )}
                  </Card>
                ))}
              </div>
            )}
          </>
        )}
      </Layout.Content>
    </Layout>
  );
}
