import { describe, expect, it } from "vitest";
import { hydrateAfterPaint } from "./hydrate-after-paint.server";

const page = [
  '<html><head><link rel="stylesheet" href="/assets/site.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n1"/><link rel="modulepreload" href="/assets/framework.js" nonce="n1"/>',
  '</head><body><main>Hello</main><script nonce="n1" type="module" async="">;',
  'import * as route0 from "/assets/root.js";',
  'import * as route1 from "/assets/home.js";',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  "",
  'import("/assets/entry.client.js");</script></body></html>',
].join("\n");

describe("public pages hydrate after their first paint", () => {
  it("drops the script preloads and loads the route modules after the load event and a frame", () => {
    const out = hydrateAfterPaint(page);
    expect(out).not.toContain("modulepreload");
    expect(out).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
    expect(out).not.toMatch(/^import \* as/m);
    const script = /<script nonce="n1" type="module" async="">([\s\S]*)<\/script>/.exec(out)![1]!;
    const wait = script.indexOf('addEventListener("load"');
    const load = script.indexOf(
      'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/home.js")]);',
    );
    const modules = script.indexOf("window.__reactRouterRouteModules");
    const entry = script.indexOf('import("/assets/entry.client.js");');
    expect(wait).toBeGreaterThan(-1);
    expect([wait < load, load < modules, modules < entry]).toEqual([true, true, true]);
  });

  it("leaves a page whose bootstrap it does not recognise as it is", () => {
    const other = page.replace('import("/assets/entry.client.js");', "start();");
    expect(hydrateAfterPaint(other)).toBe(other);
    expect(hydrateAfterPaint("<html><body>No scripts</body></html>")).toBe("<html><body>No scripts</body></html>");
  });
});
