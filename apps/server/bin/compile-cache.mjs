import { fileURLToPath } from "node:url";

/**
 * Where Node keeps the server's compiled code (and its TypeScript with the types stripped) between
 * starts: loading the server's modules is most of a start, and about a third quicker from here.
 * Filled by `npm run build` and by every start; safe to delete. NODE_DISABLE_COMPILE_CACHE=1 turns
 * it off.
 */
export const COMPILE_CACHE = fileURLToPath(new URL("../build/compile-cache", import.meta.url));
