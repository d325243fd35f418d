/** A saved search in plain words, in a language (decision 022): for My alerts and email. */
import { CATALOGUES } from "../i18n/catalogues";
import type { Language } from "../i18n/languages";
import { describeSavedQuery, type SavedQuery } from "./saved-search";

export function describeInLanguage(query: SavedQuery, lang: Language): string {
  const c = CATALOGUES[lang];
  return describeSavedQuery(query, lang, {
    everything: c.alerts.everything,
    from: (price) => c.alerts.from.replace("{{price}}", price),
    upTo: (price) => c.alerts.upTo.replace("{{price}}", price),
    categoryLabel: (slug) => (c.category.label as Record<string, string>)[slug] ?? "",
    nearestTo: (place) => c.alerts.nearestTo.replace("{{place}}", place),
    sortLabel: (sort) => c.browse[sort === "oldest" ? "oldest" : sort === "price-asc" ? "priceAsc" : "priceDesc"],
  });
}
