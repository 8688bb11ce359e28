import { useCallback, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";

export type QueryChange = Record<string, string | number | undefined | null>;

/** A query with a change applied: empty values leave it. */
function changed(search: string, change: QueryChange): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === null || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  return next.toString();
}

/** The named values a query holds (the empty ones left out). */
export function pickFilters<Filters>(params: URLSearchParams, keys: readonly string[]): Filters {
  return Object.fromEntries(
    keys.flatMap((key) => {
      const value = params.get(key);
      return value ? [[key, value]] : [];
    }),
  ) as Filters;
}

/**
 * A list page's state kept in its own address (`?pageNum=2&userName=ann`), so that a reload or a
 * shared link opens the same page of the same search. A page open in a background tab (kept alive
 * by the console's tabs) sees the address of the tab in front: it keeps the last query of its own.
 */
export function useUrlQuery(): { params: URLSearchParams; update: (change: QueryChange) => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const ownPath = useRef(location.pathname);
  const ownSearch = useRef(location.search);
  if (location.pathname === ownPath.current) ownSearch.current = location.search;
  const search = ownSearch.current;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const update = useCallback(
    (change: QueryChange) => {
      const text = changed(ownSearch.current, change);
      void navigate({ pathname: ownPath.current, search: text ? `?${text}` : "" }, { replace: true });
    },
    [navigate],
  );
  return { params, update };
}

/** The same state kept in the component instead (a drawer's list: it has no address of its own). */
export function useLocalQuery(): { params: URLSearchParams; update: (change: QueryChange) => void } {
  const [search, setSearch] = useState("");
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const update = useCallback((change: QueryChange) => {
    setSearch((before) => changed(before, change));
  }, []);
  return { params, update };
}

/**
 * A whole list's search (searched in the browser or by a keyword) kept in its page's address:
 * the named values, and a setter that writes them (empty ones are left out).
 */
export function useUrlFilters<Filters extends Partial<Record<string, string>>>(
  keys: readonly (keyof Filters & string)[],
): [Filters, (filters: Filters) => void] {
  const { params, update } = useUrlQuery();
  const filters = useMemo(() => pickFilters<Filters>(params, keys), [params, keys]);
  const setFilters = useCallback(
    (next: Filters) => update(Object.fromEntries(keys.map((key) => [key, next[key] || undefined]))),
    [keys, update],
  );
  return [filters, setFilters];
}
