/** The only place with SQL for listings. */
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { CategorySlug } from "../../core/categories";
import type { ListingDetail, ListingSummary } from "../../core/listing";
import type { ListingSort } from "../../core/schemas";
import type { Database, ListingPhotoTable, ListingTable } from "../db/schema";

export interface ListingFilter {
  /** Lower-case text the name must contain. */
  nameContains?: string;
  /** With nameContains: also match listings in these categories. */
  orCategories?: CategorySlug[];
  category?: CategorySlug;
}

/** A photo as a listing_photo row holds it (its position is its place in a list). */
export type StoredPhoto = Pick<ListingPhotoTable, "image_key" | "image_name">;

type ListingQuery = SelectQueryBuilder<Database, "listing", object>;

const SUMMARY_COLUMNS = [
  "listing.id",
  "listing.name",
  "listing.category",
  "listing.price_paise",
  "listing.image_key",
  "listing.created_at",
] as const;

export function createListingsRepository(db: Kysely<Database>) {
  return {
    /** The listing and its photos, all or nothing; the first photo is the cover. */
    async insert(row: ListingTable, photos: readonly StoredPhoto[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("listing").values(row).execute();
        if (photos.length) {
          await trx
            .insertInto("listing_photo")
            .values(photos.map((photo, position) => ({ listing_id: row.id, position, ...photo })))
            .execute();
        }
      });
    },

    /** Puts `photos` in place of the listing's photos; returns the image keys no longer used. */
    async replacePhotos(listingId: string, photos: readonly StoredPhoto[]): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const old = await trx.selectFrom("listing_photo").select("image_key").where("listing_id", "=", listingId).execute();
        await trx.deleteFrom("listing_photo").where("listing_id", "=", listingId).execute();
        await trx
          .insertInto("listing_photo")
          .values(photos.map((photo, position) => ({ listing_id: listingId, position, ...photo })))
          .execute();
        await trx.updateTable("listing").set({ image_key: photos[0]!.image_key, image_name: photos[0]!.image_name }).where("id", "=", listingId).execute();
        return old.map((row) => row.image_key);
      });
    },

    /** Deletes the listing (its photo rows go with it); returns the image keys it used. */
    async delete(listingId: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const photos = await trx.selectFrom("listing_photo").select("image_key").where("listing_id", "=", listingId).execute();
        await trx.deleteFrom("listing").where("id", "=", listingId).execute();
        return photos.map((row) => row.image_key);
      });
    },

    async findById(id: string): Promise<ListingDetail | null> {
      const row = await db
        .selectFrom("listing")
        .leftJoin("user", "user.id", "listing.seller_id")
        .select([...SUMMARY_COLUMNS, "listing.description", "listing.seller_id", "user.name as seller_name", "user.phone as seller_phone"])
        .where("listing.id", "=", id)
        .executeTakeFirst();
      if (!row) return null;
      const photos = await db
        .selectFrom("listing_photo")
        .select(["image_key"])
        .where("listing_id", "=", id)
        .orderBy("position", "asc")
        .execute();
      return {
        ...toSummary(row),
        photos: photos.map((photo) => ({ imageKey: photo.image_key })),
        description: row.description,
        sellerId: row.seller_id,
        seller: row.seller_name && row.seller_phone ? { name: row.seller_name, phone: row.seller_phone } : null,
      };
    },

    async list(options: { filter?: ListingFilter; sort: ListingSort; limit: number; offset: number }): Promise<ListingSummary[]> {
      let query = applyFilter(db.selectFrom("listing"), options.filter ?? {}).select([...SUMMARY_COLUMNS]);
      query = applySort(query, options.sort);
      const rows = await query.limit(options.limit).offset(options.offset).execute();
      return rows.map(toSummary);
    },

    async count(filter: ListingFilter = {}): Promise<number> {
      const row = await applyFilter(db.selectFrom("listing"), filter)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;

/** `%`, `_` and `\` in what a person typed are literal characters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function applyFilter<Q extends ListingQuery>(query: Q, filter: ListingFilter): Q {
  let q = query;
  if (filter.category) q = q.where("listing.category", "=", filter.category) as Q;
  if (filter.nameContains) {
    const pattern = `%${escapeLike(filter.nameContains)}%`;
    const categories = filter.orCategories ?? [];
    q = q.where((eb) =>
      eb.or([
        eb("listing.name_search", "like", sql<string>`${pattern} escape '\\'`),
        ...(categories.length ? [eb("listing.category", "in", categories)] : []),
      ]),
    ) as Q;
  }
  return q;
}

function applySort<O, Q extends SelectQueryBuilder<Database, "listing", O>>(query: Q, sort: ListingSort): Q {
  switch (sort) {
    case "oldest":
      return query.orderBy("listing.created_at", "asc").orderBy("listing.id", "asc") as Q;
    case "price-asc":
      return query.orderBy("listing.price_paise", "asc").orderBy("listing.created_at", "desc").orderBy("listing.id", "desc") as Q;
    case "price-desc":
      return query.orderBy("listing.price_paise", "desc").orderBy("listing.created_at", "desc").orderBy("listing.id", "desc") as Q;
    case "newest":
      return query.orderBy("listing.created_at", "desc").orderBy("listing.id", "desc") as Q;
  }
}

function toSummary(row: {
  id: string;
  name: string;
  category: string;
  price_paise: number;
  image_key: string;
  created_at: number | string;
}): ListingSummary {
  return {
    id: row.id,
    name: row.name,
    category: row.category as CategorySlug,
    pricePaise: Number(row.price_paise),
    imageKey: row.image_key,
    createdAt: Number(row.created_at),
  };
}
