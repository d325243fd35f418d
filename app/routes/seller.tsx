import { useSearchParams } from "react-router";
import { z } from "zod";
import { formatShortDate, isoDate } from "../../core/dates";
import { formatPhone, whatsappLink } from "../../core/phone";
import { searchParamsToObject } from "../../core/schemas";
import { orErrorPage } from "../../server/route-helpers/app-errors";
import { Alert } from "../components/alert";
import { PhoneIcon } from "../components/icons";
import { ListingGrid } from "../components/listing-card";
import { Pagination } from "../components/pagination";
import type { Route } from "./+types/seller";

const querySchema = z.object({
  page: z.preprocess((v) => (typeof v === "string" && /^\d{1,6}$/.test(v) && Number(v) >= 1 ? Number(v) : 1), z.number()),
});

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const query = querySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  return orErrorPage(() => context.services.search.getSellerPage({ id: params.id, page: query.page }));
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `${data.seller.name} — seller on Mandi` : "Not found — Mandi" }];

export default function Seller({ loaderData }: Route.ComponentProps) {
  const { seller, items, total, moreThanTotal, page, pageCount } = loaderData;
  const [search] = useSearchParams();
  const where = seller.where;
  return (
    <div className="page py-6">
      <section aria-labelledby="seller-name" className="mb-6 rounded-xl border border-stone-200 bg-white p-4">
        <h1 id="seller-name" className="text-2xl font-bold [overflow-wrap:anywhere]">
          {seller.name}
        </h1>
        <p className="mt-1 text-stone-700">
          On Mandi since <time dateTime={isoDate(seller.createdAt)}>{formatShortDate(seller.createdAt)}</time>
          {where ? ` · ${where}` : ""}
        </p>
        <p className="mt-1 text-stone-700">{formatPhone(seller.phone)}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <a href={`tel:${seller.phone}`} className="btn-primary" aria-label={`Call seller ${seller.name} on ${formatPhone(seller.phone)}`}>
            <PhoneIcon /> Call seller
          </a>
          <a href={whatsappLink(seller.phone)} className="btn-secondary" rel="noopener noreferrer" target="_blank">
            WhatsApp
          </a>
        </div>
      </section>
      <h2 className="section-title mb-3">
        {total.toLocaleString("en-IN")}
        {moreThanTotal ? "+" : ""} {total === 1 && !moreThanTotal ? "listing" : "listings"} for sale
      </h2>
      {items.length ? (
        <>
          <ListingGrid listings={items} label={`Listings by ${seller.name}`} />
          <Pagination page={page} pageCount={pageCount} search={search} />
        </>
      ) : (
        <Alert tone="info">Nothing for sale from this seller right now.</Alert>
      )}
    </div>
  );
}
