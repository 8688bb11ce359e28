import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";
import { type ServerProcess, startServerProcess } from "../../server/src/testing/server-process.ts";
import { PRICE_PATHS } from "../app/site/pricing/price-paths.ts";
import { PRODUCTS } from "../app/site/products/catalog.ts";

/** What the public site's browser tests share: its pages, its languages and a server of their own. */
export const artifacts = fileURLToPath(new URL("../../../e2e-artifacts/", import.meta.url));
export const LANGUAGES = ["en", "zh-CN", "zh-TW", "id", "vi"] as const;
export const PAGES = [
  "/",
  "/index",
  "/indexNew",
  ...PRODUCTS.map((product) => `/${product.slug}`),
  ...Object.values(PRICE_PATHS).map((path) => `/${path}`),
  "/paySuccess?orderNo=202611210000000000",
  "/upgrade?oid=202611210000000000",
  "/about",
  "/contact",
];

export interface PublicSite {
  server: ServerProcess;
  /** http://localhost:<port> */
  base: string;
}

/**
 * Starts a server on a fresh embedded database for the test file (before its tests) and stops it
 * after them. Each file of the public site has its own, so that the files run side by side.
 */
export function publicSiteForThisFile(): PublicSite {
  const site = {} as PublicSite;
  const dataDir = mkdtempSync(join(tmpdir(), "rampart-public-"));
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    site.server = await startServerProcess({ DATA_DIR: dataDir });
    site.base = `http://localhost:${site.server.port}`;
  });
  afterAll(async () => {
    await site.server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return site;
}

/** A page as a browser would ask for it, with a Host header of our choosing (fetch cannot set one). */
export function getPage(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path, headers }, (response) => {
      let html = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (html += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, html }));
    })
      .on("error", reject)
      .end();
  });
}
