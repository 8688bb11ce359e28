import { describe, expect, it } from "vitest";
import { headerMemo } from "./header-memo.ts";

describe("headerMemo", () => {
  it("reads each distinct header once, and starts afresh when full instead of growing", () => {
    const read: string[] = [];
    const lower = headerMemo(2, (header) => {
      read.push(header);
      return header.toLowerCase();
    });
    expect([lower("A"), lower("A"), lower("B"), lower("A")]).toEqual(["a", "a", "b", "a"]);
    expect(read).toEqual(["A", "B"]);
    // A third header clears the memo: the first is read again afterwards, with the same answer.
    expect(lower("C")).toBe("c");
    expect(lower("A")).toBe("a");
    expect(read).toEqual(["A", "B", "C", "A"]);
  });
});
