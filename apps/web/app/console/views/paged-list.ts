import { PAGE_SIZES, type PageEnvelope } from "@rampart/contracts";
import type { TablePaginationConfig } from "antd";
import { useCallback, useEffect, useState } from "react";

type PageSize = (typeof PAGE_SIZES)[number];
export interface PageParams {
  pageNum: number;
  pageSize: PageSize;
}

/**
 * One page of a server list (RuoYi's getList): the rows, the total and the loading state for the
 * filters and the page asked for, loaded again whenever either changes; `pagination` is the table's
 * pager (sizes 10/20/30/50, 20 by default). `fetchPage` must keep its identity (a module-level
 * function); the filters are compared by value.
 */
export function usePagedList<Row, Filters extends object>(
  fetchPage: (query: Filters & PageParams) => Promise<PageEnvelope<Row>>,
  filters: Filters,
) {
  const [paging, setPaging] = useState<PageParams>({ pageNum: 1, pageSize: 20 });
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const filterKey = JSON.stringify(filters);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters count by value (filterKey)
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const answer = await fetchPage({ ...filters, ...paging });
      setRows(answer.rows);
      setTotal(answer.total);
    } catch {
      // The request client has told the user.
    } finally {
      setLoading(false);
    }
  }, [fetchPage, filterKey, paging]);
  useEffect(() => {
    void load();
  }, [load]);

  /** Back to the first page (new filters). */
  const firstPage = useCallback(() => setPaging((p) => ({ ...p, pageNum: 1 })), []);

  const pagination = (totalText: (count: number) => string): TablePaginationConfig => ({
    current: paging.pageNum,
    pageSize: paging.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: totalText,
    onChange: (pageNum, size) => {
      const pageSize = PAGE_SIZES.find((s) => s === size) ?? 20;
      setPaging((before) => ({ pageNum: pageSize === before.pageSize ? pageNum : 1, pageSize }));
    },
  });

  return { rows, total, loading, load, firstPage, pagination };
}
