import { describe, expect, it } from "vitest";
import { WriteCoalescer } from "./write-coalescer.ts";

describe("WriteCoalescer (group commit)", () => {
  it("writes a lone item at once, and what arrives meanwhile as one group, each caller getting its own result", async () => {
    const groups: number[][] = [];
    const coalescer = new WriteCoalescer<number, string>(async (items) => {
      groups.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items.map((item) => `stored ${item}`);
    });
    const first = coalescer.add(1);
    await new Promise((resolve) => setTimeout(resolve, 1));
    const rest = [2, 3, 4].map((item) => coalescer.add(item));
    expect(await Promise.all([first, ...rest])).toEqual(["stored 1", "stored 2", "stored 3", "stored 4"]);
    expect(groups).toEqual([[1], [2, 3, 4]]);
  });

  it("keeps groups within their size", async () => {
    const groups: number[][] = [];
    const coalescer = new WriteCoalescer<number, number>(
      async (items) => {
        groups.push(items);
        return items;
      },
      { maxGroup: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5].map((item) => coalescer.add(item)));
    expect(groups).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("fails only the caller whose item cannot be written: a failed group is written item by item", async () => {
    const coalescer = new WriteCoalescer<number, number>(async (items) => {
      if (items.includes(13)) throw new Error("thirteen is refused");
      return items.map((item) => item * 10);
    });
    const results = await Promise.allSettled([1, 13, 3].map((item) => coalescer.add(item)));
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      10,
      "thirteen is refused",
      30,
    ]);
    // And it goes on writing afterwards.
    expect(await coalescer.add(4)).toBe(40);
  });
});
