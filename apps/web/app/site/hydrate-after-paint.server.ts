/**
 * A public page is whole and readable before any script runs (it works without JavaScript): its
 * scripts only hydrate it. So they are fetched once the page has been painted, not while it is: the
 * preloads React Router writes into the head are left out, and its bootstrap script (a module that
 * imports the route modules, then the client entry) first waits for the page's load event and one
 * frame, then imports the same modules, all at once. The first paint never waits for scripts or
 * competes with them for the network, and a page's largest paint is not held up by hydration code.
 *
 * React Router's <Scripts> has no option for this, hence a rewrite of its output; when that output
 * does not have the expected shape, the page is left as it is (it then hydrates as before).
 */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/?>/g;
const BOOTSTRAP = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/gm;

const AFTER_PAINT =
  'await new Promise((go) => { const painted = () => requestAnimationFrame(() => setTimeout(go, 0)); if (document.readyState === "complete") painted(); else addEventListener("load", painted, { once: true }); });';

export function hydrateAfterPaint(html: string): string {
  const bootstrap = BOOTSTRAP.exec(html);
  if (!bootstrap) return html;
  const [whole, open, body, close] = bootstrap;
  const imports = [...body!.matchAll(ROUTE_IMPORT)];
  if (imports.length === 0 || !/\nimport\("[^"]+"\);\s*$/.test(body!)) return html;
  const names = imports.map((m) => m[1]).join(", ");
  const loads = imports.map((m) => `import(${JSON.stringify(m[2])})`).join(", ");
  const deferred = `${AFTER_PAINT}\nconst [${names}] = await Promise.all([${loads}]);\n${body!.replace(ROUTE_IMPORT, "").trimStart()}`;
  return html.replace(MODULE_PRELOAD, "").replace(whole, `${open}${deferred}${close}`);
}
