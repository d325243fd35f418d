/**
 * Price insight's reads (decision 020): the narrow rows of `price_point` (migration 0014) for one
 * produce, one place and a window of days, each served by a covering index.
 */
import type { Kysely } from "kysely";
import type { PricePoint } from "../../core/prices/price-insight";
import type { Database } from "../db/schema";

export function createPriceInsightRepository(db: Kysely<Database>) {
  return {
    /** Points of a produce from `fromDay` on, in a district, a state or all India. */
    async pointsFor(input: {
      produceId: string;
      fromDay: number;
      state?: string | null;
      district?: string | null;
      excludeListing?: string | null;
    }): Promise<PricePoint[]> {
      let query = db
        .selectFrom("price_point")
        .select(["seller_id", "price_paise", "grade", "state", "district", "day"])
        .where("produce_id", "=", input.produceId)
        .where("day", ">=", input.fromDay);
      if (input.state) query = query.where("state", "=", input.state);
      if (input.state && input.district) query = query.where("district", "=", input.district);
      if (input.excludeListing) query = query.where("listing_id", "!=", input.excludeListing);
      const rows = await query.execute();
      return rows.map((row) => ({
        sellerId: row.seller_id,
        pricePaise: Number(row.price_paise),
        grade: row.grade,
        state: row.state,
        district: row.district,
        day: Number(row.day),
      }));
    },

    /** How many points each produce has from `fromDay` on. */
    async countsByProduce(fromDay: number): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom("price_point")
        .select(["produce_id", (eb) => eb.fn.countAll<number | string>().as("n")])
        .where("day", ">=", fromDay)
        .groupBy("produce_id")
        .execute();
      return new Map(rows.map((row) => [row.produce_id, Number(row.n)]));
    },
  };
}

export type PriceInsightRepository = ReturnType<typeof createPriceInsightRepository>;
