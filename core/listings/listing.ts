import type { Grade } from "../catalogue/grades";
import type { CategorySlug } from "../catalogue/categories";

/**
 * What a buyer may still do with a listing (decision 013). "hidden": moderation took it down
 * (decision 014); only its seller and moderators see it.
 */
export type ListingStatus = "active" | "sold" | "expired" | "hidden";

/**
 * Moderation's word comes first, then the seller's ("sold"); an active listing past its expiry
 * reads as expired, at read time.
 */
export function listingStatus(
  listing: { storedStatus: "active" | "sold"; expiresAt: number; hidden: boolean },
  now: number,
): ListingStatus {
  if (listing.hidden) return "hidden";
  if (listing.storedStatus === "sold") return "sold";
  return listing.expiresAt > now ? "active" : "expired";
}

/** A listing as cards and lists show it. */
export interface ListingSummary {
  id: string;
  name: string;
  category: CategorySlug;
  /** Price per kg: the canonical price, for sorting and comparing. */
  pricePaise: number;
  /** The price as the seller entered it, per `unit`. */
  unitPricePaise: number;
  /** A unit of core/listings/produce-fields. */
  unit: string;
  /** Storage key prefix of the cover photo's WebP variants. */
  imageKey: string;
  /** Epoch milliseconds (UTC). */
  createdAt: number;
  /** Slugs from core/locations; null for listings made before places were asked for. */
  state: string | null;
  district: string | null;
  /** "Nashik, Maharashtra", made on the server so pages need not carry the table of places. */
  where: string | null;
  /** Quality grade (core/catalogue/grades), null when not said. */
  grade: Grade | null;
  /** The catalogue produce it is compared with (core/catalogue/produce), null for none: the key to price insight and mandi rates. */
  produceId: string | null;
  /** Cards only: the seller has verified the number they have now (decisions 058, 061); absent otherwise. */
  phoneVerified?: true;
  /** "Nearest first" only: kilometres from the buyer's district to this listing's (decision 024). */
  distanceKm?: number;
}

/** Why moderation hid a listing, as its seller and moderators see it (decision 014). */
export interface ListingModeration {
  reason: string | null;
  /** "unverified": not moderation's, it waits for the seller's phone to be verified (decision 061). */
  cause: "reports" | "moderator" | "ban" | "phone" | "held" | "unverified" | null;
  /** Epoch milliseconds (UTC) when the seller asked for a review, or null. */
  reviewRequestedAt: number | null;
}

/** A listing as its seller sees it in My listings. */
export interface OwnListingSummary extends ListingSummary {
  status: ListingStatus;
  /** Epoch milliseconds (UTC). */
  expiresAt: number;
  /** Set when status is "hidden". */
  moderation: ListingModeration | null;
}

/** A listing with everything the view and edit pages show, seller contact included. */
export interface ListingDetail extends OwnListingSummary {
  description: string;
  /** Every photo in the seller's order; the first is the cover (imageKey). */
  photos: Array<{ imageKey: string }>;
  sellerId: string;
  seller: { name: string; phone: string } | null;
  gramsPerUnit: number;
  quantity: number | null;
  minOrder: number | null;
  variety: string | null;
  organic: boolean;
  /** Whether the seller chose `produceId` (else it was read from the name; null: not read yet). */
  produceChosen: boolean;
  grade: Grade | null;
  /** "YYYY-MM-DD", or null when available now. */
  availableFrom: string | null;
  place: string | null;
  pin: string | null;
}
