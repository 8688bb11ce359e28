import { expect, it } from "vitest";
import { itemsThatFit } from "./top-nav";

const laptop = { windowWidth: 1280, moreWidth: 80 };

it("shows at most the spec's count of items (window width / 3 / 85)", () => {
  expect(itemsThatFit({ ...laptop, windowWidth: 1920, barWidth: 2000, itemWidths: Array(9).fill(100) })).toBe(7);
  expect(itemsThatFit({ ...laptop, barWidth: 2000, itemWidths: Array(9).fill(100) })).toBe(5);
  expect(itemsThatFit({ ...laptop, barWidth: 2000, itemWidths: [100, 100] })).toBe(2);
});

it('moves under "more" the items the bar cannot show whole, keeping room for "more"', () => {
  // 1280 px: five by the spec, but the bar is 560 px and the labels 130-160 px.
  const itemWidths = [150, 130, 160, 140, 150, 120];
  expect(itemsThatFit({ ...laptop, barWidth: 560, itemWidths })).toBe(3);
  // All fit: no room kept for "more".
  expect(itemsThatFit({ ...laptop, barWidth: 450, itemWidths: [150, 150, 150] })).toBe(3);
  // Not even one: one, shortened.
  expect(itemsThatFit({ ...laptop, barWidth: 100, itemWidths })).toBe(1);
});
