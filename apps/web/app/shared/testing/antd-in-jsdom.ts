/**
 * What jsdom lacks and antd's layout asks for, for unit tests of console views (imported for its
 * effect): no screen sizes to match, nothing to observe.
 */
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }) as unknown as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
