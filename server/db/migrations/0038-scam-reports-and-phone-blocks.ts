import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Scam reports that act (issue 43, decision 056):
 * - `listing_report.reason` takes the new scam reasons, and `seller_phone` keeps the number the
 *   listing carried when it was reported (a seller may change it later);
 * - `moderation_audit.target_type` takes "phone", for a number blocked and lifted;
 * - `phone_block`: a number reports blocked (`blocked_at`), or whose block an admin lifted
 *   (`lifted_at`: only reports after it count towards blocking it again).
 * A column's CHECK cannot be changed in place on SQLite, so there the two tables are rebuilt as
 * SQLite's documentation says (new table, copy, drop, rename), with their indexes and triggers.
 * Nothing refers to either table by foreign key.
 */
const REASONS = ["advance", "payment-link", "impersonation", "scam", "category", "price", "sold", "offensive", "other"];
const OLD_REASONS = ["scam", "category", "price", "sold", "offensive", "other"];
const quoted = (values: string[]) => values.map((v) => `'${v}'`).join(", ");

export async function up(db: Kysely<unknown>): Promise<void> {
  await changeChecks(db, {
    reason: `reason in (${quoted(REASONS)})`,
    targetType: "target_type in ('listing', 'person', 'phone')",
  });
  await db.schema.alterTable("listing_report").addColumn("seller_phone", "text").execute();
  // Counting the different people who reported a number for a scam.
  await db.schema
    .createIndex("listing_report_seller_phone_idx")
    .on("listing_report")
    .columns(["seller_phone", "created_at"])
    .where(sql.ref("seller_phone"), "is not", null)
    .execute();
  await db.schema
    .createTable("phone_block")
    // E.164, as the user table keeps it.
    .addColumn("phone", "text", (c) => c.primaryKey())
    // Epoch milliseconds (UTC); null once lifted.
    .addColumn("blocked_at", "bigint")
    .addColumn("lifted_at", "bigint")
    .execute();
  // Which accounts carry a number: its listings are hidden and shown with the block.
  await db.schema.createIndex("user_phone_block_idx").on("user").column("phone").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("user_phone_block_idx").ifExists().execute();
  await db.schema.dropTable("phone_block").ifExists().execute();
  await db.schema.dropIndex("listing_report_seller_phone_idx").ifExists().execute();
  await db.schema.alterTable("listing_report").dropColumn("seller_phone").execute();
  await db
    .deleteFrom("listing_report" as never)
    .where(sql.ref("reason"), "not in", OLD_REASONS)
    .execute();
  await changeChecks(db, { reason: `reason in (${quoted(OLD_REASONS)})`, targetType: "target_type in ('listing', 'person')" });
}

async function changeChecks(db: Kysely<unknown>, checks: { reason: string; targetType: string }): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // PostgreSQL named each column's check <table>_<column>_check (migration 0008 gave no names).
    await sql`alter table listing_report drop constraint if exists listing_report_reason_check`.execute(db);
    await sql`alter table listing_report add constraint listing_report_reason_check check (${sql.raw(checks.reason)})`.execute(db);
    await sql`alter table moderation_audit drop constraint if exists moderation_audit_target_type_check`.execute(db);
    await sql`alter table moderation_audit add constraint moderation_audit_target_type_check check (${sql.raw(checks.targetType)})`.execute(
      db,
    );
    return;
  }
  await rebuildSqliteTable(db, "listing_report", (create) => create.replace(/reason in \([^)]*\)/, checks.reason));
  await rebuildSqliteTable(db, "moderation_audit", (create) => create.replace(/target_type in \([^)]*\)/, checks.targetType));
}

/** Rebuilds a SQLite table from its own CREATE statement, changed by `change`, keeping its rows, indexes and triggers. */
async function rebuildSqliteTable(db: Kysely<unknown>, table: string, change: (create: string) => string): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table} and type in ('table', 'index', 'trigger')`.execute(db);
  const create = rows.find((row) => row.type === "table")!.sql!;
  const changed = change(create);
  if (changed === create) throw new Error(`migration 0038: the check on ${table} was not found`);
  const next = `${table}_0038`;
  await sql.raw(changed.replace(/^create table\s+("?)[a-z_]+\1/i, `create table "${next}"`)).execute(db);
  await sql.raw(`insert into "${next}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${next}" rename to "${table}"`).execute(db);
  // Automatic indexes (a primary key's) have no SQL and come back with the table.
  for (const row of rows) if (row.type !== "table" && row.sql) await sql.raw(row.sql).execute(db);
}
