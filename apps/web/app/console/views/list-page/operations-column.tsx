import type { Permission } from "@rampart/contracts";
import { Button, Space } from "antd";
import type { ColumnType } from "antd/es/table";
import { Can } from "../../../shared/auth/permissions";
import { useWideScreen } from "./search-toggle";

/** One action of a row: its label, the permission it needs, when it applies, and what it does. */
export type RowAction<Row> = {
  label: string;
  permission?: Permission;
  danger?: boolean;
  /** Whether the row offers it (a built-in record is not removed, a paid order not closed). */
  shown?: (row: Row) => boolean;
} & (
  | { onClick: (row: Row) => void }
  /** A link to another page (a new order, the orders to pay). */
  | { href: (row: Row) => string }
);

/**
 * The operations column of a list: each action a link button, behind its permission, shown only
 * where it applies; fixed to the right on a wide screen so that it stays in reach as the table
 * scrolls.
 */
export function useOperationsColumn<Row extends object>(
  title: string,
  actions: RowAction<Row>[] | ((row: Row) => RowAction<Row>[]),
): ColumnType<Row> {
  const wide = useWideScreen();
  return {
    title,
    key: "operations",
    ...(wide ? { fixed: "right" as const } : {}),
    render: (_, row) => (
      <Space size={0} wrap>
        {(typeof actions === "function" ? actions(row) : actions)
          .filter((action) => action.shown?.(row) ?? true)
          .map((action) => {
            const button = (
              <Button
                key={action.label}
                type="link"
                size="small"
                danger={action.danger ?? false}
                {...("href" in action ? { href: action.href(row) } : { onClick: () => action.onClick(row) })}
              >
                {action.label}
              </Button>
            );
            return action.permission ? (
              <Can key={action.label} permissions={[action.permission]}>
                {button}
              </Can>
            ) : (
              button
            );
          })}
      </Space>
    ),
  };
}
