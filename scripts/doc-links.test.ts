// The documentation's relative links lead somewhere: every `[text](target)` in README.md and docs/
// names a file of the repository, and its `#anchor`, when it has one, a heading of that file.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** The text outside code: fenced blocks and inline code hold examples, not links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const headings = [...prose(readFileSync(file, "utf8")).matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1]!);
  return new Set(headings.map((heading) => anchorOf(heading.replace(/`/g, ""))));
}

function brokenLinks(doc: string): string[] {
  const file = join(ROOT, doc);
  const broken: string[] = [];
  for (const [, target] of prose(readFileSync(file, "utf8")).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target!)) continue; // https:, mailto:: not ours to check
    const [path, anchor] = target!.split("#", 2) as [string, string | undefined];
    const linked = path === "" ? file : join(dirname(file), decodeURIComponent(path));
    if (!existsSync(linked)) broken.push(`${doc}: ${target} (no file ${relative(ROOT, linked)})`);
    else if (anchor !== undefined && linked.endsWith(".md") && !anchorsOf(linked).has(anchor))
      broken.push(`${doc}: ${target} (no heading #${anchor} in ${relative(ROOT, linked)})`);
  }
  return broken;
}

describe("the documentation's links", () => {
  it("reads the README and the docs", () => {
    expect(DOCS).toContain("docs/configuration.md");
  });

  it("makes anchors as GitHub does", () => {
    expect(anchorOf("Outbound requests (SSRF)")).toBe("outbound-requests-ssrf");
    expect(anchorOf("Provisioning events to the provider's platform")).toBe(
      "provisioning-events-to-the-providers-platform",
    );
  });

  it.each(DOCS)("%s: every relative link names a file, and a heading of it", (doc) => {
    expect(brokenLinks(doc)).toEqual([]);
  });
});
