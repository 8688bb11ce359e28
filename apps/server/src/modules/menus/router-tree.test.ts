import { describe, expect, it } from "vitest";
import { buildRouterTree, innerLinkPath, type MenuRow } from "./router-tree.ts";

let nextId = 1;
function menu(partial: Partial<MenuRow> & Pick<MenuRow, "menuType">): MenuRow {
  const now = new Date();
  return {
    menuId: nextId++,
    parentId: 0,
    title: { en: "Title", "zh-CN": "标题", "zh-TW": "標題", id: "Judul", vi: "Tiêu đề" },
    orderNum: 0,
    path: "",
    component: "",
    routeName: "",
    query: "",
    perms: "",
    icon: "",
    isExternal: false,
    isCache: true,
    hidden: false,
    status: "0",
    createdAt: now,
    updatedAt: now,
    ...partial,
  };
}

describe("buildRouterTree", () => {
  it("turns a directory with pages into a layout route that stays open", () => {
    const system = menu({ menuType: "M", path: "system", icon: "system", title: { en: "System", vi: "Hệ thống" } });
    const user = menu({
      menuType: "C",
      parentId: system.menuId,
      path: "user",
      component: "system/user/index",
      perms: "system:user:list",
      title: { en: "Users", vi: "Người dùng" },
      isCache: false,
    });
    const button = menu({ menuType: "F", parentId: user.menuId, perms: "system:user:add" });
    expect(buildRouterTree([button, user, system], "vi")).toEqual([
      {
        name: "System",
        path: "/system",
        hidden: false,
        component: "Layout",
        alwaysShow: true,
        redirect: "noRedirect",
        meta: { title: "Hệ thống", icon: "system", noCache: false, link: null },
        children: [
          {
            name: "User",
            path: "user",
            hidden: false,
            component: "system/user/index",
            perms: "system:user:list",
            meta: { title: "Người dùng", icon: "", noCache: true, link: null },
          },
        ],
      },
    ]);
  });

  it("falls back to English when a title is missing in the language", () => {
    const entry = menu({ menuType: "M", path: "x", title: { en: "Only English" } });
    expect(buildRouterTree([entry], "id")[0]?.meta?.title).toBe("Only English");
  });

  it("wraps a root page in a layout (menu frame) and nests directories as ParentView", () => {
    const root = menu({ menuType: "C", path: "dashboard", component: "business/dashboard/index" });
    const dir = menu({ menuType: "M", path: "tools" });
    const sub = menu({ menuType: "M", parentId: dir.menuId, path: "nested" });
    const leaf = menu({ menuType: "C", parentId: sub.menuId, path: "leaf", component: "x/leaf" });
    const [frame, tools] = buildRouterTree([root, dir, sub, leaf], "en");
    expect(frame).toMatchObject({
      path: "/",
      component: "Layout",
      children: [{ path: "dashboard", name: "Dashboard" }],
    });
    expect(frame?.meta).toBeUndefined();
    expect(tools?.children?.[0]).toMatchObject({ path: "nested", component: "ParentView", alwaysShow: true });
  });

  it("makes an inner link of an http page inside the console, and keeps external links as links", () => {
    const dir = menu({ menuType: "M", path: "docs" });
    const inner = menu({ menuType: "C", parentId: dir.menuId, path: "https://www.example.com:8080/api" });
    const external = menu({
      menuType: "C",
      parentId: dir.menuId,
      path: "https://status.example.com",
      isExternal: true,
    });
    const [docs] = buildRouterTree([dir, inner, external], "en");
    expect(docs?.children?.[0]).toMatchObject({
      path: "example/com/8080/api",
      component: "InnerLink",
      meta: { link: "https://www.example.com:8080/api" },
    });
    expect(docs?.children?.[1]).toMatchObject({
      path: "https://status.example.com",
      meta: { link: "https://status.example.com" },
    });
  });

  it("drops entries whose parent the user may not see", () => {
    const orphan = menu({ menuType: "C", parentId: 9999, path: "orphan", component: "x" });
    expect(buildRouterTree([orphan], "en")).toEqual([]);
  });

  it("rewrites inner-link addresses as the original did", () => {
    expect(innerLinkPath("https://www.ruoyi.vip:8080")).toBe("ruoyi/vip/8080");
    expect(innerLinkPath("http://docs.example.com")).toBe("docs/example/com");
  });
});
