import { Link } from "react-router";
import { formatShortDate, isoDate } from "../../core/dates";
import { imageSrcSet, imageUrl } from "../../core/images";
import type { ListingSummary } from "../../core/listing";
import { CardPrice } from "./price";
import { useI18n } from "./i18n";

/**
 * `eager`: the photo is in the first screen, so it loads at once (the rest wait until scrolled
 * near). `first`: it is the page's largest paint on a phone, so it is fetched at high priority.
 */
export function ListingCard({ listing, eager = false, first = false }: { listing: ListingSummary; eager?: boolean; first?: boolean }) {
  const { lang, t } = useI18n();
  return (
    <li className="min-w-0 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
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
          {listing.grade ? <p className="text-sm text-stone-700">{t(`produce.gradeLabel.${listing.grade}`)}</p> : null}
          {listing.where ? <p className="truncate text-sm text-stone-700">{listing.where}</p> : null}
          <p className="text-sm text-stone-600">
            <time dateTime={isoDate(listing.createdAt)}>{formatShortDate(listing.createdAt, lang)}</time>
          </p>
        </div>
      </Link>
    </li>
  );
}

/** `eager`: how many photos load at once; the first of them is fetched at high priority. */
export function ListingGrid({ listings, label, eager = 0 }: { listings: ListingSummary[]; label: string; eager?: number }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {listings.map((listing, index) => (
        <ListingCard key={listing.id} listing={listing} eager={index < eager} first={index === 0 && eager > 0} />
      ))}
    </ul>
  );
}
