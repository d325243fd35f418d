/**
 * `npx tsx scripts/bench/produce-backfill.ts DATABASE_URL` (a benchmark marketplace, never a real database: it
 * forgets every listing's produce first). Times the produce backfill, and with it the price-insight
 * points its triggers write back, at the marketplace's size (issue 23).
 */
// Every listing's produce is first forgotten (as before migration 0012; the price_point triggers
// drop their points, timed apart), then backfillProduce reads them again from their names and the
// triggers write the points back.
import { sql } from "kysely";
import { openDatabase } from "../../server/db/database";
import { backfillProduce } from "../../server/listings/produce-backfill.repository";
const db = openDatabase(process.argv[2]!);
const count = async (table: "listing" | "price_point") =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely)).rows[0]!.n);
console.log(`before: ${await count("listing")} listings, ${await count("price_point")} price points`);
let t = performance.now();
await db.kysely.updateTable("listing").set({ produce_id: null, produce_source: null }).execute();
console.log(`reset in ${((performance.now() - t) / 1000).toFixed(1)} s: ${await count("price_point")} price points left`);
t = performance.now();
let last = 0;
const { done } = await backfillProduce(db, {
  onProgress: (p) => {
    if (p.done - last >= 100_000) {
      last = p.done;
      console.log(`  ${p.done}/${p.total} at ${((performance.now() - t) / 1000).toFixed(0)} s`);
    }
  },
});
const seconds = (performance.now() - t) / 1000;
console.log(
  `backfill: ${done} listings in ${seconds.toFixed(1)} s (${Math.round(done / seconds)} a second); ${await count("price_point")} price points`,
);
await db.close();
