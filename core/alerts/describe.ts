/** A saved search in plain words, in a language (decision 022): for My alerts and email. */
import { CATALOGUES } from "../i18n/catalogues";
import { createTranslator, type MessageTree } from "../i18n/translate";
import type { Language } from "../i18n/languages";
import { describeSavedQuery, type SavedQuery } from "./saved-search";

export function describeInLanguage(query: SavedQuery, lang: Language): string {
  const c = CATALOGUES[lang];
  const t = createTranslator(lang, c as unknown as MessageTree);
  return describeSavedQuery(query, lang, {
    everything: c.alerts.everything,
    from: (price) => t("alerts.from", { price }),
    upTo: (price) => t("alerts.upTo", { price }),
    categoryLabel: (slug) => (c.category.label as Record<string, string>)[slug] ?? "",
    nearestTo: (place) => t("alerts.nearestTo", { place }),
    sortLabel: (sort) => c.browse[sort === "oldest" ? "oldest" : sort === "price-asc" ? "priceAsc" : "priceDesc"],
  });
}
