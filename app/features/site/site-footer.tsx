import { Link } from "react-router";
// The links only, not the table of districts: every page carries the footer.
import { POPULAR_LOCATIONS } from "../../../core/locations/popular";
// Drawn on the server only (below), so the place tables stay out of the browser's bundle.
import { districtName, stateName } from "../../../core/locations";
import { useI18n } from "../i18n/i18n";
import { StaticIsland } from "../../components/ui/static-island";

const locationHref = (place: { state: string; district?: string }) =>
  `/viewmore?${new URLSearchParams({ state: place.state, ...(place.district ? { district: place.district } : {}) }).toString()}`;

/**
 * The same for the whole life of a page (a language change loads the page anew), so it is drawn
 * on the server only (decision 039): the root's Layout renders it once, outside any route or error
 * boundary, it is never hydrated, and its words and links are not in the browser's bundle.
 */
export function SiteFooter() {
  return (
    <StaticIsland as="footer" deps={[]} className="mt-auto border-t border-stone-200 bg-white text-sm text-stone-700">
      {import.meta.env.SSR ? <FooterContent /> : null}
    </StaticIsland>
  );
}

function FooterContent() {
  const { lang, t } = useI18n();
  return (
    <>
      <div className="page grid grid-cols-2 gap-6 py-8 sm:grid-cols-4">
        <section aria-labelledby="footer-locations">
          <h2 id="footer-locations" className="mb-2 font-bold text-stone-900">
            {t("footer.popularLocations")}
          </h2>
          <ul className="space-y-1">
            {POPULAR_LOCATIONS.map((place) => (
              <li key={place.label}>
                <Link to={locationHref(place)} className="underline-offset-2 hover:underline">
                  {lang === "en"
                    ? place.label
                    : lang === "hi"
                      ? place.hindiLabel
                      : place.district
                        ? districtName(place.state, place.district, lang)
                        : stateName(place.state, lang)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="mb-2 font-bold text-stone-900">
            {t("footer.about")}
          </h2>
          <ul className="space-y-1">
            <li>{t("footer.aboutConnects")}</li>
            <li>{t("footer.aboutNoCommission")}</li>
          </ul>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help" className="mb-2 font-bold text-stone-900">
            {t("footer.help")}
          </h2>
          <ul className="space-y-1">
            <li>
              <Link to="/create" className="underline-offset-2 hover:underline">
                {t("footer.sell")}
              </Link>
            </li>
            <li>
              <Link to="/viewmore" className="underline-offset-2 hover:underline">
                {t("footer.browse")}
              </Link>
            </li>
            <li>
              <Link to="/prices" className="underline-offset-2 hover:underline">
                {t("footer.prices")}
              </Link>
            </li>
            <li>{t("footer.call")}</li>
          </ul>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-2 font-bold text-stone-900">
            {t("footer.legal")}
          </h2>
          <ul className="space-y-1">
            <li>
              <Link to="/terms" className="underline-offset-2 hover:underline">
                {t("footer.terms")}
              </Link>
            </li>
            <li>
              <Link to="/terms#privacy" className="underline-offset-2 hover:underline">
                {t("footer.privacy")}
              </Link>
            </li>
          </ul>
        </section>
      </div>
      <p className="border-t border-stone-200 py-4 text-center">{t("footer.rights", { year: new Date().getFullYear() })}</p>
    </>
  );
}
