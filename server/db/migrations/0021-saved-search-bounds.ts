import type { Kysely } from "kysely";
import { readSavedQuery, savedSearchIndex } from "../../../core/alerts/saved-search-index";
import { keyRow } from "../../alerts/saved-searches.repository";
import type { Database } from "../schema";

/** Saved searches re-filed at once. */
const BATCH = 500;

/**
 * The filterable parts of a saved search beside each of its index keys (decision 030): the state
 * ("" for any), district, category, price range and grade every listing it finds has, so that
 * matching a new listing narrows the candidates in SQL (one index range per key and state, the
 * other bounds read from the same index) rather than reading thousands of saved searches that
 * share a produce word but want another place or a lower price.
 *
 * Backfill: every saved search is filed again from its stored query by the code that files new
 * ones (core/alerts/saved-search-index.ts), so old and new rows are alike. A query that cannot
 * be read keeps the keys it had, open on every bound (it matched nothing before, and still will).
 */
export async function up(unknownDb: Kysely<unknown>): Promise<void> {
  const db = unknownDb as unknown as Kysely<Database>;
  await db.schema
    .alterTable("saved_search_term")
    .addColumn("state", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  for (const column of ["district", "category", "grade"])
    await db.schema.alterTable("saved_search_term").addColumn(column, "text").execute();
  for (const column of ["min_paise", "max_paise"]) await db.schema.alterTable("saved_search_term").addColumn(column, "bigint").execute();
  await db.schema.dropIndex("saved_search_term_idx").execute();
  await db.schema
    .createIndex("saved_search_term_bounds_idx")
    .on("saved_search_term")
    .columns(["term", "state", "district", "category", "min_paise", "max_paise", "grade", "saved_search_id"])
    .execute();

  let after = "";
  for (;;) {
    const searches = await db
      .selectFrom("saved_search")
      .select(["id", "query"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (!searches.length) break;
    after = searches.at(-1)!.id;
    const rows = searches.flatMap((search) => {
      try {
        return savedSearchIndex(readSavedQuery(search.query)).map((key) => keyRow(search.id, key));
      } catch {
        return [];
      }
    });
    const refiled = [...new Set(rows.map((row) => row.saved_search_id))];
    if (!refiled.length) continue;
    await db.deleteFrom("saved_search_term").where("saved_search_id", "in", refiled).execute();
    // 10 values a row: well within either engine's limit on parameters per statement.
    for (let i = 0; i < rows.length; i += 1_000)
      await db
        .insertInto("saved_search_term")
        .values(rows.slice(i, i + 1_000))
        .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("saved_search_term_bounds_idx").execute();
  await db.schema.createIndex("saved_search_term_idx").on("saved_search_term").columns(["term", "saved_search_id"]).execute();
  for (const column of ["grade", "max_paise", "min_paise", "category", "district", "state"])
    await db.schema.alterTable("saved_search_term").dropColumn(column).execute();
}
