import { PAGE_SIZES, type PageEnvelope } from "@rampart/contracts";
import type { TablePaginationConfig } from "antd";
import type { SorterResult, SortOrder } from "antd/es/table/interface";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { pickFilters, useLocalQuery, useUrlQuery } from "./url-query";

type PageSize = (typeof PAGE_SIZES)[number];
export interface PageParams {
  pageNum: number;
  pageSize: PageSize;
}
/** The server's sort words (RuoYi's): a column the list allows, ascending or descending. */
export interface SortParams {
  orderByColumn?: string;
  isAsc?: "ascending" | "descending";
}
const UNSORTED: readonly string[] = [];

/** A list's search as its address keeps it: text values by name (empty ones are left out). */
export type ListFilters = Partial<Record<string, string>>;

/**
 * One page of a server list (RuoYi's getList) whose search, page, size and sort live in the page's
 * address (useUrlQuery): the rows, the total and the loading state, loaded again whenever the
 * address changes. `filterKeys` names the search's fields; `sortColumns` the columns the server
 * sorts by; `inAddress: false` keeps it all in the component (a drawer's list). `fetchPage` must
 * keep its identity (a module-level function).
 */
export function usePagedList<Row, Filters extends ListFilters>(
  fetchPage: (query: Filters & PageParams & SortParams) => Promise<PageEnvelope<Row>>,
  filterKeys: readonly (keyof Filters & string)[],
  { sortColumns = UNSORTED, inAddress = true }: { sortColumns?: readonly string[]; inAddress?: boolean } = {},
) {
  const address = useUrlQuery();
  const local = useLocalQuery();
  const { params, update } = inAddress ? address : local;
  const [rows, setRows] = useState<Row[]>([]);
  const { t } = useTranslation();
  const [total, setTotal] = useState(0);
  // A list with many rows stops counting (the server's capped-count.ts): "more than" its total.
  const [totalCapped, setTotalCapped] = useState(false);
  const [loading, setLoading] = useState(true);

  const query = useMemo(() => {
    const pageNum = Math.max(1, Math.trunc(Number(params.get("pageNum"))) || 1);
    const pageSize = PAGE_SIZES.find((size) => String(size) === params.get("pageSize")) ?? 20;
    const column = params.get("orderByColumn");
    const direction = params.get("isAsc");
    const sort: SortParams =
      column && sortColumns.includes(column) && (direction === "ascending" || direction === "descending")
        ? { orderByColumn: column, isAsc: direction }
        : {};
    const filters = pickFilters<Filters>(params, filterKeys);
    return { filters, sort, paging: { pageNum, pageSize } as PageParams };
  }, [params, filterKeys, sortColumns]);
  const queryKey = JSON.stringify(query);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the query counts by value (queryKey)
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const answer = await fetchPage({ ...query.filters, ...query.sort, ...query.paging });
      setRows(answer.rows);
      setTotal(answer.total);
      setTotalCapped(answer.totalCapped === true);
    } catch {
      // The request client has told the user.
    } finally {
      setLoading(false);
    }
  }, [fetchPage, queryKey]);
  useEffect(() => {
    void load();
  }, [load]);

  /** A new search: its values in the address, from the first page. */
  const search = useCallback(
    (filters: Filters) => {
      const change: Record<string, string | undefined> = { pageNum: undefined };
      for (const key of filterKeys) change[key] = filters[key] || undefined;
      update(change);
    },
    [filterKeys, update],
  );

  const pagination = (totalText: (count: number) => string): TablePaginationConfig => ({
    current: query.paging.pageNum,
    pageSize: query.paging.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: totalCapped ? () => t("list.moreThan", { count: total }) : totalText,
    onChange: (pageNum, size) => {
      const pageSize = PAGE_SIZES.find((s) => s === size) ?? 20;
      const first = pageSize !== query.paging.pageSize;
      update({
        pageNum: first || pageNum === 1 ? undefined : pageNum,
        pageSize: pageSize === 20 ? undefined : pageSize,
      });
    },
  });

  /** How a sortable column shows its order. */
  const sortOrder = (column: string): SortOrder =>
    query.sort.orderByColumn === column ? (query.sort.isAsc === "ascending" ? "ascend" : "descend") : null;
  /** The table's sorter: a sortable column's order into the address (other changes are the pager's). */
  const onSort = (sorter: SorterResult<Row> | SorterResult<Row>[]) => {
    const { columnKey, order } = Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter;
    const column = typeof columnKey === "string" && sortColumns.includes(columnKey) && order ? columnKey : undefined;
    if (column === query.sort.orderByColumn && (order === "ascend") === (query.sort.isAsc === "ascending")) return;
    update({ orderByColumn: column, isAsc: column ? (order === "ascend" ? "ascending" : "descending") : undefined });
  };

  return {
    rows,
    total,
    totalCapped,
    loading,
    load,
    filters: query.filters,
    query,
    search,
    pagination,
    sortOrder,
    onSort,
  };
}
