import { describe, expect, it } from "vitest";
import { pageSlices } from "./report-pdf";

describe("the report's pages", () => {
  it("is one page when the report fits", () => {
    expect(pageSlices(900, 1000, [100, 500, 900])).toEqual([[0, 900]]);
  });

  it("ends a page at the last block that fits, never inside a chart", () => {
    expect(pageSlices(2200, 1000, [100, 600, 1100, 1700, 2200])).toEqual([
      [0, 600],
      [600, 1100],
      [1100, 1700],
      [1700, 2200],
    ]);
  });

  it("cuts a block taller than a page where the page ends", () => {
    expect(pageSlices(2500, 1000, [2500])).toEqual([
      [0, 1000],
      [1000, 2000],
      [2000, 2500],
    ]);
  });
});
