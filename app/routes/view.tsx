import { Link } from "react-router";
import { z } from "zod";
import { getCategory } from "../../core/categories";
import { formatShortDate, isoDate } from "../../core/dates";
import type { ListingStatus } from "../../core/listing";
import { LISTING_MESSAGES } from "../../core/messages";
import { MODERATION_MESSAGES } from "../../core/moderation";
import { formatPhone, whatsappLink } from "../../core/phone";
import { searchParamsToObject } from "../../core/schemas";
import { formatQuantity, UNITS, type Unit } from "../../core/units";
import { orErrorPage } from "../../server/route-helpers/app-errors";
import { Alert } from "../components/alert";
import { PhoneIcon } from "../components/icons";
import { ListingGrid } from "../components/listing-card";
import { PhotoGallery } from "../components/photo-gallery";
import { priceText } from "../components/price";
import { ReportForm, SafetyTips } from "../components/report-listing";
import type { Route } from "./+types/view";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { listings, search } = context.services;
  // Who is looking is read only for a listing moderation hid (its seller and staff still see it),
  // so every other listing's page stays the same for everyone, and shareable by a cache.
  const listing = await orErrorPage(() => listings.getListing(params.id, { viewer: context.currentUser }));
  // A shared link outlives the produce: a sold or expired listing's page offers the same produce.
  const alternatives = listing.status === "active" || listing.status === "hidden" ? [] : await search.findAlternatives(listing);
  const { reported } = viewQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  // Only the seller and staff get this far with a hidden listing: each to where they act on it.
  const manage = listing.moderation ? ((await context.currentUser())?.id === listing.sellerId ? "/my/listings" : `/admin/listings/${listing.id}`) : null;
  return { listing, alternatives, reported, manage };
}

const viewQuerySchema = z.object({ reported: z.preprocess((v) => v === "1", z.boolean()) });

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: `${data.listing.name} — ${STATUS_TITLES[data.listing.status] ?? priceText(data.listing)} — Mandi` },
        { name: "description", content: data.listing.description.slice(0, 160) },
      ]
    : [{ title: "Not found — Mandi" }];

const STATUS_TITLES: Partial<Record<ListingStatus, string>> = { sold: LISTING_MESSAGES.sold, expired: LISTING_MESSAGES.expired, hidden: "Hidden" };

const unitOf = (unit: string): Unit => ((UNITS as readonly string[]).includes(unit) ? (unit as Unit) : "kg");

export default function View({ loaderData }: Route.ComponentProps) {
  const { listing, alternatives, reported, manage } = loaderData;
  const category = getCategory(listing.category);
  const unit = unitOf(listing.unit);
  const where = listing.where;
  const active = listing.status === "active";
  return (
    <div className="page py-6">
      {reported ? (
        <div className="mb-4">
          <Alert tone="success">{MODERATION_MESSAGES.reported}</Alert>
        </div>
      ) : null}
      {listing.moderation ? (
        <div role="status" className="mb-4 rounded-xl border-2 border-red-300 bg-red-50 p-4">
          <p className="text-xl font-bold">Hidden by a moderator</p>
          <p className="mt-1 [overflow-wrap:anywhere]">Buyers cannot see this listing. {listing.moderation.reason}</p>
          {manage ? (
            <p className="mt-2">
              <Link to={manage} className="underline underline-offset-4">
                {manage === "/my/listings" ? "See it in My listings" : "Open it in the back office"}
              </Link>
            </p>
          ) : null}
        </div>
      ) : !active ? (
        <div role="status" className="mb-4 rounded-xl border-2 border-stone-300 bg-stone-100 p-4">
          <p className="text-xl font-bold">{listing.status === "sold" ? LISTING_MESSAGES.sold : LISTING_MESSAGES.expired}</p>
          <p className="mt-1 text-stone-700">
            {listing.status === "sold" ? "The seller has sold this produce." : "This listing has ended."} You can still see what it was, and other listings of{" "}
            {category.label.toLowerCase()} below.
          </p>
        </div>
      ) : null}
      <article className="grid gap-6 md:grid-cols-2">
        <PhotoGallery photos={listing.photos} name={listing.name} />
        <div className="min-w-0">
          <p className={`text-3xl font-extrabold ${active ? "text-brand-800" : "text-stone-500 line-through"}`}>{priceText(listing)}</p>
          <h1 className="mt-1 text-2xl font-bold [overflow-wrap:anywhere]">{listing.name}</h1>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-700">
            <dt className="font-semibold">Category</dt>
            <dd>
              {category.label} <span lang="hi">({category.hindi})</span>
            </dd>
            {listing.variety ? (
              <>
                <dt className="font-semibold">Variety</dt>
                <dd className="[overflow-wrap:anywhere]">{listing.variety}</dd>
              </>
            ) : null}
            {listing.organic ? (
              <>
                <dt className="font-semibold">Organic</dt>
                <dd>Yes</dd>
              </>
            ) : null}
            {listing.quantity !== null ? (
              <>
                <dt className="font-semibold">Available</dt>
                <dd>{formatQuantity(listing.quantity, unit)}</dd>
              </>
            ) : null}
            {listing.minOrder !== null ? (
              <>
                <dt className="font-semibold">Minimum order</dt>
                <dd>{formatQuantity(listing.minOrder, unit)}</dd>
              </>
            ) : null}
            {listing.availableFrom ? (
              <>
                <dt className="font-semibold">Available from</dt>
                <dd>
                  <time dateTime={listing.availableFrom}>{formatShortDate(Date.parse(`${listing.availableFrom}T12:00:00+05:30`))}</time>
                </dd>
              </>
            ) : null}
            {where ? (
              <>
                <dt className="font-semibold">Where</dt>
                <dd className="[overflow-wrap:anywhere]">
                  {listing.place ? `${listing.place}, ` : ""}
                  {where}
                  {listing.pin ? ` ${listing.pin}` : ""}
                </dd>
              </>
            ) : null}
            <dt className="font-semibold">Listed on</dt>
            <dd>
              <time dateTime={isoDate(listing.createdAt)}>{formatShortDate(listing.createdAt)}</time>
            </dd>
          </dl>
          <h2 className="mt-5 font-bold">Description</h2>
          <p className="mt-1 whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{listing.description}</p>

          <section aria-labelledby="seller-heading" className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
            <h2 id="seller-heading" className="text-lg font-bold">
              Seller details
            </h2>
            {listing.seller ? (
              <>
                <p className="mt-1 text-lg [overflow-wrap:anywhere]">
                  <Link to={`/seller/${listing.sellerId}`} className="underline-offset-4 hover:underline" aria-label={`${listing.seller.name}: the seller's page`}>
                    {listing.seller.name}
                  </Link>
                </p>
                <p className="mt-1 text-stone-700">{formatPhone(listing.seller.phone)}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <a href={`tel:${listing.seller.phone}`} className="btn-primary" aria-label={`Call seller ${listing.seller.name} on ${formatPhone(listing.seller.phone)}`}>
                    <PhoneIcon /> Call seller
                  </a>
                  <a href={whatsappLink(listing.seller.phone)} className="btn-secondary" rel="noopener noreferrer" target="_blank">
                    WhatsApp
                  </a>
                </div>
              </>
            ) : (
              <p className="mt-1 text-stone-700">This seller's details are not available.</p>
            )}
          </section>
          <SafetyTips />
          {listing.moderation ? null : (
            <details className="mt-4 rounded-xl border border-stone-200 bg-white p-4">
              <summary className="cursor-pointer font-semibold text-stone-800">Report this listing</summary>
              <div className="mt-3">
                <ReportForm listingId={listing.id} />
              </div>
            </details>
          )}
        </div>
      </article>
      {alternatives.length ? (
        <section aria-labelledby="alternatives-heading" className="mt-8">
          <h2 id="alternatives-heading" className="section-title mb-3">
            Other {category.label.toLowerCase()} on Mandi
          </h2>
          <ListingGrid listings={alternatives} label={`Other ${category.label.toLowerCase()} on Mandi`} />
        </section>
      ) : null}
    </div>
  );
}
