import { getCategory } from "../../core/categories";
import { formatShortDate, isoDate } from "../../core/dates";
import { formatPricePerKg } from "../../core/money";
import { formatPhone, whatsappLink } from "../../core/phone";
import { orErrorPage } from "../../server/http/app-errors";
import { PhoneIcon } from "../components/icons";
import { PhotoGallery } from "../components/photo-gallery";
import type { Route } from "./+types/view";

export async function loader({ params, context }: Route.LoaderArgs) {
  const listing = await orErrorPage(() => context.services.listings.getListing(params.id));
  return { listing };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: `${data.listing.name} — ${formatPricePerKg(data.listing.pricePaise)} — Mandi` },
        { name: "description", content: data.listing.description.slice(0, 160) },
      ]
    : [{ title: "Not found — Mandi" }];

export default function View({ loaderData }: Route.ComponentProps) {
  const { listing } = loaderData;
  const category = getCategory(listing.category);
  return (
    <article className="page grid gap-6 py-6 md:grid-cols-2">
      <PhotoGallery photos={listing.photos} name={listing.name} />
      <div className="min-w-0">
        <p className="text-3xl font-extrabold text-brand-800">{formatPricePerKg(listing.pricePaise)}</p>
        <h1 className="mt-1 text-2xl font-bold [overflow-wrap:anywhere]">{listing.name}</h1>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-700">
          <dt className="font-semibold">Category</dt>
          <dd>
            {category.label} <span lang="hi">({category.hindi})</span>
          </dd>
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
              <p className="mt-1 text-lg [overflow-wrap:anywhere]">{listing.seller.name}</p>
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
      </div>
    </article>
  );
}
