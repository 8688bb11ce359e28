// Traditional Chinese texts are written for readers in Taiwan: words a Taiwanese company would
// not write (mainland usage carried over from Simplified Chinese, issue 45) fail here, each with
// where it is and the word to use instead.
import { describe, expect, it } from "vitest";
import { zhTwTexts } from "./zh-tw-texts.ts";

/** A mainland word (a pattern where the word alone would catch a right one) and what Taiwan writes. */
const MAINLAND: [RegExp, string][] = [
  [/個人中心/, "帳戶設定"],
  [/點擊/, "點選"],
  [/續費/, "續約"],
  [/線下/, "銀行轉帳 / 另行聯絡付款"],
  [/到[帳賬]/, "入帳"],
  [/線索/, "潛在客戶"],
  [/滑塊/, "滑桿"],
  [/拖動/, "拖曳"],
  [/服務商/, "供應商 / 我們"],
  [/收款收據|收款回執/, "收據 (收款 is the seller's word)"],
  [/配置/, "設定 / 部署"],
  [/不能為空/, "請填寫…"],
  [/運行/, "運作 / 執行"],
  [/站點/, "網站"],
  [/有效期(?!限)/, "有效期限"],
  [/投遞/, "傳送"],
  // 發票 is the government-registered uniform invoice: the PDFs here are 收據 or 帳單.
  [/(?<!統一)發票/, "收據 / 帳單"],
  [/後端介面|系統介面/, "無法連線到伺服器 / 伺服器發生錯誤"],
  [/信息/, "訊息"],
  [/視頻/, "影片"],
  [/軟件/, "軟體"],
  [/網絡/, "網路"],
  [/默認|缺省/, "預設"],
  [/賬/, "帳"],
  [/郵箱/, "信箱 / 電子郵件"],
  [/短信/, "簡訊"],
  [/菜單/, "選單"],
  [/鏈接/, "連結"],
  [/服務器/, "伺服器"],
  [/數據庫/, "資料庫"],
  [/設置/, "設定"],
  [/激活/, "啟用"],
  [/屏幕/, "螢幕"],
  [/緩存/, "快取"],
  [/內存/, "記憶體"],
  [/獲取/, "取得"],
  [/充值/, "儲值"],
  [/優化/, "最佳化"],
  [/兼容/, "相容"],
  [/接口/, "介面 / API"],
  [/模塊/, "模組"],
  [/刷新/, "重新整理"],
  [/搜索/, "搜尋"],
  [/導出/, "匯出"],
  [/字段/, "欄位"],
  [/批量/, "批次"],
  [/創建/, "建立"],
  [/帶寬/, "頻寬"],
  [/質量/, "品質"],
  [/反饋/, "回饋"],
  [/聯繫/, "聯絡"],
  [/套餐/, "方案"],
  [/控制台/, "主控台"],
];

/** Two Chinese characters spaced apart as a word ("登 入"): antd's buttons no longer do it either. */
const SPACED_WORD = /^[\u4e00-\u9fff] [\u4e00-\u9fff]$/;

describe("the Traditional Chinese texts", () => {
  const texts = zhTwTexts();

  it("are read from the locale files and the server's texts", () => {
    const where = (part: string) => texts.some((text) => text.where.startsWith(part));
    expect(texts.length).toBeGreaterThan(3000);
    for (const part of [
      "apps/web/app/locales/zh-TW.json",
      "apps/web/app/locales/products/cdn/zh-TW.json",
      "apps/server/src/modules/mail/mail-texts.ts",
      "apps/server/src/http/messages.ts",
      "apps/server/src/http/field-labels.ts",
      "apps/server/src/modules/invoices/invoice-texts.ts",
      "apps/server/src/seed/seed-console.ts",
    ])
      expect(where(part), part).toBe(true);
  });

  it("use the words a Taiwanese company writes", () => {
    const found = texts.flatMap(({ where, text }) =>
      MAINLAND.flatMap(([word, instead]) => {
        const match = word.exec(text);
        return match ? [`${where}: ${match[0]} → ${instead} (${text.slice(0, 60)})`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it("write a two-character word without a space in it", () => {
    const spaced = texts.filter(({ text }) => SPACED_WORD.test(text)).map(({ where, text }) => `${where}: ${text}`);
    expect(spaced).toEqual([]);
  });

  it("the check finds a mainland word where one is", () => {
    const [pattern] = MAINLAND.find(([word]) => word.source === "有效期(?!限)")!;
    expect(pattern.test("有效期至 2026年")).toBe(true);
    expect(pattern.test("有效期限至 2026年")).toBe(false);
  });
});
