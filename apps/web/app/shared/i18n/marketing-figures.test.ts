import { describe, expect, it } from "vitest";
import { fillFigures, fillFiguresDeep, formatFigure, MARKETING_FIGURES, siteFigures } from "./marketing-figures";

// Every locale file of the web app: the interface's, the views', and every product page's.
const localeFiles = import.meta.glob<object>("../../locales/**/*.json", { eager: true, import: "default" });

/** Every string of a message tree. */
function texts(tree: unknown): string[] {
  if (typeof tree === "string") return [tree];
  if (Array.isArray(tree)) return tree.flatMap(texts);
  if (tree !== null && typeof tree === "object") return Object.values(tree).flatMap(texts);
  return [];
}

describe("the provider's figures", () => {
  it("are written as each language writes numbers", () => {
    expect(fillFigures("{{wafCcPeakUltimate, number}} QPS", "en")).toBe("300,000 QPS");
    expect(fillFigures("{{wafCcPeakUltimate, number}} QPS", "vi")).toBe("300.000 QPS");
    expect(fillFigures("{{wafCcPeakUltimate, number}} QPS", "id")).toBe("300.000 QPS");
    expect(fillFigures("{{wafCcPeakUltimate, compact}} QPS", "zh-TW")).toBe("30萬 QPS");
    expect(fillFigures("{{botnetRules, compact}}", "zh-CN")).toBe("160万");
    expect(fillFigures("{{botnetRules, compact}}", "en")).toBe("1.6 million");
    expect(fillFigures("{{botnetRules, compact}}", "id")).toBe("1,6 juta");
    expect(formatFigure(MARKETING_FIGURES.slaPercent, "number", "vi")).toBe("99,9");
  });

  it("count in the singular when a site's figure is one", () => {
    const text = "Attacks suppressed within {{mitigationSeconds, number, second|seconds}}.";
    expect(fillFigures(text, "en")).toBe("Attacks suppressed within 3 seconds.");
    expect(fillFigures(text, "en", siteFigures({ mitigationSeconds: 1 }))).toBe("Attacks suppressed within 1 second.");
    expect(fillFigures("{{years, number, year|years}} in business", "en", siteFigures({ years: 1 }))).toBe(
      "1 year in business",
    );
    // Every English text that counts with a figure says its word in both forms.
    const bare = Object.entries(localeFiles)
      .filter(([file]) => file.endsWith("/en.json"))
      .flatMap(([file, tree]) =>
        texts(tree)
          .flatMap((text) => [
            ...text.matchAll(/\{\{\s*(\w+)\s*,\s*number\s*\}\} (seconds|years|countries|customers|nodes)\b/g),
          ])
          .map(([token]) => `${file}: ${token}`),
      );
    expect(bare).toEqual([]);
  });

  it("fill a whole content tree and leave other placeholders alone", () => {
    expect(
      fillFiguresDeep({ a: ["{{nodes, number}}+ {{company}}"], b: { c: "{{perAddressGbps, number}} Gbps" } }, "id"),
    ).toEqual({ a: ["2.800+ {{company}}"], b: { c: "1.000 Gbps" } });
  });

  it("are the site's own, and a text never claims one the site hides", () => {
    const figures = siteFigures({ nodes: 120, customers: null, years: null });
    expect(fillFigures("{{nodes, number}}+ nodes.", "vi", figures)).toBe("120+ nodes.");
    // The sentences citing a hidden figure are left out, in English and in Chinese.
    expect(
      fillFigures(
        "We run {{nodes, number}} nodes. More than {{customers, number}} customers trust us! Call us.",
        "en",
        figures,
      ),
    ).toBe("We run 120 nodes. Call us.");
    expect(
      fillFigures("服务超过 {{customers, number}} 家客户。拥有 {{nodes, number}} 个节点。", "zh-CN", figures),
    ).toBe("拥有 120 个节点。");
    expect(fillFigures("{{years, number}}", "en", figures)).toBe("");
    // A decimal point is no sentence's end.
    expect(fillFigures("SLA {{slaPercent, number}}% at least. {{years, number}} years.", "en", figures)).toBe(
      "SLA 99.9% at least.",
    );
  });

  it("leave out of a product page what only a hidden figure fills: the entry of a list, not the page", () => {
    const figures = siteFigures({ protectionTbps: null });
    const content = {
      hero: { lead: "Over {{protectionTbps, number}} Tbps." },
      figures: [
        { value: "> {{protectionTbps, number}} Tbps", label: "capacity" },
        { value: "{{slaPercent, number}}%", label: "SLA" },
      ],
      specs: {
        columns: ["Basic", "Pro"],
        rows: [
          { label: "Capacity", values: ["{{protectionTbps, number}} Tbps", "more"] },
          { label: "Ports", values: ["all", "all"] },
        ],
      },
    };
    expect(fillFiguresDeep(content, "en", figures)).toEqual({
      hero: { lead: "" },
      figures: [{ value: "99.9%", label: "SLA" }],
      specs: { columns: ["Basic", "Pro"], rows: [{ label: "Ports", values: ["all", "all"] }] },
    });
  });

  it("are named rightly wherever a locale file uses one", () => {
    expect(Object.keys(localeFiles).length).toBeGreaterThan(100);
    const unknown = Object.entries(localeFiles).flatMap(([file, tree]) =>
      texts(tree)
        // Any placeholder with a format: a figure's name, one of the two formats and perhaps the
        // word it counts (singular|plural), nothing else.
        .flatMap((text) => [...text.matchAll(/\{\{([^}]*,[^}]*)\}\}/g)])
        .filter(([, inside]) => {
          const [, name, format] = /^\s*(\w+)\s*,\s*(\w+)\s*(?:,\s*[^|,]+\|[^|,]+)?$/.exec(inside!) ?? [];
          return !name || !(name in MARKETING_FIGURES) || !["number", "compact"].includes(format!);
        })
        .map(([token]) => `${file}: ${token}`),
    );
    expect(unknown).toEqual([]);
  });

  it("leave no number written the English way in an Indonesian or Vietnamese text", () => {
    // "2,000" reads as two where a comma is the decimal mark.
    const english = Object.entries(localeFiles)
      .filter(([file]) => /\/(id|vi)\.json$/.test(file))
      .flatMap(([file, tree]) =>
        texts(tree)
          .map((text) => fillFigures(text, file.endsWith("/id.json") ? "id" : "vi"))
          .filter((text) => /\d,\d{3}(?!\d)/.test(text))
          .map((text) => `${file}: ${text}`),
      );
    expect(english).toEqual([]);
  });
});
