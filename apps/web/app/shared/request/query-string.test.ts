import { describe, expect, it } from "vitest";
import { toQueryString } from "./query-string";

describe("toQueryString", () => {
  it.each([
    [{ pageNum: 2, pageSize: 20 }, "pageNum=2&pageSize=20"],
    [
      { params: { beginTime: "2026-01-01", endTime: "2026-02-01" } },
      "params[beginTime]=2026-01-01&params[endTime]=2026-02-01",
    ],
    [{ a: null, b: undefined, c: "", d: 0, e: false }, "d=0&e=false"],
    [{ ids: [3, 5] }, "ids[0]=3&ids[1]=5"],
    [{ q: "a&b=c ü" }, "q=a%26b%3Dc%20%C3%BC"],
    [{ "weird key": "x" }, "weird%20key=x"],
    [{}, ""],
  ])("%j → %s", (params, expected) => {
    expect(toQueryString(params)).toBe(expected);
  });
});
