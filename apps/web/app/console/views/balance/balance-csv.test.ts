import type { BalanceEntry } from "@rampart/contracts";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import balanceVi from "../../../locales/balance/vi.json";
import { monthEntries, plainAmount, statementCsv } from "./balance-csv";

const entry = (entryId: number, fields: Partial<BalanceEntry>): BalanceEntry => ({
  entryId,
  currency: "CNY",
  amount: 0,
  kind: "adjustment",
  reference: "",
  reverses: null,
  madeBy: "admin",
  note: null,
  balanceAfter: 0,
  createdAt: "2026-11-20T10:00:00.000Z",
  ...fields,
});

describe("the balance statement", () => {
  it("writes amounts as plain numbers in their currency's units", () => {
    expect(plainAmount(1_000_000, "CNY")).toBe("10000.00");
    expect(plainAmount(-73_940, "CNY")).toBe("-739.40");
    expect(plainAmount(5, "CNY")).toBe("0.05");
    expect(plainAmount(250_000, "VND")).toBe("250000");
  });

  it("lists the month oldest first, headers and kinds in the reader's language, times in their zone", async () => {
    const t = await i18next.createInstance().init({ lng: "vi", resources: { vi: { translation: balanceVi } } });
    const csv = statementCsv(
      [
        entry(2, {
          kind: "payment",
          amount: -73_940,
          reference: "20261120180500000001",
          balanceAfter: 926_060,
          createdAt: "2026-11-20T11:05:00.000Z",
        }),
        entry(1, { amount: 1_000_000, reference: "A-1", balanceAfter: 1_000_000, note: 'Quà, "chào mừng"' }),
      ],
      t,
      "Asia/Ho_Chi_Minh",
    );
    expect(csv.split("\r\n")).toEqual([
      "Thời gian (Asia/Ho_Chi_Minh),Loại,Tham chiếu,Tiền tệ,Số tiền,Số dư sau,Ghi chú",
      '2026-11-20 17:00,Điều chỉnh,A-1,CNY,10000.00,10000.00,"Quà, ""chào mừng"""',
      "2026-11-20 18:05,Thanh toán,20261120180500000001,CNY,-739.40,9260.60,",
      "",
    ]);
  });

  it("reads every page of the month", async () => {
    const all = Array.from({ length: 230 }, (_, i) => entry(i + 1, {}));
    const asked: number[] = [];
    const read = async (pageNum: number) => {
      asked.push(pageNum);
      return { entries: all.slice((pageNum - 1) * 100, pageNum * 100), total: all.length };
    };
    expect(await monthEntries(read)).toHaveLength(230);
    expect(asked).toEqual([1, 2, 3]);
  });
});
