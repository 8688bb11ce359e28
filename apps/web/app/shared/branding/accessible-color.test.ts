import { describe, expect, it } from "vitest";
import { accessibleColor, contrastWithWhite } from "./accessible-color";

describe("accessibleColor", () => {
  it.each([
    "#006eff",
    "#409EFF",
    "#11a983",
    "#13c2c2",
    "#1890ff",
    "#ffcc00",
  ])("gives %s at least 4.5:1 with white", (hex) => {
    expect(contrastWithWhite(accessibleColor(hex))).toBeGreaterThanOrEqual(4.5);
  });

  it("leaves a colour that already passes alone", () => {
    expect(accessibleColor("#304156")).toBe("#304156");
    expect(accessibleColor("#6959CD")).toBe("#6959CD");
  });

  it("changes the default only a shade", () => {
    expect(accessibleColor("#006eff")).toBe("#006bf9");
  });
});
