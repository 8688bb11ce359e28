import { describe, expect, it } from "vitest";
import { formatCount } from "./usage-format";

describe("a count at a glance", () => {
  it("is whole up to a million, then short as each language shortens it", () => {
    expect(formatCount(999_999, "en")).toBe("999,999");
    expect(formatCount(292_222_929, "en")).toBe("292.2M");
    expect(formatCount(292_222_929, "zh-CN")).toBe("2.9亿");
    expect(formatCount(292_222_929, "zh-TW")).toBe("2.9億");
    expect(formatCount(292_222_929, "id")).toBe("292,2\u00a0jt");
    expect(formatCount(292_222_929, "vi")).toBe("292,2\u00a0Tr");
  });
});
