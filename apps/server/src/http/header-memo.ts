/**
 * `read(header)` remembered per distinct header value. Clients send a handful of distinct
 * Accept-Language or Accept-Encoding headers, so each is parsed once; the memo is bounded (when
 * full it starts afresh), so made-up headers cannot grow memory.
 */
export function headerMemo<T>(limit: number, read: (header: string) => T): (header: string) => T {
  const known = new Map<string, T>();
  return (header) => {
    let value = known.get(header);
    if (value === undefined) {
      value = read(header);
      if (known.size >= limit) known.clear();
      known.set(header, value);
    }
    return value;
  };
}
