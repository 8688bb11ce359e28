import { describe, expect, it } from "vitest";
import { afterClosing, closeTabs, openTab, type Tab } from "./tab-rules";

const home: Tab = { path: "/index", fullPath: "/index", title: "Home", affix: true };
const tab = (path: string): Tab => ({ path, fullPath: path, title: path });
const tabs = [home, tab("/a"), tab("/b"), tab("/c"), tab("/d")];
const paths = (list: Tab[]) => list.map((t) => t.path);

describe("openTab", () => {
  it("adds a new page at the end and updates the query of an open one", () => {
    expect(paths(openTab(tabs, tab("/e")))).toEqual(["/index", "/a", "/b", "/c", "/d", "/e"]);
    const updated = openTab(tabs, { path: "/b", fullPath: "/b?page=2", title: "B" });
    expect(updated).toHaveLength(5);
    expect(updated[2]).toMatchObject({ fullPath: "/b?page=2", title: "B" });
  });
});

describe("closeTabs", () => {
  it.each([
    ["current", ["/index", "/a", "/c", "/d"]],
    ["others", ["/index", "/b"]],
    ["left", ["/index", "/b", "/c", "/d"]],
    ["right", ["/index", "/a", "/b"]],
    ["all", ["/index"]],
  ] as const)("close %s around /b", (kind, expected) => {
    expect(paths(closeTabs(tabs, "/b", kind))).toEqual(expected);
  });

  it("never closes an affix tab", () => {
    expect(paths(closeTabs(tabs, "/index", "current"))).toContain("/index");
  });
});

describe("afterClosing", () => {
  it("stays on a page that is still open", () => {
    expect(afterClosing(closeTabs(tabs, "/b", "left"), "/c")).toBeNull();
  });
  it("goes to the last remaining tab when the shown one closed", () => {
    expect(afterClosing(closeTabs(tabs, "/d", "current"), "/d")).toBe("/c");
  });
  it("goes to / when nothing remains", () => {
    expect(afterClosing([], "/a")).toBe("/");
  });
});
