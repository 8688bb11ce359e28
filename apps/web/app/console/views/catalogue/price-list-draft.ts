import type { PriceListView } from "@rampart/contracts";
import { type Catalogue, catalogueProblems } from "@rampart/pricing";
import { useCallback, useEffect, useMemo, useState } from "react";
import { type PriceList, priceListsApi } from "./price-lists-api";

/** Sets the number at a dotted path of a copy of the list ("products.ddos.editions.1.regions.mainland"). */
function withValue(catalogue: Catalogue, path: string, value: number): Catalogue {
  const next = structuredClone(catalogue);
  const keys = path.split(".");
  let node = next as unknown as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return next;
}

/** Every number of a list by its path: to count what differs from the list as it was read. */
function numbersOf(value: unknown, path = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === "object")
    for (const [key, child] of Object.entries(value)) numbersOf(child, path ? `${path}.${key}` : key, out);
  else out.set(path, value);
  return out;
}

/**
 * The price lists and the one being edited: as read (`loaded`) and as typed (`draft`), the pricing
 * engine's problems with the draft (by field path) and how many numbers differ from what was read.
 */
export function usePriceListDraft() {
  const [lists, setLists] = useState<PriceListView[] | null>(null);
  const [currency, setCurrency] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<PriceList | null>(null);
  const [draft, setDraft] = useState<Catalogue | null>(null);

  /** Reads the lists and opens `wanted` (the first list without one), dropping the draft. */
  const load = useCallback(async (wanted: string | null) => {
    const { data } = await priceListsApi.list();
    setLists(data);
    const chosen = wanted ?? data[0]?.currency ?? null;
    setCurrency(chosen);
    if (!chosen) return;
    const detail = (await priceListsApi.read(chosen)).data;
    setLoaded(detail);
    setDraft(detail.catalogue);
  }, []);
  useEffect(() => {
    load(null).catch(() => {});
  }, [load]);

  const problems = useMemo(() => (draft ? catalogueProblems(draft) : []), [draft]);
  const problemAt = useMemo(() => new Map(problems.map((p) => [p.field, p])), [problems]);
  const changes = useMemo(() => {
    if (!draft || !loaded) return 0;
    const before = numbersOf(loaded.catalogue);
    return [...numbersOf(draft)].filter(([path, value]) => before.get(path) !== value).length;
  }, [draft, loaded]);

  return {
    lists,
    currency,
    loaded,
    draft,
    problems,
    problemAt,
    changes,
    load,
    /** Sets the number at `path` (NaN for an emptied field: the engine then names the problem). */
    set: (path: string, value: number | null) =>
      setDraft((current) => current && withValue(current, path, value ?? Number.NaN)),
    reset: () => setDraft(loaded?.catalogue ?? null),
  };
}
