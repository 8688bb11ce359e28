import { readFileSync } from "node:fs";
import { serverFile } from "./server-files.ts";

/** The version of the server package, reported by the health check. */
export const SERVER_VERSION: string = JSON.parse(readFileSync(serverFile("package.json"), "utf8")).version ?? "0.0.0";
