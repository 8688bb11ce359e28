// Part of `npm run build`: the server's own modules (and our workspace packages and drizzle-orm)
// bundled by esbuild into apps/server/build/server/main.js (and, for what is imported only when
// first needed, chunks/), which bin/rampart.mjs runs while it is newer than every source it holds
// (see bin/server-entry.ts). Loading some 250
// TypeScript files one by one was most of a start, and Node reads drizzle-orm's 130 KB "exports"
// map again for each of its files that it loads (half a second). The other packages stay outside:
// some read files next to their modules (PGlite's WebAssembly, fonts, the web app's build) or are
// native. Tests run the sources; the browser and process tests run this bundle through rampart.mjs.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { BUNDLE_DIR, BUNDLE_ENTRY, BUNDLE_STAMP, BUNDLED_PACKAGES } from "../apps/server/bin/server-entry.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const started = performance.now();
rmSync(BUNDLE_DIR, { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: {
    main: fileURLToPath(new URL("../apps/server/src/main.ts", import.meta.url)),
    // A worker thread's own program (modules/invoices/invoice-pdf-renderer.ts finds it here).
    "invoice-pdf-worker": fileURLToPath(
      new URL("../apps/server/src/modules/invoices/invoice-pdf-worker.ts", import.meta.url),
    ),
  },
  outdir: BUNDLE_DIR,
  // What the server imports only when first needed (`await import(…)`: metrics, the PostgreSQL
  // driver, certificates, …) goes into chunks of its own, loaded then. Without splitting, esbuild
  // inlines those modules and turns the packages they import into imports at the top of the
  // bundle, which every start would load.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  // Names kept: stack traces and the logs' error names stay readable.
  keepNames: true,
  metafile: true,
  logLevel: "warning",
  plugins: [
    {
      name: "packages-outside",
      setup(build) {
        // A bare specifier (a package) stays an import unless it is one of ours or drizzle-orm.
        build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
          BUNDLED_PACKAGES.some((name) => path === name || path.startsWith(`${name}/`))
            ? undefined
            : { external: true },
        );
      },
    },
  ],
});
// The installed packages it holds, by version: a bundle made with another drizzle-orm is not run.
const packages: Record<string, string> = {};
for (const input of Object.keys(result.metafile.inputs)) {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (!match) continue;
  const packageJson = resolve(match[1]!, "package.json");
  packages[relative(BUNDLE_DIR, packageJson)] = JSON.parse(readFileSync(packageJson, "utf8")).version;
}
writeFileSync(BUNDLE_STAMP, `${JSON.stringify({ packages }, null, 2)}\n`);
const inputs = Object.keys(result.metafile.inputs).length;
const bytes = result.metafile.outputs[relative(process.cwd(), BUNDLE_ENTRY)]?.bytes ?? 0;
const chunks = Object.keys(result.metafile.outputs).filter((output) => output.includes("/chunks/")).length;
console.log(
  `Server bundled in ${Math.round(performance.now() - started)} ms: ${inputs} modules, ${(bytes / 1e6).toFixed(1)} MB (${relative(root, BUNDLE_ENTRY)}) and ${chunks} chunks loaded when needed.`,
);
