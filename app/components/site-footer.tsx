import { Link } from "react-router";
// The links only, not the table of districts: every page carries the footer.
import { POPULAR_LOCATIONS } from "../../core/locations/popular";

const locationHref = (place: { state: string; district?: string }) =>
  `/viewmore?${new URLSearchParams({ state: place.state, ...(place.district ? { district: place.district } : {}) }).toString()}`;

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white text-sm text-stone-700">
      <div className="page grid grid-cols-2 gap-6 py-8 sm:grid-cols-4">
        <section aria-labelledby="footer-locations">
          <h2 id="footer-locations" className="mb-2 font-bold text-stone-900">
            Popular locations
          </h2>
          <ul className="space-y-1">
            {POPULAR_LOCATIONS.map((place) => (
              <li key={place.label}>
                <Link to={locationHref(place)} className="underline-offset-2 hover:underline">
                  {place.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="mb-2 font-bold text-stone-900">
            About us
          </h2>
          <ul className="space-y-1">
            <li>Mandi connects farmers and buyers directly.</li>
            <li>No middlemen, no commission.</li>
          </ul>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help" className="mb-2 font-bold text-stone-900">
            Help
          </h2>
          <ul className="space-y-1">
            <li>
              <Link to="/create" className="underline-offset-2 hover:underline">
                Sell your produce
              </Link>
            </li>
            <li>
              <Link to="/viewmore" className="underline-offset-2 hover:underline">
                Browse all products
              </Link>
            </li>
            <li>Call the seller to agree price and delivery.</li>
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-2 font-bold text-stone-900">
            Legal
          </h2>
          <ul className="space-y-1">
            <li>Terms of use</li>
            <li>Privacy: we show a seller's name and phone only on their listings.</li>
          </ul>
        </section>
      </div>
      <p className="border-t border-stone-200 py-4 text-center">© {new Date().getFullYear()} Mandi. All rights reserved.</p>
    </footer>
  );
}
