import type { CategorySlug } from "./categories";

/** A listing as cards and lists show it. */
export interface ListingSummary {
  id: string;
  name: string;
  category: CategorySlug;
  pricePaise: number;
  /** Storage key prefix of the photo's WebP variants. */
  imageKey: string;
  /** Epoch milliseconds (UTC). */
  createdAt: number;
}

/** A listing with everything the view page shows, seller contact included. */
export interface ListingDetail extends ListingSummary {
  description: string;
  /** Every photo in the seller's order; the first is the cover (imageKey). */
  photos: Array<{ imageKey: string }>;
  sellerId: string;
  seller: { name: string; phone: string } | null;
}
