import { LoginLogQuery, OrderListQuery, OrderStatus } from "@rampart/contracts";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import {
  choicesOf,
  type SearchSpec,
  searchFilters,
  searchForm,
  searchKeys,
  searchSpec,
  withChoices,
} from "./search-fields";

const ORDERS = searchSpec("orderSearch", OrderListQuery, [
  { name: "orderNo", inputMode: "numeric" },
  { kind: "choice", name: "status", options: "orders.statuses" },
  { kind: "choice", name: "within", options: "x", values: [0, 7, 30] },
  { kind: "days", name: "created", from: "from", to: "to" },
]);

describe("a declared search", () => {
  it("reads a choice's values from the contract, in its order", () => {
    expect(choicesOf(OrderStatus)).toEqual(["unpaid", "paid", "closed", "refunded"]);
    expect(choicesOf(LoginLogQuery.properties.outcome)).toEqual(["success", "failure"]);
    expect(choicesOf(LoginLogQuery.properties.userName)).toEqual([]);
  });

  it("keeps its fields in the page's address, a range of days as beginTime and endTime", () => {
    expect(searchKeys(ORDERS)).toEqual(["orderNo", "status", "within", "beginTime", "endTime"]);
  });

  it("sends texts trimmed, leaves blank ones and empty choices out, numbers and days as text", () => {
    const values = {
      orderNo: "  42 ",
      status: undefined,
      within: 0,
      created: [dayjs("2026-03-01"), null] as [dayjs.Dayjs, null],
    };
    expect(searchFilters(ORDERS, values)).toEqual({ orderNo: "42", within: "0", beginTime: "2026-03-01" });
    expect(searchFilters(ORDERS, { orderNo: "   " })).toEqual({});
  });

  it("opens its form with the address's search: a number's choice as a number, the days as dates", () => {
    const form = searchForm(ORDERS, { status: "paid", within: "7", beginTime: "2026-03-01", endTime: "nonsense" });
    expect(form.status).toBe("paid");
    expect(form.within).toBe(7);
    const [from, to] = form.created as [dayjs.Dayjs | null, dayjs.Dayjs | null];
    expect(from?.format("YYYY-MM-DD")).toBe("2026-03-01");
    expect(to).toBeNull();
  });

  it("takes a choice's values known only as the page opens, and leaves the field out without any", () => {
    const spec: SearchSpec = searchSpec("s", undefined, [
      { kind: "choice", name: "siteId", options: "", numeric: true },
    ]);
    const withSites = withChoices(spec, "siteId", [3, 5], (id) => `site ${id}`);
    expect(withSites.fields[0]).toMatchObject({ values: [3, 5] });
    expect(withChoices(spec, "siteId", [], String).fields).toEqual([]);
    expect(searchForm(spec, { siteId: "5" })).toEqual({ siteId: 5 });
  });
});
