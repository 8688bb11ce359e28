import { PGlite } from "@electric-sql/pglite";

const rss = () => Math.round(process.memoryUsage().rss / 1048576);
console.log("before", rss());
const c = await PGlite.create(process.argv[2]);
console.log("open existing", rss());
await c.query("select 1");
globalThis.gc?.();
await new Promise((r) => setTimeout(r, 1000));
console.log("settled", rss());
