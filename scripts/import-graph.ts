// The project's import graph, read with Oxc's parser (the one Vite's bundler uses): every source
// file of the packages and apps (tests left out: they may reach across floors to arrange a case),
// and each file's imports resolved to files of the project. The house rules over it are in
// import-graph.test.ts.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseSync } from "oxc-parser";

export const ROOT = resolve(import.meta.dirname, "..");
const SOURCE_ROOTS = ["packages/contracts/src", "packages/pricing/src", "apps/server/src", "apps/web/app"];
const TEST_FILE = /\.(test|spec|e2e)\.tsx?$|\/testing\/|\/e2e\//;
// Workspace packages by name: an import of one is an edge to its entry file.
const WORKSPACES: Record<string, string> = {
  "@rampart/contracts": "packages/contracts/src/index.ts",
  "@rampart/pricing": "packages/pricing/src/index.ts",
  "@rampart/web": "apps/web/app",
  "@rampart/server": "apps/server/src",
};

export interface ImportEdge {
  from: string;
  to: string;
  /** `import type` only: erased at compile time, but still a dependency of the design. */
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith(".d.ts") && !TEST_FILE.test(path))
      found.push(path);
  }
  return found;
}

function resolveFile(base: string): string | undefined {
  const stripped = base.replace(/\.(js|mjs|jsx)$/, "");
  for (const candidate of [base, `${stripped}.ts`, `${stripped}.tsx`, `${stripped}.mts`, `${base}/index.ts`]) {
    const absolute = join(ROOT, candidate);
    if (existsSync(absolute) && statSync(absolute).isFile()) return candidate;
  }
  return undefined;
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith(".")) return resolveFile(relative(ROOT, resolve(ROOT, dirname(from), specifier)));
  for (const [name, target] of Object.entries(WORKSPACES)) {
    if (specifier === name) return resolveFile(target) ?? target;
    if (specifier.startsWith(`${name}/`)) return resolveFile(`${target}/${specifier.slice(name.length + 1)}`);
  }
  return undefined; // a library
}

export function importGraph(): { files: string[]; edges: ImportEdge[] } {
  const files = SOURCE_ROOTS.flatMap(sourceFiles);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const { module, errors } = parseSync(from, readFileSync(join(ROOT, from), "utf8"));
    if (errors.length > 0) throw new Error(`${from}: ${errors[0]?.message}`);
    const found: { specifier: string; typeOnly: boolean }[] = [
      ...module.staticImports.map((entry) => ({
        specifier: entry.moduleRequest.value,
        typeOnly: entry.entries.length > 0 && entry.entries.every((binding) => binding.isType),
      })),
      ...module.staticExports.flatMap((entry) =>
        entry.entries.flatMap((binding) =>
          binding.moduleRequest ? [{ specifier: binding.moduleRequest.value, typeOnly: binding.isType }] : [],
        ),
      ),
      ...module.dynamicImports.flatMap((entry) => {
        const text = readFileSync(join(ROOT, from), "utf8").slice(entry.moduleRequest.start, entry.moduleRequest.end);
        const literal = /^["'`]([^"'`$]+)["'`]$/.exec(text);
        return literal?.[1] ? [{ specifier: literal[1], typeOnly: false }] : [];
      }),
    ];
    for (const { specifier, typeOnly } of found) {
      const to = resolveSpecifier(from, specifier);
      if (to && to !== from) edges.push({ from, to, typeOnly });
    }
  }
  return { files, edges };
}

/** Circles in a directed graph (Tarjan's strongly connected components of more than one node). */
export function circles(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const target of next(node)) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}
