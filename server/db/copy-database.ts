/**
 * Copies a Mandi database to another one (typically an embedded SQLite install to PostgreSQL):
 * every user, account, session, listing (with its status, unit and place), listing photo and the
 * tombstones of deleted listings, where each seller sells from, reports and the moderation audit
 * log (roles and bans are columns of user), in foreign-key order. Safe to run again: rows already
 * at the destination (same id) are left as they are. Each batch is checked at the destination, so
 * the result says exactly how many source rows are there.
 */
import { sql, type Kysely } from "kysely";
import type { Db } from "./database";
import { migrateToLatest } from "./migrate";

/**
 * What moves, parents before children, each with a unique column to walk it by and to recognise
 * rows already copied. Left out on purpose: rateLimit (counters that expire in a minute),
 * sign_in_failure (per-account counters that expire in 15 minutes), rate_counter (counters that
 * expire within an hour, decision 046),
 * photo_upload (half-finished uploads, whose bytes stay behind in the old install's folder) and
 * the migration bookkeeping, which the destination's own migrations write.
 */
const TABLE_KEYS = {
  user: "id",
  account: "id",
  session: "id",
  verification: "id",
  listing: "id",
  listing_photo: "image_key",
  listing_tombstone: "id",
  seller_place: "user_id",
  listing_report: "id",
  moderation_audit: "id",
  // Numbers scam reports blocked (decision 056): a move must not lift them.
  phone_block: "phone",
  saved_listing: "id",
  mandi_rate: "id",
  // Kept by listing triggers, so already there after listing; copied for a complete count (decision 020).
  price_point: "listing_id",
  // Saved searches and alerts (decision 022); alert_job is left out: jobs are redone from alert_match.
  saved_search: "id",
  saved_search_term: "id",
  alert_match: "id",
  email_suppression: "email",
  // Keyed hashes (decision 045): the same AUTH_SECRET at the destination reads them. Daily mail counts are left out.
  address_suppression: "address_hash",
  push_subscription: "id",
  // The public API's keys (decision 032).
  api_key: "id",
} as const;

export type CopiedTable = keyof typeof TABLE_KEYS;

export const COPIED_TABLES = Object.keys(TABLE_KEYS) as CopiedTable[];

export interface TableCopyResult {
  table: CopiedTable;
  /** Rows in the source. */
  source: number;
  /** Rows written by this run (the rest were there already). */
  inserted: number;
  /** Source rows found at the destination after the copy. */
  present: number;
}

type Row = Record<string, unknown>;
// Tables are named at run time here, so this module talks to Kysely without the typed schema.
type UntypedDb = Kysely<Record<string, Row>>;

const BATCH_SIZE = 500;

export async function copyDatabase(options: {
  from: Db;
  to: Db;
  onProgress?: (table: CopiedTable, done: number, total: number) => void;
}): Promise<TableCopyResult[]> {
  const from = options.from.kysely as unknown as UntypedDb;
  const to = options.to.kysely as unknown as UntypedDb;
  await migrateToLatest(options.to);
  const convert = await valueConverter(options.to);

  const results: TableCopyResult[] = [];
  for (const table of COPIED_TABLES) {
    const key = TABLE_KEYS[table];
    const total = await countRows(from, table);
    let done = 0;
    let inserted = 0;
    let present = 0;
    let after: string | null = null;
    options.onProgress?.(table, 0, total);
    for (;;) {
      let query = from.selectFrom(table).selectAll().orderBy(key).limit(BATCH_SIZE);
      if (after !== null) query = query.where(key, ">", after);
      const rows = (await query.execute()) as Row[];
      if (!rows.length) break;
      const ids = rows.map((row) => String(row[key]));
      const written = await to
        .insertInto(table)
        .values(rows.map((row) => convert(table, row)))
        .onConflict((conflict) => conflict.column(key).doNothing())
        .executeTakeFirst();
      inserted += Number(written.numInsertedOrUpdatedRows ?? 0);
      present += await countRows(to, table, { column: key, values: ids });
      done += rows.length;
      after = ids.at(-1)!;
      options.onProgress?.(table, done, total);
    }
    results.push({ table, source: total, inserted, present });
  }
  // The audit log's ids were copied as they were: PostgreSQL's sequence must start after them.
  if (options.to.dialect === "postgres") {
    await sql`select setval(pg_get_serial_sequence('moderation_audit', 'id'), coalesce((select max(id) from moderation_audit), 0) + 1, false)`.execute(
      options.to.kysely,
    );
  }
  return results;
}

/** True when every source row is at the destination. */
export function isCompleteCopy(results: readonly TableCopyResult[]): boolean {
  return results.every((r) => r.present === r.source);
}

async function countRows(db: UntypedDb, table: string, only?: { column: string; values: string[] }): Promise<number> {
  let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as("n"));
  if (only) query = query.where(only.column, "in", only.values);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * SQLite keeps booleans as 0/1 and dates as ISO text; PostgreSQL has real boolean and timestamp
 * columns. Values are shaped for the destination's column types, read from its catalogue.
 */
async function valueConverter(to: Db): Promise<(table: string, row: Row) => Row> {
  const tables = await to.kysely.introspection.getTables();
  const types = new Map(tables.map((t) => [t.name, new Map(t.columns.map((c) => [c.name, c.dataType.toLowerCase()]))]));
  return (table, row) => {
    const columns = types.get(table);
    const out: Row = {};
    for (const [column, value] of Object.entries(row)) out[column] = shapeValue(value, columns?.get(column) ?? "", to.dialect);
    return out;
  };
}

function shapeValue(value: unknown, columnType: string, dialect: Db["dialect"]): unknown {
  if (value === null || value === undefined) return null;
  if (dialect === "postgres") {
    if (columnType === "bool" || columnType === "boolean") return value === true || value === 1 || value === "1" || value === "true";
    if (columnType.startsWith("timestamp") || columnType === "date")
      return value instanceof Date ? value : new Date(value as string | number);
    return value;
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}
