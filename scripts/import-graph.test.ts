import { describe, expect, it } from "vitest";
import { circles, type ImportEdge, importGraph } from "./import-graph.ts";

// The house's floors (DESIGN.md, "Conventions worth following" 1 and 5), checked over the real
// import graph on every `npm test`: a change that breaks one names the import that does.
const { files, edges } = importGraph();
const SERVER = "apps/server/src/";
const WEB = "apps/web/app/";
const shown = (list: ImportEdge[]) => list.map(({ from, to }) => `${from} -> ${to}`);
const moduleOf = (file: string) =>
  file.startsWith(`${SERVER}modules/`) ? file.slice(SERVER.length).split("/")[1] : undefined;

describe("the import graph", () => {
  it("reads the whole project", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(edges.some((edge) => edge.from === `${SERVER}app.ts` && edge.to === `${SERVER}http/access.ts`)).toBe(true);
  });

  it("packages import nothing from the apps", () => {
    expect(shown(edges.filter((edge) => edge.from.startsWith("packages/") && edge.to.startsWith("apps/")))).toEqual([]);
  });

  it("the public site and the console never import each other", () => {
    const between = (a: string, b: string) => (edge: ImportEdge) =>
      edge.from.startsWith(`${WEB}${a}/`) && edge.to.startsWith(`${WEB}${b}/`);
    expect(shown(edges.filter((edge) => between("site", "console")(edge) || between("console", "site")(edge)))).toEqual(
      [],
    );
  });

  it("the console's folders import only the floors below them", () => {
    const CONSOLE = `${WEB}console/`;
    // Lowest first: a folder may import the floors below its own, never its own floor's other
    // folders nor anything above. The shell assembles the rest.
    const floors = [
      ["state", "controls", "routing"],
      ["antd"],
      ["layout"],
      ["login", "navbar", "sidebar", "tags-view", "settings", "views"],
      ["shell"],
    ];
    const folderOf = (file: string) => (file.slice(CONSOLE.length).match(/^([^/]+)\//) ?? [])[1];
    const floorOf = (folder: string) => floors.findIndex((names) => names.includes(folder));
    const inConsole = edges.filter((edge) => edge.from.startsWith(CONSOLE) && edge.to.startsWith(CONSOLE));
    const folders = new Set(files.filter((file) => file.startsWith(CONSOLE)).flatMap((file) => folderOf(file) ?? []));
    expect([...folders].filter((folder) => floorOf(folder) < 0)).toEqual([]);
    const upward = inConsole.filter(({ from, to }) => {
      const [a, b] = [folderOf(from), folderOf(to)];
      return a !== b && (!a || !b || floorOf(b) >= floorOf(a));
    });
    expect(shown(upward)).toEqual([]);
  });

  it("the views' shared rooms (the list kit, the parts, the general pages) import no business area", () => {
    const VIEWS = `${WEB}console/views/`;
    const shared = ["list-page", "parts", "general"];
    const roomOf = (file: string) => file.slice(VIEWS.length).split("/")[0] ?? "";
    const fromShared = edges.filter(
      ({ from, to }) =>
        from.startsWith(VIEWS) && to.startsWith(VIEWS) && shared.includes(roomOf(from)) && !shared.includes(roomOf(to)),
    );
    expect(shown(fromShared)).toEqual([]);
  });

  it("the server's floors (config, db, http, secrets) import no module", () => {
    const floor = /^apps\/server\/src\/(config\.ts|db\/|http\/|secrets\/)/;
    expect(shown(edges.filter((edge) => floor.test(edge.from) && edge.to.startsWith(`${SERVER}modules/`)))).toEqual([]);
  });

  it("modules import neither the seed, the jobs' wiring nor the app that assembles them", () => {
    const above = /^apps\/server\/src\/(seed\/|jobs\/scheduled-sweeps\.ts|app\.ts|main\.ts|web-app\.ts|cli\/)/;
    expect(shown(edges.filter((edge) => edge.from.startsWith(`${SERVER}modules/`) && above.test(edge.to)))).toEqual([]);
  });

  it("route files hold HTTP only: the schema and its queries live in the module's service files", () => {
    const routeFile = /(^|\/|-)routes?\.ts$/;
    expect(shown(edges.filter((edge) => routeFile.test(edge.from) && edge.to === `${SERVER}db/schema.ts`))).toEqual([]);
  });

  it("server modules form no circle", () => {
    const next = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      const a = moduleOf(from);
      const b = moduleOf(to);
      if (a && b && a !== b) next.set(a, (next.get(a) ?? new Set()).add(b));
    }
    expect(circles(next.keys(), (module) => next.get(module) ?? [])).toEqual([]);
  });

  it("no file imports itself through others", () => {
    const next = new Map<string, string[]>();
    for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
    expect(circles(files, (file) => next.get(file) ?? [])).toEqual([]);
  });

  it("finds a circle when there is one", () => {
    const next: Record<string, string[]> = { a: ["b"], b: ["c"], c: ["a"], d: ["a"] };
    expect(circles(Object.keys(next), (node) => next[node] ?? [])).toEqual([["a", "b", "c"]]);
  });
});
