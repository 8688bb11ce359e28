import type { RouterEntry } from "@rampart/contracts";
import { describe, expect, it } from "vitest";
import { firstPage, flattenRoutes, joinPath, menuItems } from "./menu-routes";

const meta = (title: string, icon = "", link: string | null = null) => ({ title, icon, noCache: false, link });

const tree: RouterEntry[] = [
  {
    name: "System",
    path: "/system",
    hidden: false,
    component: "Layout",
    alwaysShow: true,
    redirect: "noRedirect",
    meta: meta("System management", "system"),
    children: [
      { name: "User", path: "user", hidden: false, component: "system/user/index", meta: meta("Users", "user") },
      {
        name: "Edit",
        path: "user/edit",
        hidden: true,
        component: "system/user/edit",
        query: '{"tab":"basic"}',
        meta: meta("Edit user"),
      },
      {
        name: "Log",
        path: "log",
        hidden: false,
        component: "ParentView",
        alwaysShow: true,
        meta: meta("Logs"),
        children: [
          { name: "Login", path: "login", hidden: false, component: "monitor/login/index", meta: meta("Login log") },
        ],
      },
    ],
  },
  {
    path: "/",
    hidden: false,
    component: "Layout",
    children: [
      {
        name: "Dashboard",
        path: "dashboard",
        hidden: false,
        component: "business/dashboard/index",
        meta: meta("Dashboard", "chart"),
      },
    ],
  },
  {
    name: "Docs",
    path: "/docs",
    hidden: false,
    component: "Layout",
    meta: meta("Docs"),
    children: [
      {
        name: "Api",
        path: "example/com/api",
        hidden: false,
        component: "InnerLink",
        meta: meta("API", "", "https://example.com/api"),
      },
    ],
  },
  {
    name: "Status",
    path: "https://status.example.com",
    hidden: false,
    component: "Layout",
    meta: meta("Status", "", "https://status.example.com"),
  },
];

describe("joinPath", () => {
  it.each([
    ["/system", "user", "/system/user"],
    ["/", "dashboard", "/dashboard"],
    ["/system", "/abs", "/abs"],
    ["/system", "https://x.com", "https://x.com"],
    ["", "/system", "/system"],
  ])("%s + %s = %s", (base, path, expected) => expect(joinPath(base, path)).toBe(expected));
});

describe("flattenRoutes", () => {
  const routes = flattenRoutes(tree);

  it("lists every page with its full path, hidden ones included, and no directories or external links", () => {
    expect(routes.map((r) => r.path)).toEqual([
      "/system/user",
      "/system/user/edit",
      "/system/log/login",
      "/dashboard",
      "/docs/example/com/api",
    ]);
  });

  it("keeps the titles above each page for the breadcrumb, and its top-menu entry", () => {
    const login = routes.find((r) => r.path === "/system/log/login")!;
    expect(login.parents).toEqual([
      { title: "System management", path: "/system" },
      { title: "Logs", path: "/system/log" },
    ]);
    expect(login.topPath).toBe("/system");
    expect(routes.find((r) => r.path === "/dashboard")?.parents).toEqual([]);
  });

  it("reads the default query and the inner link's address", () => {
    expect(routes.find((r) => r.path === "/system/user/edit")?.query).toEqual({ tab: "basic" });
    expect(routes.find((r) => r.path === "/docs/example/com/api")?.link).toBe("https://example.com/api");
  });
});

describe("menuItems (the sidebar)", () => {
  it("skips hidden entries, collapses a single visible child, keeps alwaysShow directories open", () => {
    const items = menuItems(tree);
    expect(items.map((i) => [i.key, i.title])).toEqual([
      ["/system", "System management"],
      ["/dashboard", "Dashboard"],
      ["/docs/example/com/api", "API"],
      ["https://status.example.com", "Status"],
    ]);
    expect(items[0]?.children?.map((c) => c.key)).toEqual(["/system/user", "/system/log"]);
    expect(items[0]?.children?.[1]?.children?.map((c) => c.key)).toEqual(["/system/log/login"]);
    expect(items[3]?.external).toBe(true);
  });
});

describe("firstPage (the top menu)", () => {
  it("opens a directory's first visible page, and nothing for an entry without pages", () => {
    expect(firstPage(tree[0]!)).toBe("/system/user");
    expect(firstPage(tree[1]!)).toBe("/dashboard");
    expect(
      firstPage({
        path: "/empty",
        hidden: false,
        component: "Layout",
        children: [{ path: "x", hidden: true, component: "x" }],
      }),
    ).toBeUndefined();
  });
});
