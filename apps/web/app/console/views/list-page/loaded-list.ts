import type { Envelope } from "@rampart/contracts";
import { useCallback, useEffect, useState } from "react";

/**
 * A whole (unpaged) server list: its rows and loading state, loaded on mount and whenever
 * `fetchRows` changes identity (wrap it in useCallback with what it depends on); `load` reloads.
 */
export function useLoadedList<Row>(fetchRows: () => Promise<Envelope<Row[]>>) {
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows((await fetchRows()).data ?? []);
    } catch {
      // The request client has told the user.
    } finally {
      setLoading(false);
    }
  }, [fetchRows]);
  useEffect(() => {
    void load();
  }, [load]);
  return { rows, loading, load };
}
