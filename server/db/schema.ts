import type { Generated } from "kysely";
import type { HiddenCause } from "../../core/moderation/moderation";

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
  /**
   * "person", "moderator" or "admin" (core/moderation/moderation); better-auth sets it, never from input.
   * Null (a row an older release wrote) reads as a person: see roleOf.
   */
  role: Generated<string | null>;
  /** 0/1 on SQLite, boolean on PostgreSQL: a banned person cannot sign in (decision 014). */
  banned: Generated<number | boolean | null>;
  banReason: string | null;
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
  /** The unit the seller sells by (core/listings/produce-fields); price_paise stays the price per kg. */
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
  // Migration 0008 (decision 014): moderation, beside the seller's own status.
  /** Epoch milliseconds (UTC) when moderation hid it; null while buyers may see it. */
  hidden_at: number | string | null;
  /** Why, in words the seller is shown. */
  hidden_reason: string | null;
  /** "reports" (hidden automatically), "moderator" or "ban" (its seller was banned). */
  /** Also "phone" (its seller's number is blocked) and "held" (it asks for money up front), decision 056. */
  /** And "unverified": waiting for the seller's phone to be verified (REQUIRE_VERIFIED_PHONE, decision 061). */
  hidden_cause: HiddenCause | null;
  /** Epoch milliseconds (UTC) when the seller asked for a review of this hiding (once). */
  review_requested_at: number | string | null;
  // Migration 0012 (decision 019): what produce it is, for price comparisons, and its grade.
  /** A catalogue id (core/catalogue/produce), or null for none. */
  produce_id: string | null;
  /** "auto" (read from the name), "seller" (the seller chose), null (not yet read: the backfill's work). */
  produce_source: "auto" | "seller" | null;
  /** "FAQ", "A", "B" or "C"; null when not said. */
  grade: string | null;
}

/** Someone's report of a listing (migration 0008). */
export interface ListingReportTable {
  id: string;
  listing_id: string;
  seller_id: string;
  /** "user:<id>" or "address:<keyed hash>": one report per person per listing. */
  reporter_key: string;
  reporter_id: string | null;
  reason: string;
  details: string | null;
  /** Epoch milliseconds (UTC). */
  created_at: number | string;
  resolved_at: number | string | null;
  resolution: "dismissed" | "actioned" | null;
  /** E.164: the number the listing carried when reported (migration 0038); null for older reports. */
  seller_phone: string | null;
}

/** A phone number blocked because several people reported it for scams (migration 0038, decision 056). */
export interface PhoneBlockTable {
  /** E.164. */
  phone: string;
  /** Epoch milliseconds (UTC) when blocked; null while not blocked. */
  blocked_at: number | string | null;
  /** Epoch milliseconds (UTC) of the last lift: only reports after it count towards a new block. */
  lifted_at: number | string | null;
}

/** One moderator action, append-only (the database refuses UPDATE and DELETE). */
export interface ModerationAuditTable {
  id: Generated<number | string>;
  /** Epoch milliseconds (UTC). */
  at: number | string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  target_type: "listing" | "person" | "phone";
  target_id: string;
  target_label: string;
  reason: string | null;
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

/** One row: a number that changes with anything a public page shows (migration 0009, server/page-cache/). */
export interface ContentVersionTable {
  id: number;
  version: number | string;
}

/** A request working on an upload, on any worker or instance (migration 0010, server/uploads/upload-locker.ts). */
export interface UploadLockTable {
  upload_id: string;
  /** This lock's holder: its process and request. */
  holder: string;
  /** Epoch milliseconds (UTC): the lease; past it, anyone may take the lock. */
  expires_at: number | string;
  /** 1 once another request waits for it: the holder ends its request and lets go. */
  release_requested: Generated<number>;
}

/** One imported government mandi rate, as it came (migration 0013, server/mandi-rates/). */
export interface MandiRateTable {
  /** A hash of the natural key: state, district, market, commodity, variety, grade, arrival date. */
  id: string;
  state: string;
  /** As written in the file. */
  district: string;
  /** core/locations slugs the importer matched; null when it did not know the name. */
  state_slug: string | null;
  district_slug: string | null;
  market: string;
  commodity: string;
  /** core/catalogue/produce id, or null for a commodity the catalogue does not know. */
  produce_id: string | null;
  variety: string;
  grade: string;
  /** YYYY-MM-DD. */
  arrival_date: string;
  /** Paise per quintal, as the file gave them (in rupees). */
  min_price: number | string;
  max_price: number | string;
  modal_price: number | string;
  /** Epoch milliseconds (UTC). */
  imported_at: number | string;
  /** "agmarknet", or "demo" for the seed's made-up sample (migration 0041): never shown as the government's. */
  source: MandiRateSource;
}

export type MandiRateSource = "agmarknet" | "demo";

/** Price insight's aggregate: one row per listing that can speak for a price (migration 0014, decision 020). */
export interface PricePointTable {
  listing_id: string;
  produce_id: string;
  state: string;
  district: string;
  grade: string | null;
  seller_id: string;
  /** Days since 1970-01-01 (UTC) of the listing's last change. */
  day: number;
  /** Per kg. */
  price_paise: number;
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
  listing_report: ListingReportTable;
  moderation_audit: ModerationAuditTable;
  phone_block: PhoneBlockTable;
  content_version: ContentVersionTable;
  upload_lock: UploadLockTable;
  saved_listing: SavedListingTable;
  mandi_rate: MandiRateTable;
  price_point: PricePointTable;
  // Migration 0016 (saved searches and alerts, decision 022).
  saved_search: SavedSearchTable;
  saved_search_term: SavedSearchTermTable;
  alert_match: AlertMatchTable;
  alert_job: AlertJobTable;
  email_suppression: EmailSuppressionTable;
  // Migration 0035 (issue 38, decision 045).
  address_suppression: AddressSuppressionTable;
  address_mail_count: AddressMailCountTable;
  push_subscription: PushSubscriptionTable;
  // Migration 0027 (the public API's keys, decision 032).
  api_key: ApiKeyTable;
  // Migration 0037 (decision 046).
  rate_counter: RateCounterTable;
  // Migration 0039 (issue 43, decision 058).
  phone_code: PhoneCodeTable;
  phone_lock: PhoneLockTable;
  phone_verified: PhoneVerifiedTable;
  // Migration 0042 (issue 43, decision 061).
  seller_organisation: SellerOrganisationTable;
}

/** A seller's FPO registration or mandi trader's licence number, and staff's check of it (migration 0042). */
export interface SellerOrganisationTable {
  user_id: string;
  kind: "fpo" | "trader";
  number: string;
  status: "pending" | "approved" | "refused";
  submitted_at: number | string;
  decided_at: number | string | null;
  refusal_reason: string | null;
}

/** The one code a person was last sent (migration 0039): only its HMAC; times in epoch milliseconds. */
export interface PhoneCodeTable {
  user_id: string;
  phone: string;
  code_hash: string;
  sent_at: number | string;
  expires_at: number | string;
  tries: Generated<number>;
  used_at: number | string | null;
}

/** A number locked after five wrong codes, by keyed hash (migration 0039). */
export interface PhoneLockTable {
  phone_key: string;
  locked_until: number | string;
}

/** The number a person proved they hold (migration 0039); it counts while it is still user.phone. */
export interface PhoneVerifiedTable {
  user_id: string;
  phone: string;
  verified_at: number | string;
}

/** A counter shared by every worker and instance, in its current fixed window (migration 0037, decision 046). */
export interface RateCounterTable {
  /** What is counted and for whom: `reveal:<address>`, `api-contact:account:<id>`… */
  counter_key: string;
  hits: number;
  /** Epoch milliseconds (UTC) when the current window ends. */
  window_ends_at: number | string;
}

/** A person's key for the public API (migration 0027): only its hash is kept. Times are epoch ms (UTC). */
export interface ApiKeyTable {
  id: string;
  user_id: string;
  /** SHA-256 of the key, hex. */
  key_hash: string;
  /** The key's first characters, to tell keys apart on /my/account. */
  prefix: string;
  created_at: number | string;
  revoked_at: number | string | null;
}

/** A person's saved /viewmore search (migration 0016, server/alerts/). Times are epoch ms (UTC). */
export interface SavedSearchTable {
  id: string;
  user_id: string;
  /** The person's own name for it; null: described from the query. */
  name: string | null;
  /** JSON of core/alerts/saved-search's SavedQuery. */
  query: string;
  /** 0/1. */
  paused: Generated<number>;
  /** "instant" or "daily". */
  pace: Generated<string>;
  /** Hour of the day (0–23, India's time) of the daily digest. */
  digest_hour: Generated<number>;
  /** Comma-separated: "app", "email", "push". */
  channels: Generated<string>;
  created_at: number | string;
  updated_at: number | string;
  /** When the person last looked at My alerts: later matches are "new". */
  seen_at: number | string;
  last_digest_at: number | string | null;
  /** "en" or "hi": the page's language when it was saved; its email is written in it (migration 0019). */
  language: Generated<string>;
}

/** One index key of a saved search (see migrations 0016 and 0021), with the bounds of the filters filed under it. */
export interface SavedSearchTermTable {
  id: string;
  term: string;
  saved_search_id: string;
  /** A state slug every listing it finds is in, or "" for any. */
  state: Generated<string>;
  /** null: any (the same for the rest). */
  district: string | null;
  category: string | null;
  min_paise: number | string | null;
  max_paise: number | string | null;
  grade: string | null;
}

export interface AlertMatchTable {
  id: string;
  saved_search_id: string;
  listing_id: string;
  user_id: string;
  created_at: number | string;
  emailed_at: number | string | null;
  pushed_at: number | string | null;
}

/** The SQLite job driver's queue (server/jobs/sql-job-queue.ts). */
export interface AlertJobTable {
  id: string;
  kind: string;
  dedupe_key: string;
  payload: string;
  user_id: string | null;
  /** "queued", "done" or "failed" (kept for the back office). */
  state: Generated<string>;
  run_at: number | string;
  attempts: Generated<number>;
  locked_until: number | string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: number | string;
  finished_at: number | string | null;
}

/**
 * An address that may not be mailed alerts (migration 0035): HMAC-SHA-256 of the normalised
 * address under a key from the app's secret (server/alerts/delivery/address-key.ts), hex; never the address.
 * Outlives the account.
 */
export interface AddressSuppressionTable {
  address_hash: string;
  /** "bounced" (a permanent SMTP rejection) or "unsubscribed" (the one-click link). */
  reason: string;
  created_at: number | string;
}

/** Mails sent to an address (same hash) on one day in India (its start, epoch ms), by kind: "alert" or "link". */
export interface AddressMailCountTable {
  address_hash: string;
  day: number | string;
  kind: string;
  sent: number;
}

/** Before migration 0035: plain addresses. Emptied at start-up into address_suppression (hashed). */
export interface EmailSuppressionTable {
  /** Lower-cased. */
  email: string;
  /** "bounced" (a permanent SMTP rejection) or "unsubscribed". */
  reason: string;
  created_at: number | string;
}

export interface PushSubscriptionTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number | string;
  /** "en" or "hi": the page's language when the phone subscribed (migration 0020). */
  lang: Generated<string>;
  /**
   * The better-auth session that subscribed (migration 0023): matches go only to phones whose
   * session still exists and has not expired. Null: saved before 0023, forgotten at its next match.
   * Indexed (0026) for moving a phone to the session a password change made.
   */
  session_id: string | null;
}

/** A listing a person saved (migration 0015, server/saved-listings/, decision 023). */
export interface SavedListingTable {
  id: string;
  user_id: string;
  listing_id: string;
  /** The listing's name when saved: /my/saved still names a listing that was deleted since. */
  listing_name: string;
  /** Epoch milliseconds (UTC). */
  created_at: number | string;
}
