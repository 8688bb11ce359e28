import type { Permission } from "@rampart/contracts";
import { Button, Form, Space, type TableProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { ListPage, ListTable, ListToolbar } from "./list-page";
import { ListSearch, SearchButtons, type SearchedList } from "./list-search";
import { SearchFields, type SearchSpec, searchFilters, searchForm } from "./search-fields";

/**
 * A console list page, declared: the prefix of its texts (`<texts>.empty`, `<texts>.total`,
 * `<texts>.add`, `<texts>.search.<field>`), the key of its rows, its search's fields (with the
 * contract's query schema) and the permission of its Add button. The kit draws the search (in the
 * page's address, with its toolbar), the toolbar, the table and its pager; the page gives the
 * columns, the list (usePagedList with searchKeys(spec.search), or useLoadedList) and its dialogs.
 */
export interface ListSpec<Row> {
  texts: string;
  rowKey: keyof Row & string;
  search?: SearchSpec;
  /** The permission of the toolbar's Add button, which calls `onAdd` (true: anyone who sees the page). */
  add?: Permission | true;
  /** The key of the pager's total when not `<texts>.total`. */
  total?: string;
}

/** A list page's declaration: its texts' prefix, its rows' key, and its search and Add permission if it has them. */
export function listSpec<Row>(
  texts: string,
  rowKey: keyof Row & string,
  more: { search?: SearchSpec; add?: Permission | true; total?: string } = {},
): ListSpec<Row> {
  return { texts, rowKey, ...more };
}

/** What the page needs of its list: the rows, whether they are loading, a reload; the pager of a paged one. */
interface ShownList<Row> {
  rows: Row[];
  loading: boolean;
  load: () => Promise<void>;
  pagination?: (totalText: (count: number) => string) => TableProps<Row>["pagination"];
  onSort?: (sorter: Parameters<NonNullable<TableProps<Row>["onChange"]>>[2]) => void;
  /** A searched list's search, as the page's address keeps it, and a new one. */
  filters?: object;
  search?(filters: Record<string, string>): void;
}

/**
 * A declared list page (ListSpec): the search (a form above the table, or a short one in the
 * toolbar), the toolbar, the table with its pager and sort, and the page's dialogs (children).
 */
export function DeclaredListPage<Row extends object>({
  spec,
  title,
  list,
  columns,
  intro,
  above,
  empty,
  search,
  onAdd,
  actions,
  tools,
  toolbar,
  table,
  children,
}: {
  spec: ListSpec<Row>;
  title: string;
  list: ShownList<Row>;
  columns: TableProps<Row>["columns"];
  /** What the page is for, above it (a paragraph). */
  intro?: ReactNode;
  /** What stands between the toolbar and the table (alerts about rows). */
  above?: ReactNode;
  /** What an empty table says, when not `<texts>.empty`. */
  empty?: ReactNode;
  /** The search with the declared fields replaced (a choice whose values are known only now). */
  search?: SearchSpec;
  onAdd?: () => void;
  /** More of the toolbar's actions, after Add. */
  actions?: ReactNode;
  /** The toolbar's tools (a keyword search), for a page without a search form. */
  tools?: ReactNode;
  /** A toolbar of the page's own instead (one shown only to those who may use it). */
  toolbar?: ReactNode;
  /** More of the table's properties (expandable rows, a row's class). */
  table?: Omit<TableProps<Row>, "columns" | "dataSource" | "rowKey" | "loading">;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const searchSpec = search ?? spec.search;
  const button = (
    <Button type="primary" onClick={onAdd}>
      {t(`${spec.texts}.add`)}
    </Button>
  );
  const add = !spec.add || !onAdd ? null : spec.add === true ? button : <Can permissions={[spec.add]}>{button}</Can>;
  /**
   * The toolbar under the search: Add alone is shown only to those who may add (no empty toolbar
   * for the others); otherwise the actions, the tools and, for a page without a search form (which
   * has its own), Refresh.
   */
  const pageToolbar = () => {
    if (add && spec.add !== true && !actions && !tools && searchSpec)
      return (
        <Can permissions={[spec.add as Permission]}>
          <ListToolbar actions={add} />
        </Can>
      );
    if (!add && !actions && searchSpec) return null;
    return (
      <ListToolbar
        actions={
          add || actions ? (
            // Together at the start (the toolbar spreads its two ends).
            <Space wrap>
              {add}
              {actions}
            </Space>
          ) : null
        }
        tools={tools}
        {...(searchSpec ? {} : { onRefresh: () => void list.load() })}
      />
    );
  };
  const inToolbar = searchSpec?.inToolbar === true;
  const searched = searchSpec && list.search && list.filters ? { spec: searchSpec, list } : null;
  return (
    <ListPage title={title}>
      {intro}
      {searched && inToolbar ? (
        <div className="list-toolbar list-toolbar--spread">
          <ToolbarSearch
            spec={searched.spec}
            texts={spec.texts}
            list={{ filters: list.filters as Record<string, string>, search: list.search! }}
          />
          {add}
        </div>
      ) : searched ? (
        <DeclaredSearch
          spec={searched.spec}
          texts={spec.texts}
          list={{ filters: list.filters as Record<string, string>, search: list.search!, load: list.load }}
        />
      ) : null}
      {inToolbar ? null : (toolbar ?? pageToolbar())}
      {above}
      <ListTable<Row>
        rowKey={spec.rowKey}
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        emptyText={empty ?? t(`${spec.texts}.empty`)}
        {...(list.pagination
          ? { pagination: list.pagination((count) => t(spec.total ?? `${spec.texts}.total`, { count, total: count })) }
          : {})}
        {...(list.onSort ? { onChange: (_p, _f, sorter) => list.onSort?.(sorter) } : {})}
        {...table}
      />
      {children}
    </ListPage>
  );
}

/** The search form of a declared list: its fields, Search and Reset, the search in the page's address. */
function DeclaredSearch({
  spec,
  texts,
  list,
}: {
  spec: SearchSpec;
  texts: string;
  list: SearchedList<Record<string, string>>;
}) {
  const [form] = Form.useForm();
  return (
    <ListSearch
      name={spec.name}
      form={form}
      list={list}
      filtersOf={(values) => searchFilters(spec, values)}
      formOf={(filters) => searchForm(spec, filters)}
    >
      <SearchFields spec={spec} texts={texts} />
    </ListSearch>
  );
}

/** A short declared search in the toolbar: its fields inline, then Search and Reset. */
function ToolbarSearch({
  spec,
  texts,
  list,
}: {
  spec: SearchSpec;
  texts: string;
  list: Omit<SearchedList<Record<string, string>>, "load">;
}) {
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      name={spec.name}
      initialValues={searchForm(spec, list.filters)}
      layout="inline"
      className="search-form search-form--bare"
      onFinish={(values) => list.search(searchFilters(spec, values))}
    >
      <SearchFields spec={spec} texts={texts} />
      <SearchButtons
        onReset={() => {
          form.resetFields();
          list.search({});
        }}
      />
    </Form>
  );
}
