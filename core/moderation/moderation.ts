/**
 * Trust and safety (decision 014): why a listing may be reported, and the
 * words buyers, sellers and moderators are shown. No zod here: the view page's report form
 * imports the reasons, and zod must stay out of the browser (core/moderation/moderation-forms.ts holds the parsers).
 */

/** The names the audit log keeps when no person acted (its actor_id is null). */
export const SYSTEM_ACTORS = { automatic: "Automatic", commandLine: "Command line" } as const;

/** In the order the report form offers them: the scams buyers meet most first (issue 43). */
export const REPORT_REASONS = [
  "advance",
  "payment-link",
  "impersonation",
  "scam",
  "category",
  "price",
  "sold",
  "offensive",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * Reasons that say the seller is out to cheat (decision 056): the queue shows them first, and
 * reports of them from `PHONE_BLOCK_REPORTERS` different people block the seller's number.
 */
export const SCAM_REASONS: ReadonlySet<ReportReason> = new Set(["advance", "payment-link", "impersonation", "scam"]);

/** Different people whose scam reports, about listings carrying one phone number, block that number. */
export const PHONE_BLOCK_REPORTERS = 3;

/** Longest text a report, a hiding reason or a ban reason may carry. */
export const MAX_MODERATION_TEXT = 500;

/**
 * Why a listing is hidden from buyers. "unverified" is not moderation's: with
 * REQUIRE_VERIFIED_PHONE on, a listing waits on this axis until its seller's phone is verified
 * (decision 061), so every public list, the API and alerts leave it out as they leave out hidden ones.
 */
export type HiddenCause = "reports" | "moderator" | "ban" | "phone" | "held" | "unverified";

/** Why a listing asking for money up front waits for a moderator (core/moderation/payment-requests.ts), as its seller reads it. */
export const HELD_MESSAGES = {
  upiId:
    "This listing has a UPI ID in it. To keep buyers safe from advance-payment scams, a moderator will check it before buyers can see it. Buyers pay when they get the produce: please remove the UPI ID.",
  paymentLink:
    "This listing has a payment link in it. To keep buyers safe from advance-payment scams, a moderator will check it before buyers can see it. Please remove the link.",
  advance:
    "This listing asks for money before delivery. To keep buyers safe from advance-payment scams, a moderator will check it before buyers can see it. Please remove the request for advance payment.",
} as const;

export const MODERATION_MESSAGES = {
  reported: "Thank you for telling us. We will look at this listing soon.",
  ownListing: "This is your own listing. You can change it or mark it as sold from My listings.",
  tooManyReports: "You have sent many reports in a short time. Please wait an hour and try again.",
  chooseReason: "Please choose what is wrong with this listing.",
  describeOther: "Please tell us in a few words what is wrong.",
  /** The reason a seller sees when reports hid their listing before anyone looked. */
  autoHidden: "Several people reported this listing. It is hidden until a moderator looks at it.",
  /** The reason a seller sees for listings hidden when their account was banned. */
  bannedSeller: "The seller's account is blocked.",
  /** The reason a seller sees for a listing waiting for their phone to be verified (REQUIRE_VERIFIED_PHONE, decision 061). */
  waitingForPhone: "Waiting for your phone to be verified. Buyers will see this listing as soon as you verify your number.",
  /** A moderator tried to show a listing that waits for its seller's phone: only the seller's verification shows it. */
  waitingForSellerPhone: "This listing is waiting for its seller to verify their phone. It goes live by itself once they do.",
  reviewRequested: "Thank you. A moderator will look at this listing again.",
  reviewAlreadyRequested: "You have already asked for a review of this listing.",
  notHidden: "This listing is not hidden.",
  hiddenNoChange:
    "This listing is hidden by a moderator, so it cannot be changed this way. You can edit it and ask for a review, or delete it.",
  banned: "This account is blocked because it broke Mandi's rules, so it cannot sign in.",
  giveReason: "Please write the reason. The seller will see it.",
  giveBanReason: "Please write the reason. Other moderators will see it in the log.",
  cannotBanStaff: "Moderators and admins cannot be banned. Remove their role first.",
  noSuchPerson: "We could not find anyone with that email.",
  notBanned: "This person is not banned.",
  alreadyBanned: "This person is already banned.",
  /** The reason a seller sees for listings hidden because their phone number was blocked. */
  phoneBlocked: "Several people reported listings with this phone number as a scam. Listings with it are hidden.",
  /** Sign-up or a phone change to a blocked number. */
  phoneBlockedForAccount: "This phone number is blocked because several people reported it for scams. Please use another number.",
  notBlocked: "This phone number is not blocked.",
  givePhone: "Please enter the phone number.",
  giveLiftReason: "Please write why the block is lifted. Other admins will see it in the log.",
} as const;

/** Short and plain, shown on every listing's page. */
export const SAFETY_TIPS = [
  "Meet the seller or inspect the produce before you pay.",
  "Never pay an advance to someone you do not know.",
  "If something seems wrong, report this listing below.",
] as const;
