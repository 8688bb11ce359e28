import { LRUCache } from "lru-cache";
import { expect, it } from "vitest";
import { cachedRead } from "./cached-read.ts";

it("reads again, not fails, when the cache is cleared while its read is in flight", async () => {
  let version = 0;
  let release: () => void = () => {};
  const cache = new LRUCache<string, string>({
    max: 10,
    fetchMethod: async () => {
      const read = ++version;
      if (read === 1) await new Promise<void>((resolve) => (release = resolve));
      return `list v${read}`;
    },
  });
  const reading = cachedRead(
    () => cache.fetch("EUR"),
    async () => "past the cache",
  );
  await Promise.resolve();
  cache.clear(); // a change announced by another process
  release();
  // The first read's answer may predate the change: it is read again.
  await expect(reading).resolves.toBe("list v2");
});

it("goes past the cache after a burst of changes, and passes other errors on", async () => {
  const cache = new LRUCache<string, string>({
    max: 10,
    fetchMethod: async () => {
      queueMicrotask(() => cache.clear());
      await new Promise((resolve) => setTimeout(resolve, 1));
      return "never kept";
    },
  });
  await expect(
    cachedRead(
      () => cache.fetch("EUR"),
      async () => "past the cache",
    ),
  ).resolves.toBe("past the cache");
  const failing = new LRUCache<string, string>({
    max: 10,
    fetchMethod: async () => {
      throw new Error("syntax error");
    },
  });
  await expect(
    cachedRead(
      () => failing.fetch("EUR"),
      async () => "past the cache",
    ),
  ).rejects.toThrow("syntax error");
});
