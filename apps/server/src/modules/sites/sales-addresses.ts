/** A site's sales addresses: comma- or space-separated, each one checked. */
export function salesAddresses(list: string): string[] {
  return [
    ...new Set(
      list
        .split(/[\s,;]+/)
        .map((a) => a.trim().toLowerCase())
        .filter((a) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(a)),
    ),
  ];
}
