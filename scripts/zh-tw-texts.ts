// Every text a Traditional Chinese (Taiwan) reader sees, read from the sources: the web app's zh-TW
// locale files, and the server's texts in zh-TW (mails, API messages, field names, documents,
// seeded menus and coupons). The wording rules over them are in zh-tw-wording.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseSync } from "oxc-parser";
import { ROOT } from "./import-graph.ts";

export interface ZhTwText {
  /** Where it is: "apps/web/app/locales/zh-TW.json auth.login", "apps/server/src/http/messages.ts:127". */
  where: string;
  text: string;
}

const LOCALES = "apps/web/app/locales";
const SERVER = "apps/server/src";
const TEST_FILE = /\.(test|spec|e2e)\.ts$|\/testing\//;

function filesUnder(dir: string, wanted: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(path, wanted);
    return wanted(path) ? [path] : [];
  });
}

function localeTexts(file: string): ZhTwText[] {
  const found: ZhTwText[] = [];
  const walk = (tree: unknown, key: string) => {
    if (typeof tree === "string") found.push({ where: `${file} ${key}`, text: tree });
    else if (tree && typeof tree === "object")
      for (const [name, value] of Object.entries(tree)) walk(value, key ? `${key}.${name}` : name);
  };
  walk(JSON.parse(readFileSync(join(ROOT, file), "utf8")), "");
  return found;
}

// biome-ignore lint/suspicious/noExplicitAny: an ESTree node of any kind
type Node = any;

/**
 * The zh-TW texts of a server file: the strings under a `"zh-TW"` property (`{ en, "zh-TW": … }`,
 * `"zh-TW": { subject, body }`), and the third of five strings given in the languages' order
 * (`t(en, zhCN, zhTW, id, vi)`, the server's helpers for a text in every language).
 */
function serverTexts(file: string): ZhTwText[] {
  const source = readFileSync(join(ROOT, file), "utf8");
  if (!/[\u4e00-\u9fff]/.test(source)) return [];
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message}`);
  const found: ZhTwText[] = [];
  const lineOf = (offset: number) => source.slice(0, offset).split("\n").length;
  const stringsOf = (node: Node): Node[] => {
    if (!node || typeof node !== "object") return [];
    if (node.type === "Literal" && typeof node.value === "string") return [node];
    if (node.type === "TemplateElement") return [{ ...node, value: node.value.cooked ?? node.value.raw }];
    return Object.entries(node)
      .filter(([key]) => key !== "parent")
      .flatMap(([, child]) => (Array.isArray(child) ? child.flatMap(stringsOf) : stringsOf(child)));
  };
  const keep = (node: Node) => found.push({ where: `${file}:${lineOf(node.start)}`, text: node.value });
  const visit = (node: Node) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const key = node.key?.value ?? node.key?.name;
    if (node.type === "Property" && key === "zh-TW") {
      for (const text of stringsOf(node.value)) keep(text);
      return;
    }
    if (node.type === "CallExpression" && node.arguments.length === 5) {
      const strings = node.arguments.map((argument: Node) => stringsOf(argument));
      if (strings.every((list: Node[]) => list.length > 0)) for (const text of strings[2]) keep(text);
    }
    for (const [name, child] of Object.entries(node)) if (name !== "parent") visit(child);
  };
  visit(program);
  return found;
}

export function zhTwTexts(): ZhTwText[] {
  return [
    ...filesUnder(LOCALES, (path) => path.endsWith("/zh-TW.json")).flatMap(localeTexts),
    ...filesUnder(SERVER, (path) => path.endsWith(".ts") && !TEST_FILE.test(path)).flatMap(serverTexts),
  ];
}
