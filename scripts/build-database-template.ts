// Part of `npm run build`: an empty embedded database with every migration applied, which the
// server copies into an empty DATA_DIR on first start instead of creating and migrating one (see
// apps/server/src/db/pglite-template.ts). Then the web app's server build is loaded once, so that
// Node's compile cache (see apps/server/bin/rampart.mjs) holds it before the first start.
import { enableCompileCache } from "node:module";
import { COMPILE_CACHE } from "../apps/server/bin/compile-cache.mjs";

enableCompileCache(COMPILE_CACHE);
const { openDatabase } = await import("../apps/server/src/db/client.ts");
const { buildTemplate, TEMPLATE_ROOT, templateState } = await import("../apps/server/src/db/pglite-template.ts");

const started = performance.now();
if (templateState() === "current" && !process.argv.includes("--force")) {
  console.log(`The database template is up to date (${TEMPLATE_ROOT}).`);
} else {
  await buildTemplate(async (dataDir) => {
    const database = await openDatabase({ dataDir });
    await database.close();
  });
  // The largest module the server loads at start, compiled once now.
  await import("@rampart/web/server-build");
  console.log(`Database template made in ${Math.round(performance.now() - started)} ms (${TEMPLATE_ROOT}).`);
}
