import { readFileSync } from "node:fs";

/** The version of the server package, reported by the health check. */
export const SERVER_VERSION: string =
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version ?? "0.0.0";
