import { Button, Space, Table, type TableProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A console list page, declared: its title (for screen readers: the tab names it on screen), then
 * what the children are, in order: the search (ListSearch), the toolbar (ListToolbar), the table
 * (ListTable), and the dialogs it opens.
 */
export function ListPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="list-view console-view">
      <h1 className="visually-hidden">{title}</h1>
      {children}
    </div>
  );
}

/**
 * The toolbar above a table: the page's actions first (add, export: each behind its <Can>), and
 * at the other end its tools (a keyword search) and Refresh, when the page has no search form.
 */
export function ListToolbar({
  actions,
  tools,
  onRefresh,
}: {
  actions?: ReactNode;
  tools?: ReactNode;
  onRefresh?: () => void;
}) {
  const { t } = useTranslation();
  const end =
    tools || onRefresh ? (
      <Space wrap>
        {tools}
        {onRefresh ? <Button onClick={onRefresh}>{t("list.refresh")}</Button> : null}
      </Space>
    ) : null;
  return (
    <div className={`list-toolbar ${end ? "list-toolbar--spread" : "list-toolbar--start"}`}>
      {actions ?? <span />}
      {end}
    </div>
  );
}

/**
 * The list's table as every console list shows it: medium rows, the list's own words when it is
 * empty, and (for a whole list) pages of 20 when it is longer. A paged list passes its pager
 * (usePagedList's `pagination`).
 *
 * Its width: the table's own (auto), at least the panel's: the browser wraps long cells to fit
 * the panel and scrolls sideways only when the cells cannot shrink further (a phone). A table
 * always as wide as its unwrapped cells ("max-content") overflowed at 1280-1440 px by a few
 * pixels, and the operations column, fixed to the right, sat over the last data column.
 */
export function ListTable<Row extends object>({
  emptyText,
  ...props
}: TableProps<Row> & { emptyText: ReactNode; rowKey: TableProps<Row>["rowKey"] }) {
  return (
    <Table<Row>
      size="middle"
      scroll={{ x: true }}
      tableLayout="auto"
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      {...props}
      locale={{ emptyText }}
    />
  );
}
