import type { Route } from "./+types/terms";
import { metaI18n, useI18n } from "../features/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("terms.title") }) }];
};

/**
 * /terms: the footer's "Terms of use" and its privacy line (issue 42). Plain words for a
 * marketplace that only connects buyers and sellers: Mandi is not a party to their deal.
 */
export default function Terms() {
  const { t } = useI18n();
  const sections = [
    ["terms-deals", t("terms.dealsTitle"), [t("terms.deals")]],
    ["terms-care", t("terms.careTitle"), [t("terms.care")]],
    ["terms-sellers", t("terms.sellersTitle"), [t("terms.sellers")]],
    ["terms-prices", t("terms.pricesTitle"), [t("terms.prices")]],
    ["privacy", t("terms.privacyTitle"), [t("terms.privacy"), t("terms.privacyDelete")]],
  ] as const;
  return (
    <div className="page max-w-2xl space-y-6 py-6">
      <h1 className="text-2xl font-bold">{t("terms.title")}</h1>
      <p>{t("terms.intro")}</p>
      {sections.map(([id, title, paragraphs]) => (
        <section key={id} aria-labelledby={`${id}-heading`} id={id} className="space-y-2">
          <h2 id={`${id}-heading`} className="text-lg font-bold">
            {title}
          </h2>
          {paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
