import { MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from "@ant-design/icons";
import { Activity, lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useSession } from "../../shared/auth/session-store";
import { getToken } from "../../shared/auth/token-cookie";
import { useSiteData } from "../../shared/branding/use-site-data";
import { AfterView, AntdHostSlot, LazyAntdScope } from "../antd/lazy-antd";
import { ConsoleLanguageMenu } from "../layout/console-language-menu";
import { AvatarMenu } from "../navbar/avatar-menu";
import { ConsoleBreadcrumb } from "../navbar/console-breadcrumb";
import { FullscreenToggle } from "../navbar/fullscreen-toggle";
import { NoticeBell } from "../navbar/notice-bell";
import { SizeMenu } from "../navbar/size-menu";
import { TopNav } from "../navbar/top-nav";
import { type ConsoleRoute, menuItems } from "../routing/menu-routes";
import { SidebarMenu } from "../sidebar/sidebar-menu";
import { MOBILE_BREAKPOINT, useAppState } from "../state/app-state";
import { useLayoutSettings } from "../state/layout-settings";
import { recordVisit } from "../state/recent-visits";
import { useTabs } from "../tags-view/tabs-store";
import { useConsoleRoutes } from "./console-routes-store";
import { STATIC_PAGES, usesAntd, viewFor } from "./view-registry";

// Loaded after the first view: what the first paint of the console does not need.
const HeaderSearch = lazy(() => import("../navbar/header-search").then((m) => ({ default: m.HeaderSearch })));
const SettingsDrawer = lazy(() => import("../settings/settings-drawer").then((m) => ({ default: m.SettingsDrawer })));
const TwoFactorEnrolment = lazy(() => import("../views/auth/two-factor-enrolment"));
const TagsView = lazy(() => import("../tags-view/tags-view").then((m) => ({ default: m.TagsView })));

const SIDEBAR_WIDTH = 230;
const SIDEBAR_COLLAPSED_WIDTH = 54;

interface Page {
  path: string;
  title: string;
  component: string;
  link: string | null;
  route: ConsoleRoute | undefined;
}

/**
 * The console: sidebar, navbar (hamburger, breadcrumb, search, full screen, size, language,
 * avatar), top menu, tabs and the page, built from the server's menu tree for the user's language
 * and permissions. Open tabs keep their pages alive (React's Activity) so that a form keeps what
 * was typed when the user comes back to it.
 */
export function ConsoleShell() {
  const { t } = useTranslation();
  const { branding, language } = useSiteData();
  const navigate = useNavigate();
  const location = useLocation();
  const { status, tree, routes, ensure, reset } = useConsoleRoutes();
  const settings = useLayoutSettings();
  const app = useAppState();
  const tabs = useTabs((s) => s.tabs);
  const generations = useTabs((s) => s.generations);
  const openTab = useTabs((s) => s.open);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The search is not part of the first view: it loads when the user reaches for it.
  const [searchWanted, setSearchWanted] = useState(false);

  // The route guard: no token → the login page, and back here afterwards.
  const signedIn = typeof document !== "undefined" && getToken() !== undefined;
  useEffect(() => {
    if (!getToken()) {
      void navigate(`/admin/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, {
        replace: true,
      });
      return;
    }
    void ensure(language);
  }, [ensure, language, navigate, location.pathname, location.search]);

  // The device follows the window; turning into a phone closes the sidebar without animation.
  useEffect(() => {
    const measure = () => {
      const mobile = window.innerWidth < MOBILE_BREAKPOINT;
      const state = useAppState.getState();
      if (mobile && state.device !== "mobile") state.closeSidebar(true);
      state.setDevice(mobile ? "mobile" : "desktop");
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);

  // On a phone the open sidebar closes with Escape, as a drawer does.
  const drawerOpen = app.device === "mobile" && app.sidebarOpened && !app.sidebarHidden;
  useEffect(() => {
    if (!drawerOpen) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === "Escape") useAppState.getState().closeSidebar(false);
    };
    window.addEventListener("keydown", close);
    return () => window.removeEventListener("keydown", close);
  }, [drawerOpen]);

  const pageFor = useMemo(() => {
    const byPath = new Map(routes.map((route) => [route.path, route]));
    return (path: string): Page => {
      const route = byPath.get(path);
      if (route) return { path, title: route.title, component: route.component, link: route.link, route };
      const fixed = STATIC_PAGES.find((p) => p.path === path);
      if (fixed) return { path, title: t(fixed.titleKey), component: fixed.component, link: null, route: undefined };
      return { path, title: t("console.notFound"), component: "error/404", link: null, route: undefined };
    };
  }, [routes, t]);

  const current = pageFor(location.pathname);
  const ready = status === "ready" || status === "failed";

  // Every page shown gets a tab, and a line in the recent visits.
  useEffect(() => {
    if (!ready) return;
    openTab({ path: current.path, fullPath: location.pathname + location.search, title: current.title });
    if (current.route) recordVisit({ name: current.route.name, title: current.title, path: current.path });
  }, [ready, current.path, current.title, current.route, location.pathname, location.search, openTab]);

  // The document title: the page's when dynamic titles are on (once the menus say which), else the company's.
  useEffect(() => {
    document.title = settings.dynamicTitle && ready ? `${current.title} - ${branding.company}` : branding.company;
  }, [settings.dynamicTitle, ready, current.title, branding.company]);

  const activeTop = current.route?.topPath ?? "";
  const sideEntries = useMemo(() => {
    if (!settings.topNav) return tree;
    const top = tree.find((entry) => entry.path === activeTop);
    return top ? [top] : tree;
  }, [settings.topNav, tree, activeTop]);
  const items = useMemo(() => menuItems(sideEntries), [sideEntries]);
  const mobile = app.device === "mobile";
  const sideTheme = settings.sideTheme === "theme-dark" ? "dark" : "light";

  // The antd host stays where it is while the menus reload (a language switch): first, keyed.
  const antdHost = <AntdHostSlot key="antd-host" />;
  if (signedIn && status === "enrol") {
    return (
      <>
        {antdHost}
        <Suspense fallback={<span className="console-spinner console-content__loading" />}>
          <LazyAntdScope>
            <TwoFactorEnrolment
              onDone={async () => {
                await useSession.getState().getInfo();
                reset();
                await ensure(language);
              }}
            />
          </LazyAntdScope>
        </Suspense>
      </>
    );
  }
  if (signedIn && status === "expired") {
    // Not a 404 behind the "log in again" dialog: the menus, hence the page, are unknown until then.
    const back = `/admin/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    return (
      <>
        {antdHost}
        <div className="console-loading console-loading--expired" role="status">
          <span>{t("request.sessionExpired")}</span>
          <a href={back}>{t("request.relogin")}</a>
        </div>
      </>
    );
  }
  if (!signedIn || !ready) {
    return (
      <>
        {antdHost}
        <div className="console-loading" role="status">
          <span className="console-spinner" />
          <span>{t("console.loading")}</span>
        </div>
      </>
    );
  }

  const sidebar = (
    <div className={`console-sidebar console-sidebar--${sideTheme}`}>
      {settings.sidebarLogo ? (
        <a
          className="console-sidebar__logo"
          href={branding.webDomain ? `//${branding.webDomain}` : "/index"}
          target="_blank"
          rel="noreferrer"
        >
          {branding.logo ? <img src={branding.logo} alt="" height={28} /> : null}
          {app.sidebarOpened || mobile ? <span>{branding.company}</span> : null}
        </a>
      ) : null}
      <SidebarMenu
        items={items}
        theme={sideTheme}
        collapsed={!mobile && !app.sidebarOpened}
        onNavigate={mobile ? () => app.closeSidebar(false) : undefined}
      />
    </div>
  );

  const openTabs = settings.tagsView ? tabs.filter((tab) => tab.path !== "/index") : [];
  const shownPaths = new Set(openTabs.map((tab) => tab.path));
  if (!shownPaths.has(current.path))
    openTabs.push({ path: current.path, fullPath: current.path, title: current.title });

  return (
    <>
      {antdHost}
      <div
        className={`console-shell${app.withoutAnimation ? " console-shell--still" : ""}`}
        style={{ ["--console-primary" as string]: settings.theme }}
      >
        {mobile ? (
          <div className={`console-sidebar-drawer${drawerOpen ? " is-open" : ""}`} inert={!drawerOpen}>
            <button
              type="button"
              className="console-sidebar-drawer__backdrop"
              aria-label={t("console.toggleSidebar")}
              tabIndex={-1}
              onClick={() => app.closeSidebar(false)}
            />
            <aside className="console-sidebar-drawer__panel" style={{ width: SIDEBAR_WIDTH }}>
              {sidebar}
            </aside>
          </div>
        ) : app.sidebarHidden ? null : (
          <aside
            className={`console-sider${app.sidebarOpened ? "" : " console-sider--collapsed"}`}
            style={{ width: app.sidebarOpened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH }}
          >
            {sidebar}
          </aside>
        )}
        <div className="console-main">
          <header className={`console-header${settings.fixedHeader ? " console-header--fixed" : ""}`}>
            <div className="console-navbar">
              <button
                type="button"
                className="console-icon-button console-hamburger"
                aria-label={t("console.toggleSidebar")}
                aria-expanded={app.sidebarOpened}
                onClick={app.toggleSidebar}
              >
                {app.sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
              </button>
              {settings.topNav && !mobile ? (
                <TopNav tree={tree} activeTop={activeTop} />
              ) : (
                <ConsoleBreadcrumb route={current.route} title={current.title} />
              )}
              <div className="console-navbar__tools">
                {searchWanted ? (
                  <Suspense fallback={<span className="header-search header-search--loading" />}>
                    <LazyAntdScope>
                      <HeaderSearch routes={routes} autoFocus />
                    </LazyAntdScope>
                  </Suspense>
                ) : (
                  <button
                    type="button"
                    className="header-search header-search--trigger"
                    onClick={() => setSearchWanted(true)}
                    onFocus={() => setSearchWanted(true)}
                    onPointerEnter={() => setSearchWanted(true)}
                  >
                    <SearchOutlined /> <span>{t("console.search")}</span>
                  </button>
                )}
                {mobile ? null : <FullscreenToggle />}
                {mobile ? null : <SizeMenu />}
                <ConsoleLanguageMenu current={language} />
                <NoticeBell />
                <AvatarMenu onLayoutSettings={() => setSettingsOpen(true)} />
              </div>
            </div>
            {settings.tagsView ? (
              <Suspense fallback={<div className="tags-view-placeholder" />}>
                <LazyAntdScope>
                  <TagsView activePath={current.path} homeTitle={t("console.home")} />
                </LazyAntdScope>
              </Suspense>
            ) : null}
          </header>
          <main className="console-content">
            {openTabs.map((tab) => {
              const page = tab.path === current.path ? current : pageFor(tab.path);
              const View = viewFor(page.component);
              const view = <View title={page.title} link={page.link} component={page.component} />;
              return (
                <Activity
                  key={`${tab.path}#${generations[tab.path] ?? 0}`}
                  mode={tab.path === current.path ? "visible" : "hidden"}
                >
                  <Suspense fallback={<span className="console-spinner console-content__loading" />}>
                    {usesAntd(page.component) ? <LazyAntdScope>{view}</LazyAntdScope> : view}
                    <AfterView />
                  </Suspense>
                </Activity>
              );
            })}
          </main>
        </div>
      </div>
      {settingsOpen ? (
        <Suspense fallback={null}>
          <LazyAntdScope>
            <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
          </LazyAntdScope>
        </Suspense>
      ) : null}
    </>
  );
}
