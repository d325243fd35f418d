import { Link } from "react-router";
import { formatShortDate, isoDate } from "../../../core/shared/dates";
import { imageSrcSet, imageUrl } from "../../../core/uploads/images";
import type { ListingSummary } from "../../../core/listings/listing";
import { CardPrice } from "../../components/ui/price";
import { useI18n } from "../i18n/i18n";
import { StaticIsland } from "../../components/ui/static-island";

/** A card's listing; `saved`: the signed-in person has saved it (the heart, decision 023). */
export type CardListing = ListingSummary & { saved?: boolean };
/** Drawn on each card beside its link (the heart, app/features/listings/save-heart.tsx); routes pass it, the home page does not. */
export type CardExtra = (props: { listing: CardListing }) => React.ReactNode;

/**
 * `eager`: the photo is in the first screen, so it loads at once (the rest wait until scrolled
 * near). `first`: it is the page's largest paint on a phone, so it is fetched at high priority.
 */
export function ListingCard({
  listing,
  eager = false,
  first = false,
  Extra,
}: {
  listing: CardListing;
  eager?: boolean;
  first?: boolean;
  Extra?: CardExtra;
}) {
  const { lang, t } = useI18n();
  return (
    <li className="relative min-w-0 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <Link to={`/view/${listing.id}`} className="group block h-full">
        <img
          src={imageUrl(listing.imageKey, 320)}
          srcSet={imageSrcSet(listing.imageKey)}
          sizes="(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw"
          alt=""
          width={320}
          height={240}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={first ? "high" : undefined}
          decoding="async"
          className="aspect-[4/3] w-full bg-stone-100 object-cover"
        />
        <div className="p-3">
          <CardPrice listing={listing} />
          <h3 className="truncate font-semibold group-hover:underline">{listing.name}</h3>
          <p className="mt-1 text-sm text-stone-700">{t(`category.label.${listing.category}`)}</p>
          {listing.grade && <p className="text-sm text-stone-700">{t(`produce.gradeLabel.${listing.grade}`)}</p>}
          {listing.where ? <p className="truncate text-sm text-stone-700">{listing.where}</p> : null}
          {/* Words, not an icon alone (decision 061); the date is on the listing's and seller's pages. */}
          {listing.phoneVerified && <p className="text-sm font-semibold text-green-800">{t("phoneVerification.badge")}</p>}
          <p className="text-sm text-stone-600">
            <time dateTime={isoDate(listing.createdAt)}>{formatShortDate(listing.createdAt, lang)}</time>
          </p>
        </div>
      </Link>
      {Extra && <Extra listing={listing} />}
    </li>
  );
}

/**
 * `eager`: how many photos load at once; the first of them is fetched at high priority. Not
 * hydrated (decision 039): the cards are links and plain forms; new listings render them anew.
 */
export function ListingGrid({
  listings,
  label,
  eager = 0,
  Extra,
}: {
  listings: CardListing[];
  label: string;
  eager?: number;
  Extra?: CardExtra;
}) {
  return (
    <StaticIsland
      as="ul"
      deps={[listings, label, eager, Extra]}
      aria-label={label}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
    >
      {listings.map((listing, index) => (
        <ListingCard key={listing.id} listing={listing} eager={index < eager} first={index === 0 && eager > 0} Extra={Extra} />
      ))}
    </StaticIsland>
  );
}
