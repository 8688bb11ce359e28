import { getTableColumns, getTableName, is, SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

const SERIAL_TYPES: Readonly<Record<string, string>> = {
  smallserial: "smallint",
  serial: "integer",
  bigserial: "bigint",
};

/**
 * The rows of a multi-row INSERT as one JSON parameter, for `db.insert(table).select(jsonRows(...))`.
 * Drizzle builds `values (...), (...)` with a parameter per value and costly checks on each: for the
 * group-committed inserts of a load (dozens of rows of twenty columns), building the statement took
 * more of the process than the database's work. Here the statement is the same whatever the rows.
 *
 * Each of the table's columns, in the order Drizzle lists them for the INSERT, is read from the
 * rows (by its name in the database); one a row leaves out takes its default: the next value of a
 * serial, or the column's own default when it has one and is NOT NULL. Values are written as
 * JSON.stringify writes them (a Date as its ISO time), so what a column's Drizzle type would
 * convert (a custom type) does not belong here.
 */
export function jsonRows<T extends PgTable>(table: T, rows: readonly T["$inferInsert"][]): SQL {
  const { columns, selected, definitions } = statementOf(table);
  const record = rows.map((row) =>
    Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key] ?? null])),
  );
  return sql`select ${selected} from jsonb_to_recordset(${JSON.stringify(record)}::jsonb) as x(${definitions})`;
}

/** What jsonRows writes for a table, the same for every call: made once per table. */
interface JsonRowsStatement {
  columns: [string, PgColumn][];
  selected: SQL;
  definitions: SQL;
}
const statements = new WeakMap<PgTable, JsonRowsStatement>();

function statementOf(table: PgTable): JsonRowsStatement {
  let statement = statements.get(table);
  if (statement) return statement;
  const tableName = getTableName(table);
  // Drizzle's own rule for the INSERT's columns: all but those generated always.
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(
    ([, column]) => column.generated === undefined || column.generated.type === "byDefault",
  );
  const definitions: SQL[] = [];
  const selected: SQL[] = [];
  for (const [, column] of columns) {
    const type = column.getSQLType();
    const recordType = SERIAL_TYPES[type] ?? type;
    const value = sql`x.${sql.identifier(column.name)}`;
    definitions.push(sql`${sql.identifier(column.name)} ${sql.raw(recordType)}`);
    if (SERIAL_TYPES[type]) {
      selected.push(sql`coalesce(${value}, nextval(pg_get_serial_sequence(${tableName}, ${column.name})))`);
    } else if (column.defaultFn || column.onUpdateFn) {
      throw new Error(`jsonRows: ${tableName}.${column.name} has a default computed in JavaScript`);
    } else if (column.hasDefault && column.notNull && column.default !== undefined) {
      const fallback = is(column.default, SQL)
        ? column.default
        : sql`${sql.param(column.default, column)}::${sql.raw(type)}`;
      selected.push(sql`coalesce(${value}, ${fallback})`);
    } else {
      selected.push(value);
    }
  }
  statement = { columns, selected: sql.join(selected, sql`, `), definitions: sql.join(definitions, sql`, `) };
  statements.set(table, statement);
  return statement;
}

/**
 * The columns the database fills in (serials, defaults, generated columns): what a
 * `.returning(...)` needs to give back for `completedRow` to make the inserted rows whole. Reading
 * back every column instead costs the embedded database more than the INSERT itself (a group of 23
 * orders: 3.9 ms returning every column, 2.4 ms returning one).
 */
export function filledColumns(table: PgTable): Record<string, PgColumn> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(
      ([, column]) => column.hasDefault || column.generated !== undefined,
    ),
  );
}

/**
 * An inserted row, whole: what was sent, with what the database filled in (see filledColumns). A
 * JSON column is the value as sent, not as PostgreSQL normalised it (jsonb orders keys its own way).
 */
export function completedRow<T extends PgTable>(
  table: T,
  sent: T["$inferInsert"],
  filled: Record<string, unknown>,
): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const key of Object.keys(getTableColumns(table))) row[key] = (sent as Record<string, unknown>)[key] ?? null;
  return Object.assign(row, filled) as T["$inferSelect"];
}
