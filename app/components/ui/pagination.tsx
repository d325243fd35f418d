import { Link } from "react-router";
import { pageLinks } from "../../../core/shared/pagination";
import { useI18n } from "../../features/i18n/i18n";
import { StaticIsland } from "./static-island";

/** Pages shown either side of the current one: at most seven links, so they fit a 360 px phone. */
const WINDOW_RADIUS = 1;

/** Numbered page links around the current page; the URL keeps every other search parameter. Not hydrated (decision 039). */
export function Pagination({ page, pageCount, search }: { page: number; pageCount: number; search: URLSearchParams }) {
  const { lang, t } = useI18n();
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(n));
    return `?${params.toString()}`;
  };
  return (
    <StaticIsland as="nav" deps={[page, pageCount, search.toString(), lang]} aria-label={t("browse.pages")} className="mt-6">
      <ul className="flex flex-wrap justify-center gap-1.5">
        {pageLinks(page, pageCount, WINDOW_RADIUS).map((link, index) =>
          link === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className="flex size-10 items-center justify-center text-stone-500">
              …
            </li>
          ) : (
            <li key={link}>
              <Link
                to={href(link)}
                aria-label={t("browse.page", { page: link })}
                aria-current={link === page ? "page" : undefined}
                className={`flex size-10 items-center justify-center rounded-lg border font-semibold ${
                  link === page ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 bg-white hover:bg-stone-100"
                }`}
              >
                {link}
              </Link>
            </li>
          ),
        )}
      </ul>
    </StaticIsland>
  );
}
