import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

// The pages' Content-Security-Policy refuses style attributes written into markup
// (`style-src-attr 'none'`, apps/server/src/http/security-headers.ts). Some antd features write
// one: a TextArea's `autoSize` measures its text in a hidden textarea given a style attribute, and
// the browser refuses it with an error each time the field renders. Such props are not used.
const root = fileURLToPath(new URL("../", import.meta.url));
const web = join(root, "apps/web/app");
const STYLE_WRITING_PROPS = [/\bautoSize=\{/];

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

it("no component of the web app is given a prop that writes a style attribute", () => {
  const found = [...sources(web)].flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, n) =>
        STYLE_WRITING_PROPS.some((prop) => prop.test(line)) ? [`${relative(root, file)}:${n + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(found).toEqual([]);
});
