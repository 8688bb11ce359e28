// Part of `npm run build`: an embedded database migrated and seeded as a first start leaves it but
// for the administrator, which the server copies into an empty DATA_DIR on first start instead of
// creating, migrating and seeding one (see apps/server/src/db/pglite-template.ts and
// apps/server/src/seed/template-database.ts). Then the web app's server build is loaded once, so that
// Node's compile cache (see apps/server/bin/rampart.mjs) holds it before the first start.
import { enableCompileCache } from "node:module";
import { COMPILE_CACHE } from "../apps/server/bin/compile-cache.mjs";

enableCompileCache(COMPILE_CACHE);
const { prepareTemplateDatabase } = await import("../apps/server/src/seed/template-database.ts");
const { buildTemplate, TEMPLATE_ROOT, templateState } = await import("../apps/server/src/db/pglite-template.ts");

const started = performance.now();
if (templateState() === "current" && !process.argv.includes("--force")) {
  console.log(`The database template is up to date (${TEMPLATE_ROOT}).`);
} else {
  await buildTemplate(prepareTemplateDatabase);
  // The largest module the server loads at start, compiled once now.
  await import("@rampart/web/server-build");
  console.log(`Database template made in ${Math.round(performance.now() - started)} ms (${TEMPLATE_ROOT}).`);
}
