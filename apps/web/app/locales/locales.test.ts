import { LANGUAGES } from "@rampart/contracts";
import { describe, expect, it } from "vitest";
import balanceEn from "./balance/en.json";
import balanceId from "./balance/id.json";
import balanceVi from "./balance/vi.json";
import balanceZhCN from "./balance/zh-CN.json";
import balanceZhTW from "./balance/zh-TW.json";
import businessEn from "./business/en.json";
import businessId from "./business/id.json";
import businessVi from "./business/vi.json";
import businessZhCN from "./business/zh-CN.json";
import businessZhTW from "./business/zh-TW.json";
import buyingEn from "./buying/en.json";
import buyingId from "./buying/id.json";
import buyingVi from "./buying/vi.json";
import buyingZhCN from "./buying/zh-CN.json";
import buyingZhTW from "./buying/zh-TW.json";
import certificatesEn from "./certificates/en.json";
import certificatesId from "./certificates/id.json";
import certificatesVi from "./certificates/vi.json";
import certificatesZhCN from "./certificates/zh-CN.json";
import certificatesZhTW from "./certificates/zh-TW.json";
import dashboardEn from "./dashboard/en.json";
import dashboardId from "./dashboard/id.json";
import dashboardVi from "./dashboard/vi.json";
import dashboardZhCN from "./dashboard/zh-CN.json";
import dashboardZhTW from "./dashboard/zh-TW.json";
import domainsEn from "./domains/en.json";
import domainsId from "./domains/id.json";
import domainsVi from "./domains/vi.json";
import domainsZhCN from "./domains/zh-CN.json";
import domainsZhTW from "./domains/zh-TW.json";
import en from "./en.json";
import id from "./id.json";
import monitorEn from "./monitor/en.json";
import monitorId from "./monitor/id.json";
import monitorVi from "./monitor/vi.json";
import monitorZhCN from "./monitor/zh-CN.json";
import monitorZhTW from "./monitor/zh-TW.json";
import purgeEn from "./purge/en.json";
import purgeId from "./purge/id.json";
import purgeVi from "./purge/vi.json";
import purgeZhCN from "./purge/zh-CN.json";
import purgeZhTW from "./purge/zh-TW.json";
import supportEn from "./support/en.json";
import supportId from "./support/id.json";
import supportVi from "./support/vi.json";
import supportZhCN from "./support/zh-CN.json";
import supportZhTW from "./support/zh-TW.json";
import systemEn from "./system/en.json";
import systemId from "./system/id.json";
import systemVi from "./system/vi.json";
import systemZhCN from "./system/zh-CN.json";
import systemZhTW from "./system/zh-TW.json";
import uptimeEn from "./uptime/en.json";
import uptimeId from "./uptime/id.json";
import uptimeVi from "./uptime/vi.json";
import uptimeZhCN from "./uptime/zh-CN.json";
import uptimeZhTW from "./uptime/zh-TW.json";
import usageEn from "./usage/en.json";
import usageId from "./usage/id.json";
import usageVi from "./usage/vi.json";
import usageZhCN from "./usage/zh-CN.json";
import usageZhTW from "./usage/zh-TW.json";
import vi from "./vi.json";
import zhCN from "./zh-CN.json";
import zhTW from "./zh-TW.json";

const locales = { en, "zh-CN": zhCN, "zh-TW": zhTW, id, vi } as const;

/** Every key of a message tree, with its text: "home.products.cdn.name" → "…". */
function flatten(tree: object, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value as object, path)) out.set(k, v);
  }
  return out;
}

/**
 * The English keys a language has: a plural form (i18next's "_one", "_few"…) only where the
 * language's grammar has it (Chinese, Indonesian and Vietnamese have "_other" alone).
 */
function keysFor(language: string, english: Map<string, string>): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
  return [...english.keys()].filter((key) => {
    const form = /_(zero|one|two|few|many)$/.exec(key)?.[1];
    return !form || categories.includes(form);
  });
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** The same checks for every set of locale files: the interface's, and the buying pages'. */
function describeLocaleSet(name: string, set: Record<string, object>) {
  const english = flatten(set.en ?? {});
  describe(name, () => {
    it("exist for every interface language", () => {
      expect(Object.keys(set).sort()).toEqual([...LANGUAGES].sort());
    });

    describe.each(Object.entries(set))("%s", (language, messages) => {
      const flat = flatten(messages);

      it("has exactly the English keys (its own plural forms)", () => {
        expect([...flat.keys()].sort()).toEqual(keysFor(language, english).sort());
      });

      it("has no empty text and keeps every placeholder", () => {
        for (const [key, text] of flat) {
          expect(text.trim(), key).not.toBe("");
          expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ""));
        }
      });
    });

    // Rampart issues receipts and commercial invoices, never a tax invoice: 发票, 發票 and hóa đơn
    // alone name the official one (fapiao, 統一發票, hóa đơn GTGT), so they appear only as the
    // commercial invoice or where a text says what the documents are not.
    it("never calls the documents a tax invoice", () => {
      const taxWords = {
        "zh-CN": /(?<!商业|税务|增值税)发票/,
        "zh-TW": /(?<!商業|統一)發票/,
        vi: /hóa đơn(?! (thương mại|GTGT))/i,
      };
      for (const [language, word] of Object.entries(taxWords)) {
        const named = [...flatten(set[language] ?? {})].filter(([, text]) => word.test(text));
        expect(named, language).toEqual([]);
      }
    });

    it("has its own Traditional Chinese sentences, not the Simplified ones", () => {
      const simplified = flatten(set["zh-CN"] ?? {});
      const same = [...flatten(set["zh-TW"] ?? {})].filter(
        ([key, text]) => simplified.get(key) === text && (text.match(/[\u4e00-\u9fff]/g) ?? []).length >= 10,
      );
      expect(same).toEqual([]);
    });
  });
}

describeLocaleSet("locale files", locales);
describeLocaleSet("the buying pages' locale files", {
  en: buyingEn,
  "zh-CN": buyingZhCN,
  "zh-TW": buyingZhTW,
  id: buyingId,
  vi: buyingVi,
});
describeLocaleSet("the business views' locale files", {
  en: businessEn,
  "zh-CN": businessZhCN,
  "zh-TW": businessZhTW,
  id: businessId,
  vi: businessVi,
});
describeLocaleSet("the monitoring views' locale files", {
  en: monitorEn,
  "zh-CN": monitorZhCN,
  "zh-TW": monitorZhTW,
  id: monitorId,
  vi: monitorVi,
});
describeLocaleSet("the system management views' locale files", {
  en: systemEn,
  "zh-CN": systemZhCN,
  "zh-TW": systemZhTW,
  id: systemId,
  vi: systemVi,
});
describeLocaleSet("the dashboard's locale files", {
  en: dashboardEn,
  "zh-CN": dashboardZhCN,
  "zh-TW": dashboardZhTW,
  id: dashboardId,
  vi: dashboardVi,
});
describeLocaleSet("the support desk's locale files", {
  en: supportEn,
  "zh-CN": supportZhCN,
  "zh-TW": supportZhTW,
  id: supportId,
  vi: supportVi,
});
describeLocaleSet("website monitoring's locale files", {
  en: uptimeEn,
  "zh-CN": uptimeZhCN,
  "zh-TW": uptimeZhTW,
  id: uptimeId,
  vi: uptimeVi,
});
describeLocaleSet("certificates' locale files", {
  en: certificatesEn,
  "zh-CN": certificatesZhCN,
  "zh-TW": certificatesZhTW,
  id: certificatesId,
  vi: certificatesVi,
});
describeLocaleSet("package domains' locale files", {
  en: domainsEn,
  "zh-CN": domainsZhCN,
  "zh-TW": domainsZhTW,
  id: domainsId,
  vi: domainsVi,
});
describeLocaleSet("package usage's locale files", {
  en: usageEn,
  "zh-CN": usageZhCN,
  "zh-TW": usageZhTW,
  id: usageId,
  vi: usageVi,
});
describeLocaleSet("the cache purge panel's locale files", {
  en: purgeEn,
  "zh-CN": purgeZhCN,
  "zh-TW": purgeZhTW,
  id: purgeId,
  vi: purgeVi,
});
describeLocaleSet("the balance page's locale files", {
  en: balanceEn,
  "zh-CN": balanceZhCN,
  "zh-TW": balanceZhTW,
  id: balanceId,
  vi: balanceVi,
});
