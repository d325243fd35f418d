/** The specification's messages, word for word (listed in docs/architecture.md). */
export const MESSAGES = {
  mustLogin: "You must login first",
  noItems: "No items found.., please search by product category or product name",
  noItemsByName: "No items found...please search by product name",
  choosePhoto: "Please choose a photo of your produce.",
} as const;

/** What a seller and a buyer are told about a listing's lifecycle (decision 013). */
export const LISTING_MESSAGES = {
  /** 404 for a listing that is not the person's own, or does not exist: ids cannot be probed. */
  notYourListing: "We could not find that listing among yours.",
  /** 404 for a listing that does not exist (or that buyers may not see: hidden by moderation). */
  listingNotFound: "We could not find that listing. It may have been removed.",
  /** 410 for a listing its seller deleted. */
  listingDeleted: "This listing was removed by its seller.",
  photoNotOnListing: "One of the photos is no longer on this listing. Please reload the page and try again.",
  /** 409: renewing is for a listing on sale; a sold one is made available again first (issue 42). */
  soldNotRenewed: "This listing is sold, so it cannot be renewed. Mark it available again first.",
  sold: "Sold",
  expired: "No longer available",
} as const;

/** A form sent to a page that takes none (React Router's own words name internal route ids). */
export const NO_FORMS_HERE = "This page does not take forms, so nothing was changed. Please go back and try again.";

/** "This photo is larger than 10 MB. …", for the browser's check and the server's alike. */
export function photoTooLargeMessage(maxBytes: number): string {
  return `This photo is larger than ${Math.round(maxBytes / (1024 * 1024))} MB. Please choose a smaller photo.`;
}

export function tooManyPhotosMessage(maxPhotos: number): string {
  return `A listing can have up to ${maxPhotos} photos. Please remove some.`;
}

/** A 503: a database or the photo store is down, or the server is too busy (the page and the app's error screen). */
export const UNAVAILABLE_MESSAGE = "Mandi cannot answer right now. Please try again in a minute.";
/** Beside a form that could not be saved: nothing was saved, and the person's words are kept. */
export const UNAVAILABLE_SAVE_MESSAGE = "Mandi cannot save this right now. Nothing was lost: please try again in a minute.";
