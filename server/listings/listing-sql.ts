/**
 * The SQL pieces both listing repositories use (listings.repository.ts for writes and a seller's
 * own listings, listing-search.repository.ts for what buyers browse): what "live" means, and a
 * listing's summary columns and how a row becomes a ListingSummary.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { CategorySlug } from "../../core/catalogue/categories";
import { isGrade } from "../../core/catalogue/grades";
import { placeLabel } from "../../core/locations";
import type { ListingSummary } from "../../core/listings/listing";

type LiveColumn = "status" | "expires_at" | "hidden_at";

/**
 * Listings buyers may see at `at` (epoch ms): active, not yet expired, not hidden by moderation.
 * `column` lets a caller refer to the columns its own way (e.g. to steer SQLite's index choice).
 */
export function liveAt<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  at: number,
  column: (name: LiveColumn) => Expression<unknown> = (name) => sql.ref(`listing.${name}`),
): Expression<SqlBool> {
  return eb.and([eb(column("status"), "=", "active"), eb(column("expires_at"), ">", at), eb(column("hidden_at"), "is", null)]);
}

/** The same rule as liveAt, for a listing row already read (whose moderation state a caller also needs). */
export function isLiveRow(row: { status: string; expires_at: number | string; hidden_at: number | string | null }, at: number): boolean {
  return row.status === "active" && Number(row.expires_at) > at && row.hidden_at === null;
}

/** What a listing's seller and moderators read besides its summary: its status and moderation (decisions 013, 014). */
export const STATUS_AND_MODERATION_COLUMNS = [
  "listing.status",
  "listing.expires_at",
  "listing.hidden_at",
  "listing.hidden_reason",
  "listing.hidden_cause",
  "listing.review_requested_at",
] as const;

export const SUMMARY_COLUMNS = [
  "listing.id",
  "listing.name",
  "listing.category",
  "listing.price_paise",
  "listing.unit_price_paise",
  "listing.unit",
  "listing.image_key",
  "listing.created_at",
  "listing.state",
  "listing.district",
  "listing.grade",
  "listing.produce_id",
] as const;

/**
 * Whether the listing's seller has verified the number they have now (decision 058): the card's
 * "Phone verified" (decision 061). A correlated EXISTS read with the page's own rows, two primary
 * key lookups a card, never a query per card. A number changed since it was verified does not count.
 */
export const SELLER_PHONE_VERIFIED = sql<number | boolean>`exists (select 1 from phone_verified
  join "user" on "user".id = phone_verified.user_id and "user".phone = phone_verified.phone
  where phone_verified.user_id = listing.seller_id)`;

/** SUMMARY_COLUMNS and the seller's verified phone: what a card shows. */
export const CARD_COLUMNS = [...SUMMARY_COLUMNS, SELLER_PHONE_VERIFIED.as("phone_verified")] as const;

export type SummaryRow = {
  id: string;
  name: string;
  category: string;
  price_paise: number;
  unit_price_paise: number | string;
  unit: string;
  image_key: string;
  created_at: number | string;
  state: string | null;
  district: string | null;
  grade: string | null;
  produce_id: string | null;
  /** Read for cards only (CARD_COLUMNS): 0/1 on SQLite, a boolean on PostgreSQL. */
  phone_verified?: number | boolean | null;
};

export function toSummary(row: SummaryRow): ListingSummary {
  return {
    id: row.id,
    name: row.name,
    category: row.category as CategorySlug,
    pricePaise: Number(row.price_paise),
    unitPricePaise: Number(row.unit_price_paise),
    unit: row.unit,
    imageKey: row.image_key,
    createdAt: Number(row.created_at),
    state: row.state,
    district: row.district,
    where: row.state ? placeLabel({ state: row.state, district: row.district ?? "" }) || null : null,
    grade: row.grade !== null && isGrade(row.grade) ? row.grade : null,
    produceId: row.produce_id,
    // Only when true, so a card's data carries nothing for the rest.
    ...(Number(row.phone_verified ?? 0) ? { phoneVerified: true as const } : {}),
  };
}
