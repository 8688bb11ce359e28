import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** How many rows go over in one statement (as one JSON document). */
const BATCH_ROWS = 1_000;

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The application's tables (schema public), parents before the tables that refer to them. */
export async function tablesInCopyOrder(db: Db): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.name);
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of references) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error("the tables refer to each other in a circle; cannot order the copy");
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

async function primaryKeyOf(db: Db, table: string): Promise<string[]> {
  const rows = await rowsOf<{ column: string }>(
    db,
    sql`select a.attname as column from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${`public.${quoted(table)}`}::regclass and i.indisprimary order by a.attnum`,
  );
  return rows.map((row) => row.column);
}

/**
 * Copies one table's rows, a batch at a time, as JSON: PostgreSQL writes each batch with
 * json_agg and reads it back into the target's row type with json_populate_recordset, so every
 * type (timestamps, jsonb, bytea, numbers beyond 2^53) crosses exactly as the server reads it.
 */
export async function copyTable(source: Db, target: Db, table: string): Promise<number> {
  const key = await primaryKeyOf(source, table);
  const order = (key.length > 0 ? key : ["ctid"]).map(quoted).join(", ");
  let copied = 0;
  for (;;) {
    const [batch] = await rowsOf<{ rows: string; n: number }>(
      source,
      sql.raw(
        `select coalesce(json_agg(t), '[]')::text as rows, count(*)::int as n from
         (select * from public.${quoted(table)} order by ${order} limit ${BATCH_ROWS} offset ${copied}) t`,
      ),
    );
    const n = Number(batch!.n);
    if (n === 0) return copied;
    await target.execute(
      sql`insert into ${sql.raw(`public.${quoted(table)}`)}
          select * from json_populate_recordset(null::${sql.raw(`public.${quoted(table)}`)}, ${batch!.rows}::json)`,
    );
    copied += n;
    if (n < BATCH_ROWS) return copied;
  }
}

/** A table's row count and a checksum of its rows (independent of their order and of collation). */
export async function fingerprint(db: Db, table: string): Promise<{ rows: number; checksum: string }> {
  const [row] = await rowsOf<{ rows: number; checksum: string | null }>(
    db,
    sql.raw(
      `select count(*)::int as rows, md5(string_agg(h, '' order by h)) as checksum
       from (select md5(t::text) as h from public.${quoted(table)} t) hashed`,
    ),
  );
  return { rows: Number(row!.rows), checksum: row!.checksum ?? "" };
}

/** Every sequence of the application's schema set where the source's is (serial ids and others). */
export async function copySequences(source: Db, target: Db): Promise<number> {
  const sequences = await rowsOf<{ name: string }>(
    source,
    sql`select sequence_name as name from information_schema.sequences where sequence_schema = 'public'`,
  );
  for (const { name } of sequences) {
    const [state] = await rowsOf<{ last_value: string; is_called: boolean }>(
      source,
      sql.raw(`select last_value::text, is_called from public.${quoted(name)}`),
    );
    await target.execute(
      sql`select setval(${`public.${quoted(name)}`}::regclass, ${state!.last_value}::bigint, ${state!.is_called})`,
    );
  }
  return sequences.length;
}
