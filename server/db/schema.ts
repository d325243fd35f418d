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

export interface Database {
  user: UserTable;
  listing: ListingTable;
  listing_photo: ListingPhotoTable;
  photo_upload: PhotoUploadTable;
  listing_name: ListingNameTable;
  sign_in_failure: SignInFailureTable;
}
