import { Form, Link, useLocation } from "react-router";
import { LANGUAGE_NAMES } from "../../../core/i18n/languages";
// A file of its own (not inlined into the script as Vite does small assets): ~1 KB, cached for good.
import hindiWordUrl from "./language-switch-hindi.svg?no-inline";
import { useI18n } from "../i18n/i18n";
import { CatalogueSearchForm } from "../search/catalogue-search-form";
import { ProductSearchBox } from "../search/product-search-box";
import { useSignedInUser } from "../accounts/use-signed-in-user";

export function SiteHeader() {
  const user = useSignedInUser();
  const { lang, t } = useI18n();
  const other = lang === "hi" ? "en" : "hi";
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const onResults = location.pathname === "/viewmore";
  const q = onResults ? (params.get("q") ?? "") : "";
  const byName = params.get("by") === "name";

  return (
    <header className="border-b border-brand-800 bg-brand-700 text-white">
      <div className="page flex flex-col gap-2 py-2">
        <div className="flex min-h-12 items-center gap-2">
          <Link to="/" className="mr-auto shrink-0 rounded text-xl font-extrabold tracking-tight sm:text-2xl" aria-label={t("shell.home")}>
            Mandi<span className="text-saffron-500">.</span>
          </Link>
          <LanguageSwitch to={other} label={t("shell.switchToLabel")} back={location.pathname + location.search} />
          <nav aria-label={t("shell.account")} className="flex min-w-0 items-center gap-0.5 sm:gap-2">
            <Link
              // A seller's own things start from their name: My listings (which links to My account).
              to={user ? "/my/listings" : "/login"}
              className="min-w-0 max-w-28 truncate rounded px-1.5 py-2 font-semibold underline-offset-4 hover:underline sm:max-w-60 sm:px-2"
              aria-label={user ? t("shell.signedInAs", { name: user.name }) : undefined}
            >
              {user ? user.name : t("shell.login")}
            </Link>
            {/* How many listings saved searches found since the last visit (decision 022). */}
            {user ? (
              <Link to="/my/alerts" className="rounded px-1.5 py-2 font-semibold underline-offset-4 hover:underline sm:px-2">
                {user.alerts}
              </Link>
            ) : null}
            {user ? (
              <Form method="post" action="/logout">
                <button type="submit" className="rounded px-1.5 py-2 font-semibold underline-offset-4 hover:underline sm:px-2">
                  {t("shell.logout")}
                </button>
              </Form>
            ) : null}
            <Link to="/create" className="btn shrink-0 bg-saffron-500 px-3 text-stone-950 hover:bg-amber-400 sm:px-4">
              {t("shell.sell")}
            </Link>
          </nav>
        </div>
        <div className="grid gap-2 pb-1 md:grid-cols-2">
          <ProductSearchBox key={`name:${location.key}`} initialQuery={byName ? q : ""} />
          <CatalogueSearchForm key={`any:${location.key}`} initialQuery={byName ? "" : q} />
        </div>
      </div>
    </header>
  );
}

/**
 * The other language, one press away: a plain form (no JavaScript needed) whose answer sets the
 * `lang` cookie and comes back to this page. The button reads in the language it offers. On an
 * English page "हिन्दी" is drawn from outlines (an image), not text: as text it would make every
 * English page download the Devanagari font on a phone without one
 * (scripts/fonts/make-language-switch-glyphs.ts). The button's name is its aria-label.
 */
function LanguageSwitch({ to, label, back }: { to: "en" | "hi"; label: string; back: string }) {
  return (
    <form method="post" action="/language" className="shrink-0">
      <input type="hidden" name="lang" value={to} />
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        lang={to === "hi" ? "hi-IN" : "en-IN"}
        aria-label={label}
        className="rounded px-1.5 py-2 font-semibold underline underline-offset-4 sm:px-2"
      >
        {to === "hi" ? (
          // 2044 × 1304 font units at 1,000 to the em: the word's own width at the text's size.
          <img
            src={hindiWordUrl}
            alt=""
            width={2044}
            height={1304}
            className="inline-block h-[1.304em] w-auto border-b border-current align-middle"
          />
        ) : (
          LANGUAGE_NAMES[to]
        )}
      </button>
    </form>
  );
}
