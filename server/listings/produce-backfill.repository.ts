/**
 * The backfill of listings saved before migration 0012 (decision 019): each one's produce read
 * from its name, as a save would have. Run by `npm run produce:backfill` and, in the background, at
 * start-up.
 */
import type { Db } from "../db/database";
import { produceColumns } from "../../core/catalogue/listing-produce";

export interface BackfillProgress {
  /** Listings read from their names so far in this run. */
  done: number;
  /** Listings still to read when the run began. */
  total: number;
}

/**
 * Reads the produce of every listing saved before migration 0012 from its name, a batch at a time,
 * in id order. Each batch commits on its own and only rows still unread are written, so a run cut
 * off anywhere (or run by two instances at once) resumes where it stopped and writes nothing twice.
 */
export async function backfillProduce(
  db: Db,
  options: { batchSize?: number; onProgress?: (progress: BackfillProgress) => void } = {},
): Promise<BackfillProgress> {
  const batchSize = options.batchSize ?? 2_000;
  const { kysely } = db;
  const counted = await kysely
    .selectFrom("listing")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("produce_source", "is", null)
    .executeTakeFirstOrThrow();
  const progress = { done: 0, total: Number(counted.n) };
  options.onProgress?.(progress);
  let after = "";
  for (;;) {
    const rows = await kysely
      .selectFrom("listing")
      .select(["id", "name", "category"])
      .where("produce_source", "is", null)
      .where("id", ">", after)
      .orderBy("id")
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const byProduce = new Map<string | null, string[]>();
    for (const row of rows) {
      const { produce_id } = produceColumns({ name: row.name, category: row.category, produceChoice: null });
      byProduce.set(produce_id, [...(byProduce.get(produce_id) ?? []), row.id]);
    }
    await kysely.transaction().execute(async (trx) => {
      for (const [produceId, ids] of byProduce) {
        await trx
          .updateTable("listing")
          .set({ produce_id: produceId, produce_source: "auto" })
          .where("id", "in", ids)
          .where("produce_source", "is", null)
          .execute();
      }
    });
    progress.done += rows.length;
    options.onProgress?.(progress);
  }
  return progress;
}
