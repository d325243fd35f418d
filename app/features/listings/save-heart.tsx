/**
 * The heart that saves a listing (issue 24, decision 023): a plain form posting to /my/saved, so
 * it works before (or without) JavaScript. Someone signed out is asked to log in and brought
 * back; /my/saved sends everyone back to the page they pressed it on. `aria-pressed` says
 * whether it is saved; the name stays "Save <listing>". Drawn by CSS (`heart-button`, app.css).
 *
 * Not on the home page's cards: its first visit's JavaScript is at its budget (decision 023), so
 * routes pass this to ListingGrid (search, a seller's page, a listing's alternatives).
 */
import { useI18n } from "../i18n/i18n";

export function SaveHeart({ listing, withText = false }: { listing: { id: string; name: string; saved?: boolean }; withText?: boolean }) {
  const { t } = useI18n();
  const saved = Boolean(listing.saved);
  return (
    <form method="post" action="/my/saved" className={withText ? "" : "absolute end-2 top-2"}>
      <input type="hidden" name="id" value={listing.id} />
      <input type="hidden" name="intent" value={saved ? "remove" : "save"} />
      {withText ? (
        <button type="submit" aria-pressed={saved} className="btn-secondary">
          <span aria-hidden="true" className="heart-icon" />
          {saved ? t("saved.savedButton") : t("saved.saveButton")}
        </button>
      ) : (
        <button type="submit" aria-pressed={saved} aria-label={t("saved.save", { name: listing.name })} className="heart-button" />
      )}
    </form>
  );
}
