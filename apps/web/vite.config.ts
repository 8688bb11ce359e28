import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** @ant-design/icons's ES build (its "require" entry is lib/index.js, beside es/). */
const iconsEsBuild = join(dirname(createRequire(import.meta.url).resolve("@ant-design/icons")), "../es/index.js");

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    // Its "node" entry wraps the CommonJS build, which cannot be tree-shaken: the server build held
    // every icon (4 MB, a tenth of a start to evaluate). The ES build, as in the browser.
    alias: [{ find: /^@ant-design\/icons$/, replacement: iconsEsBuild }],
  },
  build: {
    target: "es2022",
    rolldownOptions: {
      output: {
        // The libraries every page needs travel as one file: over HTTP/1.1 a browser fetches six
        // files at a time, and a public page otherwise starts with some thirty small ones.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              priority: 40,
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next|cookie|set-cookie-parser|js-cookie)[\\/]/,
            },
            // Small helpers of every page (branding, language, cookies).
            {
              name: "shared",
              priority: 30,
              test: /[\\/]app[\\/](shared[\\/](branding|i18n|csp-nonce|auth[\\/]token-cookie)|site[\\/]layout[\\/]error-page)/,
            },
            // The price, order and upgrade pages and the pricing engine: one file for the buying pages.
            { name: "buying", priority: 10, test: /[\\/](app[\\/]site[\\/]pricing|packages[\\/]pricing)[\\/]/ },
            // What every public page draws: header, footer, sections, the apply dialog.
            // (The error page is not among them: the root route, and so the console, needs it.)
            {
              name: "site",
              priority: 20,
              test: (id: string) =>
                /[\\/]app[\\/]site[\\/](layout|sections|apply|home[\\/]product-icon)/.test(id) &&
                !/[\\/]error-page\./.test(id),
            },
          ],
        },
      },
    },
  },
  // antd and its style engine are bundled into the server build (STACK-NOTES, pitfall 9): without
  // @emotion/* every antd page fails with "hash is not a function".
  // typebox too: loaded from node_modules it is some 370 modules for a start to resolve one by one.
  ssr: { noExternal: ["antd", /^@ant-design\//, /^@rc-component\//, /^@emotion\//, "typebox"] },
});
