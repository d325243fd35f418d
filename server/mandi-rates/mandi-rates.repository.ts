/** The imported mandi rates' SQL (migration 0013, decision 021). */
import type { Kysely } from "kysely";
import type { Database, MandiRateTable } from "../db/schema";
import type { MandiRateRow } from "./mandi-rate-record";

/** A rate as a page shows it: prices in paise per quintal, as they came. */
export interface StoredMandiRate {
  state: string;
  district: string;
  stateSlug: string | null;
  districtSlug: string | null;
  market: string;
  commodity: string;
  variety: string;
  grade: string;
  /** YYYY-MM-DD. */
  arrivalDate: string;
  minPrice: number;
  maxPrice: number;
  modalPrice: number;
  /** The seed's made-up sample (migration 0041), never to be shown as the government's. */
  demo: boolean;
}

export function createMandiRatesRepository(db: Kysely<Database>) {
  return {
    /** Stores the rows not stored yet (by id, the natural key's hash); returns how many were new. */
    async insertRates(rows: readonly MandiRateRow[], importedAt: number): Promise<number> {
      if (!rows.length) return 0;
      const result = await db
        .insertInto("mandi_rate")
        .values(rows.map((row) => ({ ...row, imported_at: importedAt })))
        .onConflict((conflict) => conflict.column("id").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /**
     * The latest rate for a produce in a district (when given), else in its state: the latest
     * arrival date, then, of that day's markets and varieties, the first by market and variety,
     * so the same page shows the same rate.
     */
    async latestRate(where: { produceId: string; state: string; district?: string | null }): Promise<StoredMandiRate | undefined> {
      let query = db
        .selectFrom("mandi_rate")
        .select(STORED_COLUMNS)
        .where("produce_id", "=", where.produceId)
        .where("state_slug", "=", where.state);
      if (where.district) query = query.where("district_slug", "=", where.district);
      const row = await query
        .orderBy("arrival_date", "desc")
        .orderBy("market")
        .orderBy("variety")
        .orderBy("grade")
        .limit(1)
        .executeTakeFirst();
      return row && storedRate(row);
    },

    /**
     * Every rate of a produce on one day in a district (when given), else in its state: each
     * market's figures, for the district's median across its markets (decision 050). By market,
     * variety and grade: 0022's index order after the date.
     */
    async ratesOfDay(where: {
      produceId: string;
      state: string;
      district?: string | null;
      arrivalDate: string;
    }): Promise<StoredMandiRate[]> {
      let query = db
        .selectFrom("mandi_rate")
        .select(STORED_COLUMNS)
        .where("produce_id", "=", where.produceId)
        .where("state_slug", "=", where.state);
      if (where.district) query = query.where("district_slug", "=", where.district);
      const rows = await query
        .where("arrival_date", "=", where.arrivalDate)
        .orderBy("market")
        .orderBy("variety")
        .orderBy("grade")
        .execute();
      return rows.map(storedRate);
    },

    /**
     * A produce's rates across India between two dates (inclusive), matched to a district: the
     * week's national figures that each shown rate is measured against (decision 050), and the
     * price page's latest rates and trend. Read by 0029's produce index range.
     */
    async ratesBetween(where: { produceId: string; fromDate: string; toDate: string }): Promise<StoredMandiRate[]> {
      const rows = await db
        .selectFrom("mandi_rate")
        .select(STORED_COLUMNS)
        .where("produce_id", "=", where.produceId)
        .where("arrival_date", ">=", where.fromDate)
        .where("arrival_date", "<=", where.toDate)
        .orderBy("arrival_date", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(storedRate);
    },

    /**
     * A produce's rates, newest arrival first (then by id, descending: a stable order), optionally in a state,
     * a district, a market, and between two dates; for the public API (decision 032), which pages
     * by the last row's date and id. `limit` rows at most.
     */
    async listRates(where: {
      produceId: string;
      state?: string;
      district?: string;
      market?: string;
      fromDate?: string;
      toDate?: string;
      after?: { arrivalDate: string; id: string };
      limit: number;
    }): Promise<Array<StoredMandiRate & { id: string }>> {
      let query = db
        .selectFrom("mandi_rate")
        .select(["id", ...STORED_COLUMNS])
        .where("produce_id", "=", where.produceId);
      if (where.state) query = query.where("state_slug", "=", where.state);
      if (where.district) query = query.where("district_slug", "=", where.district);
      if (where.market) query = query.where((eb) => eb(eb.fn("lower", ["market"]), "=", where.market!.toLowerCase()));
      if (where.fromDate) query = query.where("arrival_date", ">=", where.fromDate);
      if (where.toDate) query = query.where("arrival_date", "<=", where.toDate);
      const after = where.after;
      // A row value: both engines start migration 0029's index range there. (An OR of the date and
      // the id made them read every newer row of the produce to test it: 41 ms a page a week in on
      // SQLite, 11 ms 1,000 rows into a day on PostgreSQL.)
      if (after) query = query.where((eb) => eb(eb.refTuple("arrival_date", "id"), "<", eb.tuple(after.arrivalDate, after.id)));
      const rows = await query.orderBy("arrival_date", "desc").orderBy("id", "desc").limit(where.limit).execute();
      return rows.map((row) => ({ id: row.id, ...storedRate(row) }));
    },

    /** Whether any of the government's rates are stored (the seed then adds no demo ones). */
    async hasGovernmentRates(): Promise<boolean> {
      return Boolean(await db.selectFrom("mandi_rate").select("id").where("source", "=", "agmarknet").limit(1).executeTakeFirst());
    },

    /** Removes the seed's demo rates (migration 0041); how many there were. */
    async deleteDemoRates(): Promise<number> {
      const result = await db.deleteFrom("mandi_rate").where("source", "=", "demo").executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async countRates(): Promise<number> {
      const row = await db
        .selectFrom("mandi_rate")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type MandiRatesRepository = ReturnType<typeof createMandiRatesRepository>;

/** A stored row as the rest of the code reads it: slugs in camelCase, prices as numbers (pg gives bigint as text). */
type StoredColumns = (typeof STORED_COLUMNS)[number];
const STORED_COLUMNS = [
  "state",
  "district",
  "state_slug",
  "district_slug",
  "market",
  "commodity",
  "variety",
  "grade",
  "arrival_date",
  "min_price",
  "max_price",
  "modal_price",
  "source",
] as const;

function storedRate(row: Pick<MandiRateTable, StoredColumns>): StoredMandiRate {
  return {
    state: row.state,
    district: row.district,
    stateSlug: row.state_slug,
    districtSlug: row.district_slug,
    market: row.market,
    commodity: row.commodity,
    variety: row.variety,
    grade: row.grade,
    arrivalDate: row.arrival_date,
    minPrice: Number(row.min_price),
    maxPrice: Number(row.max_price),
    modalPrice: Number(row.modal_price),
    demo: row.source === "demo",
  };
}
