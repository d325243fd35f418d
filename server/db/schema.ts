/** Table types for Kysely. Auth tables are owned by better-auth; only what we read is typed. */

export interface UserTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  emailVerified: number | boolean;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface ListingTable {
  id: string;
  seller_id: string;
  name: string;
  /** Lower-cased name, kept for case-insensitive search on every engine. */
  name_search: string;
  category: string;
  price_paise: number;
  description: string;
  /** Storage key prefix of the cover photo's variants (listing_photo position 0). */
  image_key: string;
  /** The uploader's file name, kept as metadata only. */
  image_name: string | null;
  /** Epoch milliseconds (UTC). */
  created_at: number | string;
  // Migration 0006 (decision 013).
  /** "active" or "sold"; an active listing past expires_at reads as expired. */
  status: "active" | "sold";
  /** Epoch milliseconds (UTC): an active listing leaves every public list from then. */
  expires_at: number | string;
  /** Epoch milliseconds (UTC) of the seller's last change, null if never changed. */
  updated_at: number | string | null;
  /** The unit the seller sells by (core/produce); price_paise stays the price per kg. */
  unit: string;
  grams_per_unit: number | string;
  /** The price as the seller entered it, per unit. */
  unit_price_paise: number | string;
  /** How much is available, in units; null when the seller did not say. */
  quantity: number | null;
  min_order: number | null;
  variety: string | null;
  /** 0 or 1. */
  organic: number;
  /** "YYYY-MM-DD", or null for "now". */
  available_from: string | null;
  /** Slugs from core/locations; null only for listings made before migration 0006. */
  state: string | null;
  district: string | null;
  /** Village or town as the seller wrote it. */
  place: string | null;
  /** Six digits. */
  pin: string | null;
}

/** The id of a deleted listing, so its link answers 410 Gone rather than 404. */
export interface ListingTombstoneTable {
  id: string;
  /** Epoch milliseconds (UTC). */
  removed_at: number | string;
}

export interface ListingPhotoTable {
  listing_id: string;
  /** 0 is the cover. */
  position: number;
  /** Storage key prefix of this photo's variants. */
  image_key: string;
  /** The uploader's file name, kept as metadata only. */
  image_name: string | null;
}

/** A resumable upload someone started and has not yet put on a listing. */
export interface PhotoUploadTable {
  id: string;
  owner_id: string;
  /** Epoch milliseconds (UTC). */
  created_at: number | string;
  /** Epoch milliseconds (UTC): the owner's last request about it (migration 0004). */
  last_active_at: number | string;
}

/** Each distinct listing name once, kept in step with `listing` by triggers (migration 0002). */
export interface ListingNameTable {
  name_search: string;
  name: string;
  category: string;
  listing_count: number;
  /** One listing carrying this name. */
  listing_id: string;
}

/** Failed sign-ins for one account in the current window (server/auth/sign-in-failures.repository.ts). */
export interface SignInFailureTable {
  /** Lower-cased, as accounts store it. */
  email: string;
  failures: number;
  /** Epoch milliseconds (UTC) of the window's first failure. */
  first_failed_at: number | string;
}

/** Where a seller sells from, as their account page says (migration 0007). */
export interface SellerPlaceTable {
  user_id: string;
  state: string;
  district: string;
  place: string | null;
  pin: string | null;
  /** Epoch milliseconds (UTC). */
  updated_at: number | string;
}

export interface Database {
  user: UserTable;
  listing: ListingTable;
  listing_photo: ListingPhotoTable;
  listing_tombstone: ListingTombstoneTable;
  seller_place: SellerPlaceTable;
  photo_upload: PhotoUploadTable;
  listing_name: ListingNameTable;
  sign_in_failure: SignInFailureTable;
}
